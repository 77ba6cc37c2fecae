package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Slice;
import java.io.IOException;
import java.util.Map;

/**
 * The search body's {@code slice}: {@code id}, {@code max} and {@code field}, checked as
 * OpenSearch's slice builder checks them while parsing, each failure at its value.
 */
public final class SliceDecoder {
  private SliceDecoder() {}

  /**
   * The {@code slice} of a body whose other keys are not read ({@code _search_shards}); null when
   * the body has none. The same checks and errors as the search body's.
   */
  public static Slice fromBody(byte[] data, int offset, int length) throws IOException {
    try (JsonParser p = Json.parser(data, offset, length)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw DuetException.badRequest("parse_exception", "request body must be a JSON object");
      }
      Slice slice = null;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String key = p.currentName();
        p.nextToken();
        if (key.equals("slice")) {
          slice = parse(p);
        } else {
          p.skipChildren();
        }
      }
      return slice;
    }
  }

  /** {@code slice}; the parser is on its first token. */
  static Slice parse(JsonParser p) throws IOException {
    if (p.currentToken() != JsonToken.START_OBJECT) {
      throw QueryErrors.error(
          p, "Unknown key for a " + Json.tokenName(p.currentToken()) + " in [slice].");
    }
    int id = Slice.UNSET;
    int max = Slice.UNSET;
    String field = null;
    while (p.nextToken() != JsonToken.END_OBJECT) {
      String key = p.currentName();
      String at = Json.location(p);
      p.nextToken();
      switch (key) {
        case "id" -> {
          id = intValue(p, "id");
          String problem = Slice.idProblem(id, max);
          if (problem != null) {
            throw failedToParse(p, "id", problem);
          }
        }
        case "max" -> {
          max = intValue(p, "max");
          String problem = Slice.maxProblem(id, max);
          if (problem != null) {
            throw failedToParse(p, "max", problem);
          }
        }
        case "field" -> field = p.getText();
        default ->
            throw DuetException.badRequest(
                "x_content_parse_exception", at + " [slice] unknown field [" + key + "]");
      }
    }
    return new Slice(id, max, field);
  }

  /** An int, or a string holding one, as OpenSearch's parser reads it; anything else refused. */
  private static int intValue(JsonParser p, String field) throws IOException {
    if (p.currentToken() == JsonToken.VALUE_NUMBER_INT) {
      return p.getIntValue();
    }
    String text = p.currentToken().isScalarValue() ? p.getText() : Json.tokenName(p.currentToken());
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw new DuetException(
          400,
          "x_content_parse_exception",
          Json.location(p) + " [slice] failed to parse field [" + field + "]",
          Map.of(),
          DuetException.badRequest(
              "number_format_exception", "For input string: \"" + text + "\""));
    }
  }

  private static DuetException failedToParse(JsonParser p, String field, String problem) {
    return new DuetException(
        400,
        "x_content_parse_exception",
        Json.location(p) + " [slice] failed to parse field [" + field + "]",
        Map.of(),
        DuetException.illegalArgument(problem));
  }
}
