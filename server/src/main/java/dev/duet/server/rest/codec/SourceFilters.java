package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.search.SourceFilter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code _source} in OpenSearch's forms: in a body {@code false}, {@code "pattern"}, {@code
 * [..]} or {@code {"includes":..,"excludes":..}}; as URL parameters {@code _source}, {@code
 * _source_includes}, {@code _source_excludes}.
 */
public final class SourceFilters {
  private SourceFilters() {}

  public static SourceFilter parse(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    switch (t) {
      case VALUE_TRUE:
        return SourceFilter.ALL;
      case VALUE_FALSE:
        return SourceFilter.NONE;
      case VALUE_STRING:
        return new SourceFilter(true, List.of(p.getText()), List.of());
      case START_ARRAY:
        return new SourceFilter(true, strings(p), List.of());
      case START_OBJECT:
        List<String> includes = List.of();
        List<String> excludes = List.of();
        while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
          String field = p.currentName();
          p.nextToken();
          List<String> values =
              p.currentToken() == JsonToken.START_ARRAY ? strings(p) : List.of(p.getText());
          switch (field) {
            case "includes", "include" -> includes = values;
            case "excludes", "exclude" -> excludes = values;
            default ->
                throw QueryErrors.error(
                    p,
                    "Unknown key for a "
                        + Json.tokenName(p.currentToken())
                        + " in ["
                        + field
                        + "].");
          }
        }
        return new SourceFilter(true, includes, excludes);
      default:
        throw QueryErrors.error(
            p,
            "Expected one of [VALUE_BOOLEAN, VALUE_STRING, START_ARRAY, START_OBJECT] but found ["
                + Json.tokenName(t)
                + "]");
    }
  }

  /** The filter the URL asks for, or null when it names none. */
  public static SourceFilter fromParams(String source, String includes, String excludes) {
    if (source == null && includes == null && excludes == null) {
      return null;
    }
    List<String> inc = List.of();
    if (source != null) {
      if (source.equals("false")) {
        return SourceFilter.NONE;
      }
      if (!source.equals("true") && !source.isEmpty()) {
        inc = split(source);
      }
    }
    if (includes != null) {
      inc = split(includes);
    }
    List<String> exc = excludes == null ? List.of() : split(excludes);
    return new SourceFilter(true, inc, exc);
  }

  private static List<String> split(String csv) {
    List<String> out = new ArrayList<>();
    for (String s : csv.split(",")) {
      if (!s.isBlank()) {
        out.add(s.trim());
      }
    }
    return out;
  }

  private static List<String> strings(JsonParser p) throws IOException {
    List<String> out = new ArrayList<>();
    while (p.nextToken() != JsonToken.END_ARRAY) {
      out.add(p.getText());
    }
    return out;
  }
}
