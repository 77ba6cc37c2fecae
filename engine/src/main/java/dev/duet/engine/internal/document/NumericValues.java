package dev.duet.engine.internal.document;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import java.io.IOException;
import java.util.Map;

/**
 * Numbers from JSON the way OpenSearch's number mappers read them: integers range-checked per type
 * ({@code byte}, {@code short}, {@code integer}, {@code long}), decimals and numeric strings
 * coerced, non-finite floating values refused, each failure worded as OpenSearch words it.
 */
public final class NumericValues {
  private NumericValues() {}

  static long parseLong(JsonParser p, JsonToken t, String type) throws IOException {
    switch (t) {
      case VALUE_NUMBER_INT -> {
        return switch (type) {
          case "long" -> p.getLongValue();
          case "integer" -> p.getIntValue();
          case "short" -> shortValue(p);
          default -> checkRange(p.getIntValue(), type, p.getText());
        };
      }
      case VALUE_NUMBER_FLOAT -> {
        return coerce(p.getDoubleValue(), type, p.getText());
      }
      case VALUE_STRING -> {
        return parseLongText(p.getText(), type);
      }
      default -> {
        return p.getLongValue(); // Jackson's own error for booleans, as OpenSearch reports it
      }
    }
  }

  private static long shortValue(JsonParser p) throws IOException {
    int value = p.getIntValue();
    if (value < Short.MIN_VALUE || value > Short.MAX_VALUE) {
      // OpenSearch reads shorts through Jackson's own range check; report it in the same words.
      String message =
          "Numeric value ("
              + p.getText()
              + ") out of range of `short` (-32768 - 32767)\n at [Source: REDACTED"
              + " (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); byte offset: #"
              + p.currentLocation().getByteOffset()
              + "]";
      throw new DuetException(
          400,
          "input_coercion_exception",
          message,
          Map.of(),
          new DuetException(400, "input_coercion_exception", message));
    }
    return value;
  }

  /** A numeric string for an integer type, coerced like OpenSearch ({@code "1.9"} → 1). */
  static long parseLongText(String text, String type) {
    String trimmed = text.trim();
    try {
      return checkRange(Long.parseLong(trimmed), type, text);
    } catch (NumberFormatException e) {
      try {
        return coerce(Double.parseDouble(trimmed), type, text);
      } catch (NumberFormatException e2) {
        String reason = "For input string: \"" + text + "\"";
        // OpenSearch's long parser wraps the failure; the narrower types let it through.
        throw type.equals("long")
            ? DuetException.illegalArgument(reason)
            : new DuetException(400, "number_format_exception", reason);
      }
    }
  }

  private static long coerce(double value, String type, String text) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      throw DuetException.illegalArgument("For input string: \"" + text + "\"");
    }
    if (value > Long.MAX_VALUE || value < Long.MIN_VALUE) {
      throw DuetException.illegalArgument("Value [" + text + "] is out of range for a long");
    }
    return checkRange((long) value, type, text);
  }

  private static long checkRange(long value, String type, String text) {
    long min;
    long max;
    String article;
    switch (type) {
      case "integer" -> {
        min = Integer.MIN_VALUE;
        max = Integer.MAX_VALUE;
        article = "an integer";
      }
      case "short" -> {
        min = Short.MIN_VALUE;
        max = Short.MAX_VALUE;
        article = "a short";
      }
      case "byte" -> {
        min = Byte.MIN_VALUE;
        max = Byte.MAX_VALUE;
        article = "a byte";
      }
      default -> {
        return value;
      }
    }
    if (value < min || value > max) {
      throw DuetException.illegalArgument("Value [" + text + "] is out of range for " + article);
    }
    return value;
  }

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
    if (type.equals("float") && Float.isInfinite((float) v)) {
      throw DuetException.illegalArgument(
          "[float] supports only finite values, but got [" + (float) v + "]");
    }
    return v;
  }
}
