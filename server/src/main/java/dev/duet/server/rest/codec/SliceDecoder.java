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
final class SliceDecoder {
  private SliceDecoder() {}

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
          id = p.getValueAsInt();
          String problem = Slice.idProblem(id, max);
          if (problem != null) {
            throw failedToParse(p, "id", problem);
          }
        }
        case "max" -> {
          max = p.getValueAsInt();
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

  private static DuetException failedToParse(JsonParser p, String field, String problem) {
    return new DuetException(
        400,
        "x_content_parse_exception",
        Json.location(p) + " [slice] failed to parse field [" + field + "]",
        Map.of(),
        DuetException.illegalArgument(problem));
  }
}
