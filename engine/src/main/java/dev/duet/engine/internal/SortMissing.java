package dev.duet.engine.internal;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.SortSpec;
import org.apache.lucene.search.SortField;

/**
 * Where a sort key puts documents without a value ({@code missing}): last by default, first with
 * {@code _first}, as the type's extreme (numbers: an {@code integer} field's extremes are {@code
 * int}'s, as OpenSearch reports them), or at a value the request gives.
 */
final class SortMissing {
  private SortMissing() {}

  /** The missing value of a numeric key: a Long, Double or Float by the field's type. */
  static Object numeric(SortSpec spec, String type, boolean reverse) {
    Object custom = spec.missingValue();
    if (custom != null) {
      return parse(custom, type);
    }
    boolean high = reverse == spec.missingFirst();
    return switch (type) {
      case "double" -> high ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
      case "float" -> high ? Float.POSITIVE_INFINITY : Float.NEGATIVE_INFINITY;
      case "integer" -> (long) (high ? Integer.MAX_VALUE : Integer.MIN_VALUE);
      case "short" -> (long) (high ? Short.MAX_VALUE : Short.MIN_VALUE);
      case "byte" -> (long) (high ? Byte.MAX_VALUE : Byte.MIN_VALUE);
      default -> high ? Long.MAX_VALUE : Long.MIN_VALUE;
    };
  }

  /** The missing value of a keyword key: Lucene's first or last marker. */
  static Object keyword(SortSpec spec, boolean reverse) {
    if (spec.missingValue() != null) {
      throw DuetException.illegalArgument(
          "[missing] with a value on a keyword sort is not supported by Duet yet");
    }
    return reverse != spec.missingFirst() ? SortField.STRING_FIRST : SortField.STRING_LAST;
  }

  private static Object parse(Object value, String type) {
    String text = String.valueOf(value);
    try {
      return switch (type) {
        case "double" -> value instanceof Number n ? n.doubleValue() : Double.parseDouble(text);
        case "float" -> value instanceof Number n ? n.floatValue() : Float.parseFloat(text);
        default -> value instanceof Number n ? n.longValue() : Long.parseLong(text);
      };
    } catch (NumberFormatException e) {
      // OpenSearch lets the JDK's exception through on the shard.
      throw new DuetException(400, "number_format_exception", e.getMessage());
    }
  }
}
