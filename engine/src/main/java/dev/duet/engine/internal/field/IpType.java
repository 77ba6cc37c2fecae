package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.lucene.document.InetAddressPoint;
import org.apache.lucene.document.SortedSetDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.search.IndexOrDocValuesQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.util.BytesRef;

/**
 * OpenSearch's {@code ip}: an IPv4 or IPv6 address, indexed as an {@link InetAddressPoint} and kept
 * in sorted-set doc values as its 16-byte encoding (so sorts and terms order addresses, IPv4 among
 * the IPv4-mapped IPv6 ones), as OpenSearch's {@code IpFieldMapper} does. A term query takes an
 * address or a CIDR block; values show in OpenSearch's address form ({@code ::1}).
 */
final class IpType extends FieldType {
  static final String NAME = "ip";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<String> parameters() {
    return Set.of("null_value", "ignore_malformed", "boost");
  }

  @Override
  public List<String> parameterOrder() {
    return List.of("index", "doc_values", "store", "ignore_malformed", "null_value", "boost");
  }

  @Override
  public List<String> fixedParameters() {
    return List.of("index", "doc_values", "store", "null_value");
  }

  @Override
  public boolean holdsAddresses() {
    return true;
  }

  @Override
  public DocValuesType docValuesType() {
    return DocValuesType.ORDINALS;
  }

  @Override
  public void index(
      JsonParser p,
      JsonToken t,
      String path,
      FieldMapping field,
      IndexContext context,
      List<IndexableField> out)
      throws IOException {
    InetAddress address = IpAddresses.parse(p.getText());
    if (indexed(field)) {
      out.add(new InetAddressPoint(path, address));
    }
    byte[] encoded = InetAddressPoint.encode(address);
    if (docValues(field)) {
      out.add(new SortedSetDocValuesField(path, new BytesRef(encoded)));
    }
    if (Boolean.TRUE.equals(field.params().get("store"))) {
      out.add(new StoredField(path, encoded));
    }
  }

  @Override
  public Query termQuery(String name, FieldMapping field, Object value, QueryContext context) {
    String text = String.valueOf(value);
    InetAddress lower;
    InetAddress upper;
    try {
      if (text.contains("/")) {
        InetAddress[] block = IpAddresses.cidr(text);
        lower = block[0];
        upper = block[1];
      } else {
        lower = upper = IpAddresses.parse(text);
      }
    } catch (DuetException e) {
      throw context.failure("failed to create query: " + e.reason(), e);
    }
    return range(name, field, lower, upper);
  }

  @Override
  public Query termsQuery(
      String name, FieldMapping field, List<Object> values, QueryContext context) {
    List<InetAddress> addresses = new ArrayList<>(values.size());
    for (Object value : values) {
      String text = String.valueOf(value);
      if (text.contains("/")) {
        return null; // a CIDR block among them: the caller combines term queries
      }
      try {
        addresses.add(IpAddresses.parse(text));
      } catch (DuetException e) {
        throw context.failure("failed to create query: " + e.reason(), e);
      }
    }
    InetAddress[] set = addresses.toArray(InetAddress[]::new);
    if (!indexed(field)) {
      BytesRef[] terms = new BytesRef[set.length];
      for (int i = 0; i < set.length; i++) {
        terms[i] = new BytesRef(InetAddressPoint.encode(set[i]));
      }
      return SortedSetDocValuesField.newSlowSetQuery(name, List.of(terms));
    }
    return InetAddressPoint.newSetQuery(name, set);
  }

  @Override
  public Query rangeQuery(
      String name,
      FieldMapping field,
      Object lower,
      Object upper,
      boolean includeLower,
      boolean includeUpper,
      String format,
      QueryContext context) {
    InetAddress lo = InetAddressPoint.MIN_VALUE;
    InetAddress hi = InetAddressPoint.MAX_VALUE;
    try {
      if (lower != null) {
        lo = IpAddresses.parse(String.valueOf(lower));
        if (!includeLower) {
          if (lo.equals(InetAddressPoint.MAX_VALUE)) {
            return new MatchNoDocsQuery("nothing above the largest address");
          }
          lo = InetAddressPoint.nextUp(lo);
        }
      }
      if (upper != null) {
        hi = IpAddresses.parse(String.valueOf(upper));
        if (!includeUpper) {
          if (hi.equals(InetAddressPoint.MIN_VALUE)) {
            return new MatchNoDocsQuery("nothing below the smallest address");
          }
          hi = InetAddressPoint.nextDown(hi);
        }
      }
    } catch (DuetException e) {
      throw context.failure("failed to create query: " + e.reason(), e);
    }
    return range(name, field, lo, hi);
  }

  /** Addresses in {@code [lower, upper]}: on points, doc values, or the cheaper of both. */
  private static Query range(
      String name, FieldMapping field, InetAddress lower, InetAddress upper) {
    boolean indexed = indexed(field);
    boolean docValues = docValues(field);
    Query points = indexed ? InetAddressPoint.newRangeQuery(name, lower, upper) : null;
    Query slow =
        docValues
            ? SortedSetDocValuesField.newSlowRangeQuery(
                name,
                new BytesRef(InetAddressPoint.encode(lower)),
                new BytesRef(InetAddressPoint.encode(upper)),
                true,
                true)
            : null;
    if (points != null && slow != null) {
      return new IndexOrDocValuesQuery(points, slow);
    }
    return points != null ? points : slow;
  }

  @Override
  public Object docValue(BytesRef term, FieldMapping field, String format) {
    return IpAddresses.format(term);
  }

  @Override
  public BytesRef docValueTerm(Object value, FieldMapping field) {
    return IpAddresses.encode(String.valueOf(value));
  }

  @Override
  public Object sourceValue(Object value, FieldMapping field, String format) {
    return IpAddresses.format(IpAddresses.parse(String.valueOf(value)));
  }
}
