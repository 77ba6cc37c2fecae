package dev.duet.engine.internal.query;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.document.FieldIndexer;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.document.Normalizers;
import dev.duet.engine.mapping.DateFormats;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.Query.Range;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.document.DoubleField;
import org.apache.lucene.document.DoublePoint;
import org.apache.lucene.document.FloatField;
import org.apache.lucene.document.FloatPoint;
import org.apache.lucene.document.LongField;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.SortedNumericDocValuesField;
import org.apache.lucene.document.SortedSetDocValuesField;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TermRangeQuery;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.NumericUtils;

/**
 * Term and range queries for one mapped field, by its type: values are converted the way OpenSearch
 * converts them (decimals against integer fields, dates with rounding, booleans), and a value the
 * field cannot hold is a {@code query_shard_exception} naming the index.
 */
public final class FieldQueries {
  private final MappingLookup lookup;
  private final String index;
  private final String uuid;

  FieldQueries(MappingLookup lookup, String index, String uuid) {
    this.lookup = lookup;
    this.index = index;
    this.uuid = uuid;
  }

  Query term(String name, Object value) {
    if (name.equals(MetaFields.ID)) {
      // OpenSearch matches ids as a term set: every hit scores its boost, no BM25.
      return new ConstantScoreQuery(new TermQuery(new Term(MetaFields.ID, String.valueOf(value))));
    }
    if (name.equals(FieldIndexer.IGNORED)) {
      return new TermQuery(new Term(FieldIndexer.IGNORED, String.valueOf(value)));
    }
    FieldMapping field = lookup.leaf(name);
    if (field == null) {
      return new MatchNoDocsQuery("unmapped field [" + name + "]");
    }
    boolean indexed = indexed(field);
    boolean docValues = docValues(field);
    requireSearchable(name, field);
    switch (field.type()) {
      case "text" -> {
        requireIndexed(name, field);
        return new TermQuery(new Term(name, String.valueOf(value)));
      }
      case "keyword" -> {
        String v = Normalizers.apply(lookup.normalizer(name), name, String.valueOf(value));
        if (indexed) {
          // Keyword terms score their boost, as OpenSearch's KeywordFieldMapper builds them.
          return new ConstantScoreQuery(new TermQuery(new Term(name, v)));
        }
        return SortedSetDocValuesField.newSlowExactQuery(name, new BytesRef(v));
      }
      case "long", "integer", "short", "byte" -> {
        Double d = toDouble(value);
        if (d != null && d != Math.rint(d)) {
          return new MatchNoDocsQuery("value has a decimal part");
        }
        long v = d != null ? d.longValue() : toLong(value);
        return longRange(name, v, v, indexed, docValues);
      }
      case "date" -> {
        return dateRange(name, field, value, value, true, true, null);
      }
      case "double" -> {
        double v = toDoubleOrFail(value);
        return doubleRange(name, v, v, indexed, docValues);
      }
      case "float" -> {
        float v = (float) toDoubleOrFail(value);
        return floatRange(name, v, v, indexed, docValues);
      }
      case "boolean" -> {
        boolean v = toBoolean(value);
        if (indexed) {
          return new TermQuery(new Term(name, v ? "T" : "F"));
        }
        return SortedNumericDocValuesField.newSlowExactQuery(name, v ? 1 : 0);
      }
      default -> {
        return MatchNoDocsQuery.INSTANCE;
      }
    }
  }

  /**
   * A set query for integer and double fields ({@code terms}), or null when the type has none and
   * the caller should combine exact queries.
   */
  Query numericSet(String name, FieldMapping field, List<Object> values) {
    boolean indexed = indexed(field);
    boolean docValues = docValues(field);
    switch (field.type()) {
      case "long", "integer", "short", "byte" -> {
        long[] longs = new long[values.size()];
        int n = 0;
        for (Object value : values) {
          Double d = toDouble(value);
          if (d != null && d != Math.rint(d)) {
            continue; // a decimal matches no integer
          }
          longs[n++] = d != null ? d.longValue() : toLong(value);
        }
        if (n == 0) {
          return MatchNoDocsQuery.INSTANCE;
        }
        long[] set = Arrays.copyOf(longs, n);
        if (indexed && docValues) {
          return LongField.newSetQuery(name, set);
        }
        return indexed
            ? LongPoint.newSetQuery(name, set)
            : SortedNumericDocValuesField.newSlowSetQuery(name, set);
      }
      case "double" -> {
        if (!indexed) {
          return null;
        }
        double[] doubles = new double[values.size()];
        for (int i = 0; i < doubles.length; i++) {
          doubles[i] = toDoubleOrFail(values.get(i));
        }
        return docValues
            ? DoubleField.newSetQuery(name, doubles)
            : DoublePoint.newSetQuery(name, doubles);
      }
      default -> {
        return null;
      }
    }
  }

