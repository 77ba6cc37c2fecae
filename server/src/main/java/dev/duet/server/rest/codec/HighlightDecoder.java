package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Highlight;
import dev.duet.engine.search.Query;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Decodes a search's {@code highlight} section: the shared options, then {@code fields} as an
 * object or an array of one-key objects, each with its own overrides; errors worded as OpenSearch's
 * object parser words them.
 */
final class HighlightDecoder {
  private HighlightDecoder() {}

  /** Reads the section; the parser is on its START_OBJECT. */
  static Highlight parse(JsonParser p) throws IOException {
    if (p.currentToken() != JsonToken.START_OBJECT) {
      throw QueryErrors.error(
          p, "Unknown key for a " + Json.tokenName(p.currentToken()) + " in [highlight].");
    }
    OptionsReader options = new OptionsReader();
    List<Highlight.Field> fields = new ArrayList<>();
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      String key = p.currentName();
      String at = Json.location(p);
      t = p.nextToken();
      if (key.equals("fields")) {
        try {
          fields(p, t, fields);
        } catch (DuetException e) {
          throw wrapped(p, "[highlight] failed to parse field [fields]", e);
        }
      } else if (!options.read(p, key)) {
        throw parseError(at, "[highlight] unknown field [" + key + "]");
      }
    }
    Highlight.Options defaults = options.build(p);
    return new Highlight(fields, defaults);
  }

  private static void fields(JsonParser p, JsonToken t, List<Highlight.Field> out)
      throws IOException {
    if (t == JsonToken.START_OBJECT) {
      while (p.nextToken() != JsonToken.END_OBJECT) {
        String name = p.currentName();
        p.nextToken();
        try {
          out.add(field(p, name));
        } catch (DuetException e) {
          throw wrapped(p, "[fields] failed to parse field [" + name + "]", e);
        }
      }
      return;
    }
    if (t == JsonToken.START_ARRAY) {
      while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
        if (t != JsonToken.START_OBJECT) {
          throw parseError(
              Json.location(p), "[highlight] fields doesn't support values of type: " + t.name());
        }
        while (p.nextToken() != JsonToken.END_OBJECT) {
          String name = p.currentName();
          p.nextToken();
          try {
            out.add(field(p, name));
          } catch (DuetException e) {
            throw wrapped(p, "[fields] failed to parse field [" + name + "]", e);
          }
        }
      }
      return;
    }
    throw parseError(
        Json.location(p), "[highlight] fields doesn't support values of type: " + t.name());
  }

  private static Highlight.Field field(JsonParser p, String name) throws IOException {
    if (p.currentToken() != JsonToken.START_OBJECT) {
      throw parseError(
          Json.location(p),
          "[fields] " + name + " doesn't support values of type: " + p.currentToken().name());
    }
    OptionsReader options = new OptionsReader();
    while (p.nextToken() != JsonToken.END_OBJECT) {
      String key = p.currentName();
      String at = Json.location(p);
      p.nextToken();
      if (!options.read(p, key)) {
        throw parseError(at, "[highlight_field] unknown field [" + key + "]");
      }
    }
    return new Highlight.Field(name, options.build(p));
  }

  private static DuetException parseError(String location, String reason) {
    return DuetException.badRequest("x_content_parse_exception", location + " " + reason);
  }

  /** OpenSearch's object parser wraps a nested failure once per level, at the current token. */
  private static DuetException wrapped(JsonParser p, String reason, DuetException cause) {
    if (!cause.type().equals("x_content_parse_exception")) {
      return cause;
    }
    return new DuetException(
        400, "x_content_parse_exception", Json.location(p) + " " + reason, Map.of(), cause);
  }

  /** The options a section and a field share, read key by key. */
  private static final class OptionsReader {
    private List<String> preTags;
    private List<String> postTags;
    private Integer fragmentSize;
    private Integer numberOfFragments;
    private Integer noMatchSize;
    private Boolean requireFieldMatch;
    private Query highlightQuery;
    private String type;
    private String order;
    private String encoder;
    private String boundaryScanner;
    private Integer maxAnalyzerOffset;

    /** False when {@code key} is not an option. */
    boolean read(JsonParser p, String key) throws IOException {
      switch (key) {
        case "pre_tags" -> preTags = strings(p);
        case "post_tags" -> postTags = strings(p);
        case "tags_schema" -> {
          preTags = Highlight.schemaPreTags(p.getText());
          postTags = Highlight.SCHEMA_POST_TAGS;
        }
        case "fragment_size" -> fragmentSize = p.getValueAsInt();
        case "number_of_fragments" -> numberOfFragments = p.getValueAsInt();
        case "no_match_size" -> noMatchSize = p.getValueAsInt();
        case "require_field_match" -> requireFieldMatch = QueryErrors.booleanValue(p);
        case "highlight_query" -> highlightQuery = QueryDecoder.parse(p);
        case "type" -> type = p.getText();
        case "order" -> order = p.getText();
        case "encoder" -> encoder = p.getText();
        case "boundary_scanner" -> boundaryScanner = p.getText().toLowerCase(java.util.Locale.ROOT);
        case "max_analyzer_offset" -> maxAnalyzerOffset = p.getValueAsInt();
        case "boundary_max_scan",
            "boundary_chars",
            "boundary_scanner_locale",
            "fragmenter",
            "fragment_offset",
            "phrase_limit",
            "force_source",
            "highlight_filter",
            "matched_fields",
            "options" ->
            p.skipChildren(); // accepted; the unified highlighter has no use for them
        default -> {
          return false;
        }
      }
      return true;
    }

    Highlight.Options build(JsonParser p) {
      return QueryErrors.at(
          p,
          () ->
              new Highlight.Options(
                  preTags,
                  postTags,
                  fragmentSize,
                  numberOfFragments,
                  noMatchSize,
                  requireFieldMatch,
                  highlightQuery,
                  type,
                  order,
                  encoder,
                  boundaryScanner,
                  maxAnalyzerOffset));
    }

    private static List<String> strings(JsonParser p) throws IOException {
      if (p.currentToken() != JsonToken.START_ARRAY) {
        return List.of(p.getText());
      }
      List<String> out = new ArrayList<>();
      while (p.nextToken() != JsonToken.END_ARRAY) {
        out.add(p.getText());
      }
      return out;
    }
  }
}
