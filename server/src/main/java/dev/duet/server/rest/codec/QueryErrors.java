package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Query;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * OpenSearch's query parse failures ({@code parsing_exception} with {@code line} and {@code col})
 * and the lenient value readers its query parsers use.
 */
final class QueryErrors {
  private QueryErrors() {}

  static float floatValue(JsonParser p) throws IOException {
    if (p.currentToken().isNumeric()) {
      return p.getFloatValue();
    }
    try {
      return Float.parseFloat(p.getText());
    } catch (NumberFormatException e) {
      throw error(p, "[boost] expected a number but found [" + p.getText() + "]");
    }
  }

  static boolean booleanValue(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.VALUE_TRUE || t == JsonToken.VALUE_FALSE) {
      return t == JsonToken.VALUE_TRUE;
    }
    String text = p.getText();
    if (text.equals("true") || text.equals("false")) {
      return text.equals("true");
    }
    throw DuetException.illegalArgument(
        "Failed to parse value [" + text + "] as only [true] or [false] are allowed.");
  }

  static void checkSingleField(JsonParser p, String query, String seen, String current) {
    if (seen != null) {
      throw error(
          p,
          "["
              + query
              + "] query doesn't support multiple fields, found ["
              + seen
              + "] and ["
              + current
              + "]");
    }
  }

  static DuetException unknownQuery(JsonParser p, String name) {
    Map<String, String> where = location(p);
    DuetException cause =
        new DuetException(
            400,
            "named_object_not_found_exception",
            Json.location(p) + " unknown field [" + name + "]");
    return new DuetException(
        400, "parsing_exception", Query.unknownQuery(name).reason(), where, cause);
  }

  /** An unknown {@code function_score} function, as OpenSearch's registry reports it. */
  static DuetException unknownFunction(JsonParser p, String name) {
    Map<String, String> where = location(p);
    DuetException cause =
        new DuetException(
            400,
            "named_object_not_found_exception",
            Json.location(p) + " unknown field [" + name + "]");
    return new DuetException(
        400, "parsing_exception", "unknown field [" + name + "]", where, cause);
  }

  static DuetException malformedEnd(JsonParser p, String name) {
    return error(
        p,
        "["
            + name
            + "] malformed query, expected [END_OBJECT] but found ["
            + Json.tokenName(p.currentToken())
            + "]");
  }

  static DuetException doesNotSupport(JsonParser p, String query, String field) {
    return at(p, Query.doesNotSupport(query, field));
  }

  static DuetException unknownToken(JsonParser p, String query, JsonToken t, String field) {
    return error(
        p, "[" + query + "] unknown token [" + Json.tokenName(t) + "] after [" + field + "]");
  }

  /** A {@code parsing_exception} at the parser's current token. */
  static DuetException error(JsonParser p, String reason) {
    return new DuetException(400, "parsing_exception", reason, location(p), null);
  }

  /**
   * The model's refusal {@code e} of what was just read, placed at the parser's current token as
   * OpenSearch's parser places a {@code parsing_exception} (other failures carry no place).
   */
  static DuetException at(JsonParser p, DuetException e) {
    if (!e.type().equals("parsing_exception") || !e.metadata().isEmpty()) {
      return e;
    }
    return new DuetException(e.status(), e.type(), e.reason(), location(p), e.getCause());
  }

  /** Builds a model value at the parser's current token: its refusal is placed there. */
  static <T> T at(JsonParser p, java.util.function.Supplier<T> build) {
    try {
      return build.get();
    } catch (DuetException e) {
      throw at(p, e);
    }
  }

  private static Map<String, String> location(JsonParser p) {
    var loc = p.currentTokenLocation();
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("line", Integer.toString(loc.getLineNr()));
    meta.put("col", Integer.toString(loc.getColumnNr()));
    return meta;
  }
}
