package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Collapse;
import dev.duet.engine.search.InnerHits;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The search body's {@code collapse}: {@code field}, {@code max_concurrent_group_searches} and
 * {@code inner_hits} (one object or an array of them, each possibly collapsed again), with
 * OpenSearch's parse errors, each wrapped by the field it sits in.
 */
final class CollapseDecoder {
  private CollapseDecoder() {}

  /** {@code collapse}; the parser is on its first token. */
  static Collapse parse(JsonParser p) throws IOException {
    return parse(p, true);
  }

  /**
   * A {@code collapse}; {@code withInnerHits} false for the one inside inner hits, which may not
   * have its own.
   */
  private static Collapse parse(JsonParser p, boolean withInnerHits) throws IOException {
    if (p.currentToken() != JsonToken.START_OBJECT) {
      throw QueryErrors.error(
          p, "Unknown key for a " + Json.tokenName(p.currentToken()) + " in [collapse].");
    }
    String field = null;
    List<InnerHits> innerHits = List.of();
    while (p.nextToken() != JsonToken.END_OBJECT) {
      String key = p.currentName();
      String at = Json.location(p);
      if (key.equals("inner_hits") && !withInnerHits) {
        // Refused at the key, where OpenSearch's parser stops.
        throw QueryErrors.at(p, InnerHits.innerCollapseWithInnerHits());
      }
      JsonToken t = p.nextToken();
      switch (key) {
        case "field" -> field = p.getText();
        case "max_concurrent_group_searches" -> {
          try {
            Collapse.checkMaxConcurrentGroupSearches(p.getValueAsInt());
          } catch (DuetException e) {
            throw wrapped(p, "[collapse] failed to parse field [max_concurrent_group_searches]", e);
          }
        }
        case "inner_hits" -> {
          try {
            innerHits = innerHits(p, t);
          } catch (DuetException e) {
            throw wrapped(p, "[collapse] failed to parse field [inner_hits]", e);
          }
        }
        default ->
            throw DuetException.badRequest(
                "x_content_parse_exception", at + " [collapse] unknown field [" + key + "]");
      }
    }
    if (field == null) {
      throw DuetException.badRequest(
          "x_content_parse_exception", Json.location(p) + " Required [field]");
    }
    return new Collapse(field, innerHits);
  }

  private static List<InnerHits> innerHits(JsonParser p, JsonToken t) throws IOException {
    if (t == JsonToken.START_OBJECT) {
      return List.of(innerHitsObject(p));
    }
    if (t != JsonToken.START_ARRAY) {
      throw DuetException.badRequest(
          "x_content_parse_exception",
          Json.location(p) + " [collapse] inner_hits doesn't support values of type: " + t.name());
    }
    List<InnerHits> out = new ArrayList<>();
    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
      if (t != JsonToken.START_OBJECT) {
        throw QueryErrors.error(p, "Invalid token in inner_hits array");
      }
      out.add(innerHitsObject(p));
    }
    return out;
  }

  /** One inner hits object, as nested queries read theirs, with a second-level collapse. */
  private static InnerHits innerHitsObject(JsonParser p) throws IOException {
    return NestedQueryDecoder.innerHits(
        p,
        parser -> {
          try {
            return parse(parser, false);
          } catch (DuetException e) {
            throw wrapped(parser, "[inner_hits] failed to parse field [collapse]", e);
          }
        });
  }

  /** OpenSearch's "failed to parse field" around a field's own failure, at the parser's token. */
  static DuetException wrapped(JsonParser p, String reason, DuetException cause) {
    if (cause.type().equals("illegal_argument_exception")
        || cause.type().equals("x_content_parse_exception")
        || cause.type().equals("parsing_exception")) {
      return new DuetException(
          400, "x_content_parse_exception", Json.location(p) + " " + reason, Map.of(), cause);
    }
    return cause;
  }
}
