package dev.duet.engine.internal.field;

import org.apache.lucene.search.SortField;
import org.apache.lucene.util.NumericUtils;

/**
 * What a field type keeps in doc values, which decides how sorts, aggregations and collapsing read
 * it (the role of OpenSearch's values-source types): ordinals of terms, or sorted numerics holding
 * whole numbers, dates (epoch millis), booleans (0/1), doubles or floats (their sortable bits), or
 * a binary value per document.
 */
public enum DocValuesType {
  NONE,
  ORDINALS,
  WHOLE,
  DATE,
  BOOLEAN,
  DOUBLE,
  FLOAT,
  /** One binary value per document holding all its values ({@code binary}); not sortable. */
  BINARY;

  /** Whether the values are sorted numerics. */
  public boolean numeric() {
    return this != NONE && this != ORDINALS && this != BINARY;
  }

  /** Whether the values are numbers proper (not dates or booleans). */
  public boolean number() {
    return this == WHOLE || this == DOUBLE || this == FLOAT;
  }

  /** The Lucene sort type of the values. */
  public SortField.Type sortType() {
    return switch (this) {
      case DOUBLE -> SortField.Type.DOUBLE;
      case FLOAT -> SortField.Type.FLOAT;
      case ORDINALS -> SortField.Type.STRING;
      default -> SortField.Type.LONG;
    };
  }

  /** A raw sorted-numeric value as a double (a float widened as OpenSearch widens it). */
  public double toDouble(long raw) {
    return switch (this) {
      case DOUBLE -> NumericUtils.sortableLongToDouble(raw);
      case FLOAT -> NumericUtils.sortableIntToFloat((int) raw);
      default -> raw;
    };
  }

  /** A raw sorted-numeric value as its Java value: a Double, a Float or a Long. */
  public Object decode(long raw) {
    return switch (this) {
      case DOUBLE -> NumericUtils.sortableLongToDouble(raw);
      case FLOAT -> NumericUtils.sortableIntToFloat((int) raw);
      default -> raw;
    };
  }

  /** The largest or smallest value a sort of these values can hold. */
  public Object extreme(boolean high) {
    return switch (this) {
      case DOUBLE -> high ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
      case FLOAT -> high ? Float.POSITIVE_INFINITY : Float.NEGATIVE_INFINITY;
      default -> high ? Long.MAX_VALUE : Long.MIN_VALUE;
    };
  }

  /**
   * A sort's {@code missing} value as these values hold it; throws {@link NumberFormatException}.
   */
  public Object parse(Object value) {
    String text = String.valueOf(value);
    return switch (this) {
      case DOUBLE -> value instanceof Number n ? n.doubleValue() : Double.parseDouble(text);
      case FLOAT -> value instanceof Number n ? n.floatValue() : Float.parseFloat(text);
      default -> value instanceof Number n ? n.longValue() : Long.parseLong(text);
    };
  }
}
