package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.LongField;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.SortedNumericDocValuesField;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;

/**
 * The integer types ({@code long}, {@code integer}, {@code short}, {@code byte}): values
 * range-checked per type and coerced from decimals and strings, indexed as long points and sorted
 * numerics; a decimal in a query matches nothing, as in OpenSearch.
 */
abstract class WholeNumberType extends NumberType {
  /** The smallest value the type holds. */
  abstract long min();

  /** The largest value the type holds. */
  abstract long max();

  /** The type as OpenSearch's range error names it ("an integer"). */
  abstract String article();

  /** A JSON integer token's value, range-checked as the type reads it. */
  long readInteger(JsonParser p) throws IOException {
    return checkRange(p.getIntValue(), p.getText());
  }

  /** The failure for a string that is no number; OpenSearch's long parser wraps it. */
  DuetException notANumber(String reason) {
    return new DuetException(400, "number_format_exception", reason);
  }

  @Override
  public boolean pointsEncodeDocValues() {
    return true;
  }

  @Override
  public DocValuesType docValuesType() {
    return DocValuesType.WHOLE;
  }

  @Override
  public Object sortMissing(boolean high) {
    return high ? max() : min();
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
    addLong(out, path, field, parse(p, t));
  }

  /** A JSON value of this type as a long. */
  long parse(JsonParser p, JsonToken t) throws IOException {
    return switch (t) {
      case VALUE_NUMBER_INT -> readInteger(p);
      case VALUE_NUMBER_FLOAT -> coerce(p.getDoubleValue(), p.getText());
      case VALUE_STRING -> parseText(p.getText());
      default -> p.getLongValue(); // Jackson's own error for booleans, as OpenSearch reports it
    };
  }

  /** A numeric string, coerced like OpenSearch ({@code "1.9"} → 1). */
  long parseText(String text) {
    String trimmed = text.trim();
    try {
      return checkRange(Long.parseLong(trimmed), text);
    } catch (NumberFormatException e) {
      try {
        return coerce(Double.parseDouble(trimmed), text);
      } catch (NumberFormatException e2) {
        throw notANumber("For input string: \"" + text + "\"");
      }
    }
  }

  private long coerce(double value, String text) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      throw DuetException.illegalArgument("For input string: \"" + text + "\"");
    }
    if (value > Long.MAX_VALUE || value < Long.MIN_VALUE) {
      throw DuetException.illegalArgument("Value [" + text + "] is out of range for a long");
    }
    return checkRange((long) value, text);
  }

  long checkRange(long value, String text) {
    if (value < min() || value > max()) {
      throw DuetException.illegalArgument("Value [" + text + "] is out of range for " + article());
    }
    return value;
  }

  @Override
  public Query termQuery(String name, FieldMapping field, Object value, QueryContext context) {
    Double d = Numbers.decimal(value);
    if (d != null && d != Math.rint(d)) {
      return new MatchNoDocsQuery("value has a decimal part");
    }
    long v = d != null ? d.longValue() : Numbers.toLong(value, context);
    return longRange(name, field, v, v);
  }

  @Override
  public Query termsQuery(
      String name, FieldMapping field, List<Object> values, QueryContext context) {
    long[] longs = new long[values.size()];
    int n = 0;
    for (Object value : values) {
      Double d = Numbers.decimal(value);
      if (d != null && d != Math.rint(d)) {
        continue; // a decimal matches no integer
      }
      longs[n++] = d != null ? d.longValue() : Numbers.toLong(value, context);
    }
    if (n == 0) {
      return MatchNoDocsQuery.INSTANCE;
    }
    return setQuery(name, field, Arrays.copyOf(longs, n));
  }

  /**
   * Documents holding any of {@code set}, by points, doc values or both as the field keeps them.
   */
  static Query setQuery(String name, FieldMapping field, long[] set) {
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
    long lo = Long.MIN_VALUE;
    long hi = Long.MAX_VALUE;
    if (lower != null) {
      double d = Numbers.toDouble(lower, context);
      if (includeLower) {
        lo = (long) Math.ceil(d);
      } else {
        if (d >= Long.MAX_VALUE) {
          return MatchNoDocsQuery.INSTANCE;
        }
        lo = (long) Math.floor(d) + 1;
      }
      if (d == Math.rint(d) && !(lower instanceof Double)) {
        long exact = Numbers.toLong(lower, context);
        lo = includeLower ? exact : exact + 1;
      }
    }
    if (upper != null) {
      double d = Numbers.toDouble(upper, context);
      if (includeUpper) {
        hi = (long) Math.floor(d);
      } else {
        if (d <= Long.MIN_VALUE) {
          return MatchNoDocsQuery.INSTANCE;
        }
        hi = (long) Math.ceil(d) - 1;
      }
      if (d == Math.rint(d) && !(upper instanceof Double)) {
        long exact = Numbers.toLong(upper, context);
        hi = includeUpper ? exact : exact - 1;
      }
    }
    return longRange(name, field, lo, hi);
  }

  @Override
  public Object sourceValue(Object value, FieldMapping field, String format) {
    return value instanceof Number n && !(value instanceof Double)
        ? (Object) n.longValue()
        : (Object) (long) Double.parseDouble(value.toString());
  }

  /** Adds a long as points and doc values, as the field's {@code index}/{@code doc_values} say. */
  static void addLong(List<IndexableField> out, String path, FieldMapping field, long v) {
    boolean indexed = indexed(field);
    boolean docValues = docValues(field);
    if (indexed && docValues) {
      out.add(new LongField(path, v, Field.Store.NO));
    } else if (indexed) {
      out.add(new LongPoint(path, v));
    } else if (docValues) {
      out.add(new SortedNumericDocValuesField(path, v));
    }
  }

  /** The query for longs in {@code [lo, hi]}, on points, doc values or both. */
  static Query longRange(String name, FieldMapping field, long lo, long hi) {
    boolean indexed = indexed(field);
    if (indexed && docValues(field)) {
      return LongField.newRangeQuery(name, lo, hi);
    }
    if (indexed) {
      return LongPoint.newRangeQuery(name, lo, hi);
    }
    return SortedNumericDocValuesField.newSlowRangeQuery(name, lo, hi);
  }
}
