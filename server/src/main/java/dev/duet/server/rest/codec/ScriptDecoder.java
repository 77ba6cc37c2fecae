package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.script.Script;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A {@code script} value as OpenSearch's {@code Script.parse} reads it: a string (an inline
 * Painless source) or an object with {@code source} (or {@code inline}) or {@code id}, {@code
 * lang}, {@code params} and {@code options}.
 */
public final class ScriptDecoder {
  private ScriptDecoder() {}

  /** Reads the script at the parser's current token. */
  public static Script decode(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.VALUE_STRING) {
      return Script.inline(p.getText());
    }
    if (t != JsonToken.START_OBJECT) {
      throw DuetException.badRequest(
          "x_content_parse_exception",
          Json.location(p) + " [script] unexpected token [" + Json.tokenName(t) + "]");
    }
    String source = null;
    String id = null;
    String lang = null;
    Map<String, Object> params = Map.of();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String key = p.currentName();
      String location = Json.location(p);
      JsonToken value = p.nextToken();
      switch (key) {
        case "source", "inline" ->
            source = value == JsonToken.START_OBJECT ? objectText(p) : p.getText();
        case "id" -> id = p.getText();
        case "lang" -> lang = p.getText();
        case "params" -> params = params(p);
        case "options" -> p.skipChildren();
        default ->
            throw DuetException.badRequest(
                "x_content_parse_exception", location + " [script] unknown field [" + key + "]");
      }
    }
    if (source == null && id == null) {
      throw DuetException.illegalArgument(
          "must specify either [source] for an inline script or [id] for a stored script");
    }
    if (source != null && id != null) {
      throw DuetException.illegalArgument(
          "must specify either [source] for an inline script or [id] for a stored script");
    }
    return new Script(source, id, lang, params);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> params(JsonParser p) throws IOException {
    if (p.currentToken() == JsonToken.VALUE_NULL) {
      return Map.of();
    }
    Object value = Json.readValue(p);
    if (!(value instanceof Map<?, ?>)) {
      throw DuetException.badRequest(
          "x_content_parse_exception", Json.location(p) + " [script] params must be an object");
    }
    return new LinkedHashMap<>((Map<String, Object>) value);
  }

  private static String objectText(JsonParser p) throws IOException {
    java.io.StringWriter out = new java.io.StringWriter();
    try (com.fasterxml.jackson.core.JsonGenerator g = Json.FACTORY.createGenerator(out)) {
      g.copyCurrentStructure(p);
    }
    return out.toString();
  }
}
