package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import java.io.IOException;

/**
 * Numbers the way OpenSearch's number mappers read them: from JSON, decimals and numeric strings
 * coerced, non-finite values refused; from a query, values converted with each failure worded as
 * OpenSearch words it.
 */
final class Numbers {
  private Numbers() {}

  /** A finite floating-point number from JSON for the type named {@code type}. */
  static double parseDouble(JsonParser p, JsonToken t, String type) throws IOException {
    double v;
    if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
      v = p.getDoubleValue();
    } else if (t == JsonToken.VALUE_STRING) {
      try {
        v = Double.parseDouble(p.getText().trim());
      } catch (NumberFormatException e) {
        throw new DuetException(
            400, "number_format_exception", "For input string: \"" + p.getText() + "\"");
      }
    } else {
      v = p.getDoubleValue();
    }
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      throw DuetException.illegalArgument(
          "[" + type + "] supports only finite values, but got [" + v + "]");
    }
    return v;
  }

  /** A whole number for an integer field; the value's own double when it is a decimal. */
  static Double decimal(Object value) {
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

  /** A query's value as a long; a {@code query_shard_exception} when it is not a number. */
  static long toLong(Object value, QueryContext context) {
    if (value instanceof Number n) {
      return n.longValue();
    }
    String s = String.valueOf(value);
    try {
      return Long.parseLong(s.trim());
    } catch (NumberFormatException e) {
      throw numberFailure(s, context);
    }
  }

  /** A query's value as a double; a {@code query_shard_exception} when it is not a number. */
  static double toDouble(Object value, QueryContext context) {
    if (value instanceof Number n) {
      return n.doubleValue();
    }
    String s = String.valueOf(value);
    try {
      return Double.parseDouble(s.trim());
    } catch (NumberFormatException e) {
      throw numberFailure(s, context);
    }
  }

  private static DuetException numberFailure(String text, QueryContext context) {
    String reason = "For input string: \"" + text + "\"";
    return context.failure(
        "failed to create query: " + reason,
        new DuetException(400, "number_format_exception", reason));
  }
}