  Query range(Range r) {
    FieldMapping field = lookup.leaf(r.field());
    if (field == null) {
      return new MatchNoDocsQuery("unmapped field [" + r.field() + "]");
    }
    String name = r.field();
    Object lower = r.gt() != null ? r.gt() : r.gte();
    Object upper = r.lt() != null ? r.lt() : r.lte();
    boolean includeLower = r.gt() == null;
    boolean includeUpper = r.lt() == null;
    boolean indexed = indexed(field);
    boolean docValues = docValues(field);
    requireSearchable(name, field);
    switch (field.type()) {
      case "long", "integer", "short", "byte" -> {
        long lo = Long.MIN_VALUE;
        long hi = Long.MAX_VALUE;
        if (lower != null) {
          double d = toDoubleOrFail(lower);
          if (includeLower) {
            lo = (long) Math.ceil(d);
          } else {
            if (d >= Long.MAX_VALUE) {
              return MatchNoDocsQuery.INSTANCE;
            }
            lo = (long) Math.floor(d) + 1;
          }
          if (d == Math.rint(d) && !(lower instanceof Double)) {
            long exact = toLong(lower);
            lo = includeLower ? exact : exact + 1;
          }
        }
        if (upper != null) {
          double d = toDoubleOrFail(upper);
          if (includeUpper) {
            hi = (long) Math.floor(d);
          } else {
            if (d <= Long.MIN_VALUE) {
              return MatchNoDocsQuery.INSTANCE;
            }
            hi = (long) Math.ceil(d) - 1;
          }
          if (d == Math.rint(d) && !(upper instanceof Double)) {
            long exact = toLong(upper);
            hi = includeUpper ? exact : exact - 1;
          }
        }
        return longRange(name, lo, hi, indexed, docValues);
      }
      case "date" -> {
        return dateRange(name, field, lower, upper, includeLower, includeUpper, r.format());
      }
      case "double" -> {
        double lo = lower == null ? Double.NEGATIVE_INFINITY : toDoubleOrFail(lower);
        double hi = upper == null ? Double.POSITIVE_INFINITY : toDoubleOrFail(upper);
        lo = includeLower || lower == null ? lo : Math.nextUp(lo);
        hi = includeUpper || upper == null ? hi : Math.nextDown(hi);
        return doubleRange(name, lo, hi, indexed, docValues);
      }
      case "float" -> {
        float lo = lower == null ? Float.NEGATIVE_INFINITY : (float) toDoubleOrFail(lower);
        float hi = upper == null ? Float.POSITIVE_INFINITY : (float) toDoubleOrFail(upper);
        lo = includeLower || lower == null ? lo : Math.nextUp(lo);
        hi = includeUpper || upper == null ? hi : Math.nextDown(hi);
        return floatRange(name, lo, hi, indexed, docValues);
      }
      case "boolean" -> {
        long lo = lower == null ? 0 : (toBoolean(lower) ? 1 : 0) + (includeLower ? 0 : 1);
        long hi = upper == null ? 1 : (toBoolean(upper) ? 1 : 0) - (includeUpper ? 0 : 1);
        return SortedNumericDocValuesField.newSlowRangeQuery(name, lo, hi);
      }
      default -> {
        BytesRef lo = lower == null ? null : new BytesRef(String.valueOf(lower));
        BytesRef hi = upper == null ? null : new BytesRef(String.valueOf(upper));
        if (field.type().equals("keyword") && !indexed) {
          return SortedSetDocValuesField.newSlowRangeQuery(
              name, lo, hi, includeLower, includeUpper);
        }
        return new TermRangeQuery(name, lo, hi, includeLower, includeUpper);
      }
    }
  }

  private Query dateRange(
      String name,
      FieldMapping field,
      Object lower,
      Object upper,
      boolean includeLower,
      boolean includeUpper,
      String format) {
    Object own = field.params().get("format");
    DateFormats formats =
        DateFormats.of(format != null ? format : own == null ? null : own.toString());
    long lo = Long.MIN_VALUE;
    long hi = Long.MAX_VALUE;
    if (lower != null) {
      lo = includeLower ? parseDate(formats, lower, false) : parseDate(formats, lower, true) + 1;
    }
    if (upper != null) {
      hi = includeUpper ? parseDate(formats, upper, true) : parseDate(formats, upper, false) - 1;
    }
    return longRange(name, lo, hi, indexed(field), docValues(field));
  }

