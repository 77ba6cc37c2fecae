package dev.duet.engine.internal.source;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import dev.duet.engine.error.DuetException;
import java.util.Locale;
import java.util.Map;

/** Jackson's parse failures named the way OpenSearch 3.8 names them in error bodies. */
public final class JacksonErrors {
  private JacksonErrors() {}

  /** The failure as OpenSearch reports it: the exception, caused by its own base type. */
  public static DuetException toDuet(JsonProcessingException e) {
    String message = quoteTypes(e.getOriginalMessage()) + locationSuffix(e);
    String type;
    String baseType;
    if (e instanceof JsonEOFException) {
      type = "unexpected_end_of_input_exception";
      baseType = type;
    } else if (e instanceof JsonParseException) {
      type = "json_parse_exception";
      baseType = "stream_read_exception";
    } else {
      type = snakeCase(e.getClass().getSimpleName());
      baseType = type;
    }
    return new DuetException(
        400, type, message, Map.of(), new DuetException(400, baseType, message));
  }

  // OpenSearch 3.8's Jackson quotes the Java type in range errors: "out of range of `int`".
  private static String quoteTypes(String message) {
    if (message.startsWith("Duplicate field '") && message.endsWith("'")) {
      // ... and names duplicate keys the Jackson 3 way.
      return "Duplicate Object property \""
          + message.substring("Duplicate field '".length(), message.length() - 1)
          + "\"";
    }
    return message
        .replace("out of range of int (", "out of range of `int` (")
        .replace("out of range of long (", "out of range of `long` (");
  }

  private static String locationSuffix(JsonProcessingException e) {
    if (e.getLocation() == null) {
      return "";
    }
    return "\n at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled);"
        + " byte offset: #"
        + e.getLocation().getByteOffset()
        + "]";
  }

  public static String snakeCase(String className) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < className.length(); i++) {
      char c = className.charAt(i);
      if (Character.isUpperCase(c) && i > 0) {
        out.append('_');
      }
      out.append(Character.toLowerCase(c));
    }
    return out.toString().toLowerCase(Locale.ROOT);
  }
}
