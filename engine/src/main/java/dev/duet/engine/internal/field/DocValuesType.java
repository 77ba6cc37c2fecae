package dev.duet.engine.internal.field;

import dev.duet.engine.error.DuetException;
import java.math.BigInteger;
import org.apache.lucene.search.SortField;
import org.apache.lucene.util.NumericUtils;

/**
 * What a field type keeps in doc values, which decides how sorts, aggregations and collapsing read
 * it (the role of OpenSearch's values-source types): ordinals of terms, or sorted numerics holding
 * whole numbers, dates (epoch millis), booleans (0/1), doubles or floats (their sortable bits), or
 * unsigned 64-bit numbers (their bits with the sign flipped, {@link #UNSIGNED}), or a binary value
 * per document.
 */
public enum DocValuesType {
  NONE,
  ORDINALS,
  WHOLE,
  DATE,
  /** Epoch nanoseconds ({@code date_nanos}): sorted as longs, aggregated as epoch millis. */
  DATE_NANOS,
  BOOLEAN,
  DOUBLE,
  FLOAT,
  /**
   * {@code unsigned_long}: a value {@code v} in [0, 2^64) is kept as the long {@code v - 2^63}, so
   * that Lucene's signed order of the longs is the unsigned order of the values.
   */
  UNSIGNED,
  /** One binary value per document holding all its values ({@code binary}); not sortable. */
  BINARY;

  private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);

  /** Whether the values are sorted numerics. */
  public boolean numeric() {
    return this != NONE && this != ORDINALS && this != BINARY;
  }

  /** Whether the values are numbers proper (not dates or booleans). */
  public boolean number() {
    return this == WHOLE || this == DOUBLE || this == FLOAT || this == UNSIGNED;
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
      case UNSIGNED -> unsignedToDouble(raw);
      default -> raw;
    };
  }

  /**
   * A raw sorted-numeric value as its Java value: a Double, a Float or a Long (an unsigned value
   * past {@code Long.MAX_VALUE} as a BigInteger).
   */
  public Object decode(long raw) {
    return switch (this) {
      case DOUBLE -> NumericUtils.sortableLongToDouble(raw);
      case FLOAT -> NumericUtils.sortableIntToFloat((int) raw);
      case UNSIGNED -> unsigned(raw);
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
      case UNSIGNED -> encodeUnsigned(value);
      default -> value instanceof Number n ? n.longValue() : Long.parseLong(text);
    };
  }

  /** An unsigned doc value ({@link #UNSIGNED}) as its number: a Long, or a BigInteger past it. */
  public static Number unsigned(long raw) {
    long bits = raw ^ Long.MIN_VALUE;
    return bits >= 0 ? (Number) bits : new BigInteger(Long.toUnsignedString(bits));
  }

  /** An unsigned doc value ({@link #UNSIGNED}) as the nearest double. */
  public static double unsignedToDouble(long raw) {
    long bits = raw ^ Long.MIN_VALUE;
    // Past Long.MAX_VALUE: halve (keeping the low bit, so rounding stays right) and double back.
    return bits >= 0 ? (double) bits : (double) ((bits >>> 1) | (bits & 1)) * 2.0;
  }

  /** The doc value ({@link #UNSIGNED}) of an unsigned number in [0, 2^64). */
  public static long encodeUnsigned(BigInteger value) {
    return value.longValue() ^ Long.MIN_VALUE;
  }

  /**
   * The doc value ({@link #UNSIGNED}) of a whole number in [0, 2^64) given as a number or text;
   * throws {@link NumberFormatException} for what is no whole number, and OpenSearch's {@code
   * illegal_argument_exception} for one out of range.
   */
  public static long encodeUnsigned(Object value) {
    BigInteger v =
        switch (value) {
          case BigInteger b -> b;
          case Long l -> BigInteger.valueOf(l);
          case Integer i -> BigInteger.valueOf(i);
          default -> new BigInteger(String.valueOf(value).trim());
        };
    if (v.signum() < 0 || v.compareTo(TWO_TO_64) >= 0) {
      throw DuetException.illegalArgument(
          "Value [" + value + "] is out of range for an unsigned long");
    }
    return encodeUnsigned(v);
  }
}
