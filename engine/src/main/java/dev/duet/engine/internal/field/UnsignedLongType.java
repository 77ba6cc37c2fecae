package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.document.LongField;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.SortedNumericDocValuesField;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;

/**
 * OpenSearch's {@code unsigned_long}: whole numbers from 0 to 2^64-1, given as numbers or strings
 * (decimals truncated, as OpenSearch coerces them). A value is indexed and kept in doc values as
 * the long {@code v - 2^63} ({@link DocValuesType#UNSIGNED}): one long point and one sorted numeric
 * per value, whose signed order is the values' order, so Lucene's long range and set queries, sorts
 * and skipping work on it unchanged. Hits, sort values and aggregation keys show the number itself
 * (a BigInteger past {@code Long.MAX_VALUE}).
 */
final class UnsignedLongType extends NumberType {
  static final String NAME = "unsigned_long";

  private static final BigInteger MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public DocValuesType docValuesType() {
    return DocValuesType.UNSIGNED;
  }

  // ---- indexing

  @Override
  public void index(
      JsonParser p,
      JsonToken t,
      String path,
      FieldMapping field,
      IndexContext context,
      List<IndexableField> out)
      throws IOException {
    BigInteger v =
        switch (t) {
          case VALUE_NUMBER_INT -> checkRange(p.getBigIntegerValue(), p.getText());
          case VALUE_NUMBER_FLOAT -> truncate(p.getDecimalValue(), p.getText());
          case VALUE_STRING -> parseText(p.getText());
          default -> BigInteger.valueOf(p.getLongValue()); // Jackson's own error, as OpenSearch's
        };
    WholeNumberType.addLong(out, path, field, DocValuesType.encodeUnsigned(v));
  }

  /** A numeric string as OpenSearch's unsigned parser reads it ({@code "1.9"} → 1). */
  private static BigInteger parseText(String text) {
    BigDecimal d;
    try {
      d = new BigDecimal(text.trim());
    } catch (NumberFormatException e) {
      throw DuetException.illegalArgument("For input string: \"" + text + "\"");
    }
    return truncate(d, text);
  }

  private static BigInteger truncate(BigDecimal value, String text) {
    return checkRange(value.setScale(0, RoundingMode.DOWN).toBigIntegerExact(), text);
  }

  private static BigInteger checkRange(BigInteger value, String text) {
    if (value.signum() < 0 || value.compareTo(MAX) > 0) {
      throw outOfRange(text);
    }
    return value;
  }

  private static DuetException outOfRange(String text) {
    return DuetException.illegalArgument(
        "Value [" + text + "] is out of range for an unsigned long");
  }

  // ---- queries

  @Override
  public Query termQuery(String name, FieldMapping field, Object value, QueryContext context) {
    BigDecimal d = queryValue(value, context);
    if (d.stripTrailingZeros().scale() > 0) {
      return new MatchNoDocsQuery("value has a decimal part");
    }
    long v = encode(d, value, context);
    return WholeNumberType.longRange(name, field, v, v);
  }

  @Override
  public Query termsQuery(
      String name, FieldMapping field, List<Object> values, QueryContext context) {
    long[] longs = new long[values.size()];
    int n = 0;
    // OpenSearch drops negative values from a list of plain longs, and fails on them otherwise.
    boolean longsOnly = values.stream().allMatch(v -> v instanceof Long || v instanceof Integer);
    for (Object value : values) {
      if (longsOnly && ((Number) value).longValue() < 0) {
        continue;
      }
      BigDecimal d = queryValue(value, context);
      if (d.stripTrailingZeros().scale() <= 0) {
        longs[n++] = encode(d, value, context);
      }
    }
    if (n == 0) {
      return MatchNoDocsQuery.INSTANCE;
    }
    long[] set = Arrays.copyOf(longs, n);
    boolean indexed = indexed(field);
    if (indexed && docValues(field)) {
      return LongField.newSetQuery(name, set);
    }
    return indexed
        ? LongPoint.newSetQuery(name, set)
        : SortedNumericDocValuesField.newSlowSetQuery(name, set);
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
    long lo = Long.MIN_VALUE; // 0
    long hi = Long.MAX_VALUE; // 2^64-1
    if (lower != null) {
      BigDecimal d = queryValue(lower, context);
      BigDecimal whole = d.setScale(0, includeLower ? RoundingMode.CEILING : RoundingMode.FLOOR);
      lo = encode(whole, lower, context);
      if (!includeLower) {
        if (lo == Long.MAX_VALUE) {
          return MatchNoDocsQuery.INSTANCE;
        }
        lo++;
      }
    }
    if (upper != null) {
      BigDecimal d = queryValue(upper, context);
      BigDecimal whole = d.setScale(0, includeUpper ? RoundingMode.FLOOR : RoundingMode.CEILING);
      hi = encode(whole, upper, context);
      if (!includeUpper) {
        if (hi == Long.MIN_VALUE) {
          return MatchNoDocsQuery.INSTANCE;
        }
        hi--;
      }
    }
    return WholeNumberType.longRange(name, field, lo, hi);
  }

  /** A query's value as a number; a {@code query_shard_exception} when it is none. */
  private static BigDecimal queryValue(Object value, QueryContext context) {
    if (value instanceof Long || value instanceof Integer) {
      return BigDecimal.valueOf(((Number) value).longValue());
    }
    if (value instanceof BigInteger b) {
      return new BigDecimal(b);
    }
    if (value instanceof Double || value instanceof Float) {
      double d = ((Number) value).doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        throw numberFailure(String.valueOf(value), context);
      }
      return BigDecimal.valueOf(d);
    }
    String text = String.valueOf(value);
    try {
      return new BigDecimal(text.trim());
    } catch (NumberFormatException e) {
      throw numberFailure(text, context);
    }
  }

  /** A whole query value as its doc value, failing as OpenSearch does past the type's range. */
  private static long encode(BigDecimal whole, Object original, QueryContext context) {
    BigInteger v = whole.toBigInteger();
    if (v.signum() < 0 || v.compareTo(MAX) > 0) {
      DuetException cause = outOfRange(String.valueOf(original));
      throw context.failure("failed to create query: " + cause.getMessage(), cause);
    }
    return DocValuesType.encodeUnsigned(v);
  }

  private static DuetException numberFailure(String text, QueryContext context) {
    String reason = "For input string: \"" + text + "\"";
    return context.failure(
        "failed to create query: " + reason,
        new DuetException(400, "number_format_exception", reason));
  }

  // ---- values shown in a hit

  @Override
  public Object docValue(long raw, FieldMapping field, String format) {
    Number v = DocValuesType.unsigned(raw);
    return format == null || format.equals("use_field_mapping")
        ? v
        : ValueFormats.number(v.doubleValue(), format);
  }

  @Override
  public Object sourceValue(Object value, FieldMapping field, String format) {
    BigInteger v =
        switch (value) {
          case BigInteger b -> checkRange(b, b.toString());
          case Long l -> checkRange(BigInteger.valueOf(l), l.toString());
          case Integer i -> checkRange(BigInteger.valueOf(i), i.toString());
          case Number n -> truncate(new BigDecimal(n.toString()), n.toString());
          default -> parseText(String.valueOf(value));
        };
    return v.bitLength() < 64 ? (Object) v.longValue() : v;
  }
}
