package dev.duet.server.rest.filter;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.filter.FilteringGeneratorDelegate;
import com.fasterxml.jackson.core.filter.TokenFilter;
import com.linecorp.armeria.common.HttpData;
import dev.duet.engine.error.DuetException;
import dev.duet.server.rest.codec.Json;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A REST response's {@code filter_path}: comma-separated dotted paths that select what of the body
 * is sent, and {@code -}-prefixed ones that leave parts out. The rendered body is streamed through
 * Jackson's filtering generator, token by token (no tree), which drops what is not selected and any
 * object or array left empty; the root object is always written, so a filter that selects nothing
 * gives {@code {}}, as OpenSearch's does.
 */
public final class ResponseFilter {
  private final List<FilterPath> includes;
  private final List<FilterPath> excludes;

  private ResponseFilter(List<FilterPath> includes, List<FilterPath> excludes) {
    this.includes = includes;
    this.excludes = excludes;
  }

  /**
   * The filter a {@code filter_path} value asks for; null when it names no path (absent, empty or
   * only commas). A {@code -} with no path after it is OpenSearch's 400.
   */
  public static ResponseFilter of(String filterPath) {
    if (filterPath == null || filterPath.isBlank()) {
      return null;
    }
    List<String> included = new ArrayList<>();
    List<String> excluded = new ArrayList<>();
    for (String entry : filterPath.split(",")) {
      String trimmed = entry.trim();
      if (trimmed.startsWith("-")) {
        excluded.add(trimmed.substring(1));
      } else if (!trimmed.isEmpty()) {
        included.add(trimmed);
      }
    }
    List<FilterPath> includes = FilterPath.compile(included);
    List<FilterPath> excludes = FilterPath.compile(excluded);
    if (!excluded.isEmpty() && excludes.isEmpty()) {
      throw DuetException.illegalArgument("filters cannot be null or empty");
    }
    return includes.isEmpty() && excludes.isEmpty() ? null : new ResponseFilter(includes, excludes);
  }

  /** The JSON {@code body} with only what the filter selects, indented when {@code pretty}. */
  public HttpData apply(HttpData body, boolean pretty) throws IOException {
    JsonOutput out = new JsonOutput(pretty, Math.min(body.length(), 64 * 1024));
    JsonGenerator root = out.generator();
    JsonGenerator filtered = root;
    if (!excludes.isEmpty()) {
      filtered = delegate(filtered, new FilterPathFilter(excludes, false));
    }
    if (!includes.isEmpty()) {
      filtered = delegate(filtered, new FilterPathFilter(includes, true));
    }
    try (JsonParser parser = Json.FACTORY.createParser(body.toInputStream())) {
      copy(parser, root, filtered);
    }
    filtered.flush();
    return out.toHttpData();
  }

  private static JsonGenerator delegate(JsonGenerator to, TokenFilter filter) {
    return new FilteringGeneratorDelegate(
        to, filter, TokenFilter.Inclusion.INCLUDE_ALL_AND_PATH, true);
  }

  /**
   * Every token of the body through the filter, except a root object's braces, which go straight to
   * the output (the filter would drop them with everything else when nothing matches); a root
   * array, as {@code _cat} answers in JSON, is filtered like any other.
   */
  private static void copy(JsonParser parser, JsonGenerator root, JsonGenerator filtered)
      throws IOException {
    int depth = 0;
    boolean rootObject = false;
    for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
      switch (token) {
        case START_OBJECT, START_ARRAY -> {
          if (depth++ == 0 && token == JsonToken.START_OBJECT) {
            rootObject = true;
            root.writeStartObject();
          } else {
            filtered.copyCurrentEvent(parser);
          }
        }
        case END_OBJECT, END_ARRAY -> {
          if (--depth == 0 && rootObject) {
            root.writeEndObject();
          } else {
            filtered.copyCurrentEvent(parser);
          }
        }
        // As rendered: a double through a parser and back could change its digits.
        case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> filtered.writeNumber(parser.getText());
        default -> filtered.copyCurrentEvent(parser);
      }
    }
  }
}
