package dev.duet.adaptor;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * OpenSearch's REST error JSON read back into a {@link DuetException}: {@code type}, {@code
 * reason}, scalar extra keys as metadata and the {@code caused_by} chain — what the gRPC status's
 * code and structured details are made of (its description carries the REST JSON as it came).
 * Structured extras (a search phase's {@code failed_shards}) are not kept.
 */
final class RestErrorJson {
  private RestErrorJson() {}

  /** A whole error document, {@code {"error":{..}|"message","status":N}}. */
  static DuetException document(int httpStatus, byte[] body) {
    try (JsonParser p = SearchResponseJson.JSON.createParser(body)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return unparsed(httpStatus, body);
      }
      DuetException error = null;
      String message = null;
      int status = httpStatus;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken value = p.nextToken();
        if (name.equals("error") && value == JsonToken.START_OBJECT) {
          error = object(p, httpStatus);
        } else if (name.equals("error") && value == JsonToken.VALUE_STRING) {
          message = p.getText();
        } else if (name.equals("status") && value == JsonToken.VALUE_NUMBER_INT) {
          status = p.getIntValue();
        } else {
          p.skipChildren();
        }
      }
      if (error != null) {
        return status == error.status() ? error : withStatus(error, status);
      }
      return message != null
          ? new DuetException(status, "exception", message)
          : unparsed(httpStatus, body);
    } catch (IOException e) {
      return unparsed(httpStatus, body);
    }
  }

  /** One error object, the parser on its START_OBJECT; leaves it on the matching END_OBJECT. */
  static DuetException object(JsonParser p, int status) throws IOException {
    String type = "exception";
    String reason = "";
    Map<String, String> metadata = new LinkedHashMap<>();
    DuetException cause = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken value = p.nextToken();
      switch (name) {
        case "type" -> type = p.getText();
        case "reason" -> reason = value == JsonToken.VALUE_NULL ? "" : p.getText();
        case "caused_by" -> cause = value == JsonToken.START_OBJECT ? object(p, status) : null;
        default -> {
          if (value.isScalarValue() && value != JsonToken.VALUE_NULL) {
            metadata.put(name, p.getText());
          } else {
            p.skipChildren();
          }
        }
      }
    }
    return new DuetException(status, type, reason, metadata, cause);
  }

  private static DuetException withStatus(DuetException e, int status) {
    return new DuetException(status, e.type(), e.reason(), e.metadata(), e.causedBy());
  }

  private static DuetException unparsed(int status, byte[] body) {
    String text = new String(body, java.nio.charset.StandardCharsets.UTF_8);
    return new DuetException(
        status, "exception", "upstream answered " + status + (text.isEmpty() ? "" : ": " + text));
  }
}