  private static long parseDate(DateFormats formats, Object value, boolean roundUp) {
    if (value instanceof Number n && formats.format().contains("epoch_millis")) {
      return n.longValue();
    }
    String text = String.valueOf(value);
    try {
      return DateMath.parse(text, formats, roundUp);
    } catch (DuetException e) {
      throw new DuetException(
          400, "parse_exception", e.reason() + ": [" + e.reason() + "]", Map.of(), e);
    }
  }

  private static Query longRange(
      String name, long lo, long hi, boolean indexed, boolean docValues) {
    if (indexed && docValues) {
      return LongField.newRangeQuery(name, lo, hi);
    }
    if (indexed) {
      return LongPoint.newRangeQuery(name, lo, hi);
    }
    return SortedNumericDocValuesField.newSlowRangeQuery(name, lo, hi);
  }

  private static Query doubleRange(
      String name, double lo, double hi, boolean indexed, boolean docValues) {
    if (indexed && docValues) {
      return DoubleField.newRangeQuery(name, lo, hi);
    }
    if (indexed) {
      return DoublePoint.newRangeQuery(name, lo, hi);
    }
    return SortedNumericDocValuesField.newSlowRangeQuery(
        name, NumericUtils.doubleToSortableLong(lo), NumericUtils.doubleToSortableLong(hi));
  }

  private static Query floatRange(
      String name, float lo, float hi, boolean indexed, boolean docValues) {
    if (indexed && docValues) {
      return FloatField.newRangeQuery(name, lo, hi);
    }
    if (indexed) {
      return FloatPoint.newRangeQuery(name, lo, hi);
    }
    return SortedNumericDocValuesField.newSlowRangeQuery(
        name, NumericUtils.floatToSortableInt(lo), NumericUtils.floatToSortableInt(hi));
  }

  static boolean indexed(FieldMapping field) {
    return !Boolean.FALSE.equals(field.params().get("index"));
  }

  private static boolean docValues(FieldMapping field) {
    return !Boolean.FALSE.equals(field.params().get("doc_values"));
  }

  /** Fields with neither an index nor doc values cannot be queried at all. */
  void requireSearchable(String name, FieldMapping field) {
    if (!field.type().equals("text") && !indexed(field) && !docValues(field)) {
      String reason =
          "Cannot search on field ["
              + name
              + "] since it is both not indexed, and does not have doc_values enabled.";
      throw failure("failed to create query: " + reason, DuetException.illegalArgument(reason));
    }
  }

  void requireIndexed(String name, FieldMapping field) {
    if (!indexed(field)) {
      throw failure(
          "failed to create query: Cannot search on field [" + name + "] since it is not indexed.",
          DuetException.illegalArgument(
              "Cannot search on field [" + name + "] since it is not indexed."));
    }
  }

  /** A whole number for an integer field; the value's own double when it is a decimal. */
  private static Double toDouble(Object value) {
    if (value instanceof Double d) {
      return d;
    }
    if (value instanceof Float f) {
      return f.doubleValue();
    }
    if (value instanceof String s && (s.indexOf('.') >= 0 || s.indexOf('e') >= 0)) {
      try {
        return Double.parseDouble(s.trim());
      } catch (NumberFormatException e) {
        return null;
      }
    }
    return null;
  }

  private long toLong(Object value) {
    if (value instanceof Number n) {
      return n.longValue();
    }
    String s = String.valueOf(value);
    try {
      return Long.parseLong(s.trim());
    } catch (NumberFormatException e) {
      throw numberFailure(s);
    }
  }

  private double toDoubleOrFail(Object value) {
    if (value instanceof Number n) {
      return n.doubleValue();
    }
    String s = String.valueOf(value);
    try {
      return Double.parseDouble(s.trim());
    } catch (NumberFormatException e) {
      throw numberFailure(s);
    }
  }

  private boolean toBoolean(Object value) {
    if (value instanceof Boolean b) {
      return b;
    }
    String s = String.valueOf(value);
    if (s.equals("true")) {
      return true;
    }
    if (s.equals("false")) {
      return false;
    }
    String reason = "Can't parse boolean value [" + s + "], expected [true] or [false]";
    throw failure("failed to create query: " + reason, DuetException.illegalArgument(reason));
  }

  private DuetException numberFailure(String text) {
    String reason = "For input string: \"" + text + "\"";
    return failure(
        "failed to create query: " + reason,
        new DuetException(400, "number_format_exception", reason));
  }

  /**
   * OpenSearch's {@code query_shard_exception} for this index, with the cause when there is one.
   */
  DuetException failure(String reason, DuetException cause) {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("index", index);
    meta.put("index_uuid", uuid);
    return new DuetException(400, "query_shard_exception", reason, meta, cause);
  }
}
