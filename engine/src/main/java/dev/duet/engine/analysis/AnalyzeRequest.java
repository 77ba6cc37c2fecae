package dev.duet.engine.analysis;

import dev.duet.engine.error.DuetException;
import java.util.List;
import java.util.Map;

/**
 * An {@code _analyze} request: the texts, and either a named {@code analyzer}, a {@code field} (its
 * search-time analyzer), a {@code normalizer}, or a chain built from a {@code tokenizer}, {@code
 * filters} and {@code charFilters}. A component is a name ({@link String}) or an inline definition
 * ({@link Map} with a {@code type}). {@code index} is null for the node-wide form.
 */
public record AnalyzeRequest(
    String index,
    List<String> text,
    String analyzer,
    String field,
    String normalizer,
    Object tokenizer,
    List<Object> filters,
    List<Object> charFilters) {
  public AnalyzeRequest {
    text = List.copyOf(text);
    filters = List.copyOf(components(filters, "filter"));
    charFilters = List.copyOf(components(charFilters, "char_filter"));
  }

  /** Each component is a name or an inline definition (a map), as OpenSearch's parser insists. */
  private static List<Object> components(List<Object> components, String field) {
    for (Object c : components) {
      if (!(c instanceof String) && !(c instanceof Map<?, ?>)) {
        throw new DuetException(
            400,
            "x_content_parse_exception",
            "[analyze_request] failed to parse field [" + field + "]",
            Map.of(),
            new DuetException(
                400,
                "x_content_parse_exception",
                "Expected [VALUE_STRING] or [START_OBJECT], got "
                    + (c == null
                        ? "VALUE_NULL"
                        : c instanceof List ? "START_ARRAY" : "VALUE_NUMBER")));
      }
    }
    return components;
  }
}
