package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import dev.duet.engine.document.UpdateRequest;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.script.Script;
import dev.duet.engine.search.SourceFilter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;

/**
 * Decodes an update body ({@code _update}, and the line after a bulk {@code update} action) with
 * OpenSearch's {@code UpdateRequest} parser rules: {@code doc}, {@code upsert}, {@code
 * doc_as_upsert}, {@code detect_noop}, {@code _source}, {@code script} and {@code scripted_upsert}.
 */
public final class UpdateRequestDecoder {
  /** The body's fields, as OpenSearch's update parser declares them (for "did you mean"). */
  private static final List<String> FIELDS =
      List.of(
          "script",
          "scripted_upsert",
          "upsert",
          "doc",
          "doc_as_upsert",
          "detect_noop",
          "_source",
          "if_seq_no",
          "if_primary_term");

  private UpdateRequestDecoder() {}

  public static UpdateRequest decode(byte[] data, int offset, int length) throws IOException {
    byte[] doc = null;
    byte[] upsert = null;
    boolean docAsUpsert = false;
    boolean detectNoop = true;
    SourceFilter fetch = null;
    Script script = null;
    boolean scriptedUpsert = false;
    try (JsonParser p = Json.parser(data, offset, length)) {
      JsonToken t = p.nextToken();
      if (t == null) {
        // No body: an update of nothing, which validation then refuses as OpenSearch does.
        return new UpdateRequest(null, null, false, true, 0, null);
      }
      if (t != JsonToken.START_OBJECT) {
        throw parseError(p, "[UpdateRequest] Expected START_OBJECT but was: " + Json.tokenName(t));
      }
      String field = null;
      String fieldLocation = null;
      while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
        if (t == JsonToken.FIELD_NAME) {
          field = p.currentName();
          fieldLocation = Json.location(p); // OpenSearch reports unknown fields at their name
          continue;
        }
        switch (field) {
          case "doc" -> doc = object(p, t, field);
          case "upsert" -> upsert = object(p, t, field);
          case "doc_as_upsert" -> docAsUpsert = bool(p, t, field);
          case "detect_noop" -> detectNoop = bool(p, t, field);
          case "_source" -> fetch = SourceFilters.parse(p);
          case "script" -> script = script(p, fieldLocation);
          case "scripted_upsert" -> scriptedUpsert = bool(p, t, field);
          default -> {
            List<String> close = Suggestions.closest(field, FIELDS);
            throw DuetException.badRequest(
                "x_content_parse_exception",
                fieldLocation
                    + " [UpdateRequest] unknown field ["
                    + field
                    + "]"
                    + switch (close.size()) {
                      case 0 -> "";
                      case 1 -> " did you mean [" + close.get(0) + "]?";
                      default -> " did you mean any of " + close + "?";
                    });
          }
        }
      }
    } catch (StreamReadException e) {
      throw Json.parseError(e);
    }
    return new UpdateRequest(
        doc, upsert, docAsUpsert, detectNoop, 0, fetch, script, scriptedUpsert);
  }

  private static Script script(JsonParser p, String location) throws IOException {
    try {
      return ScriptDecoder.decode(p);
    } catch (DuetException e) {
      throw new DuetException(
          400,
          "x_content_parse_exception",
          Json.location(p) + " [UpdateRequest] failed to parse field [script]",
          java.util.Map.of(),
          e);
    }
  }

  private static byte[] object(JsonParser p, JsonToken t, String field) throws IOException {
    if (t == JsonToken.VALUE_NULL) {
      return null;
    }
    if (t != JsonToken.START_OBJECT) {
      throw parseError(
          p, "[UpdateRequest] " + field + " doesn't support values of type: " + Json.tokenName(t));
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = Json.FACTORY.createGenerator(out)) {
      g.copyCurrentStructure(p);
    }
    return out.toByteArray();
  }

  private static boolean bool(JsonParser p, JsonToken t, String field) throws IOException {
    if (t == JsonToken.VALUE_TRUE || t == JsonToken.VALUE_FALSE) {
      return t == JsonToken.VALUE_TRUE;
    }
    if (t == JsonToken.VALUE_STRING
        && (p.getText().equals("true") || p.getText().equals("false"))) {
      return p.getText().equals("true");
    }
    DuetException cause =
        DuetException.illegalArgument(
            "Failed to parse value [" + p.getText() + "] as only [true] or [false] are allowed.");
    throw new DuetException(
        400,
        "x_content_parse_exception",
        Json.location(p) + " [UpdateRequest] failed to parse field [" + field + "]",
        java.util.Map.of(),
        cause);
  }

  private static DuetException parseError(JsonParser p, String reason) {
    return DuetException.badRequest("x_content_parse_exception", Json.location(p) + " " + reason);
  }
}
