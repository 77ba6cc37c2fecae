package dev.duet.engine.analysis;

import dev.duet.engine.error.DuetException;
import java.util.List;
import java.util.Map;

/**
 * An {@code _analyze} request: the texts, and either a named {@code analyzer}, a {@code field} (its
 * search-time analyzer), a {@code normalizer}, or a chain built from a {@code tokenizer}, {@code
 * filters} and {@code charFilters}. A component is a name ({@link String}) or an inline definition
 * ({@link Map} with a {@code type}). {@code index} is null for the node-wide form. {@code explain}
 * asks for OpenSearch's {@code detail}: the tokens after each step, each with its Lucene attributes
 * ({@code attributes} keeps only those named; empty: all).
 */
public record AnalyzeRequest(
    String index,
    List<String> text,
    String analyzer,
    String field,
    String normalizer,
    Object tokenizer,
    List<Object> filters,
    List<Object> charFilters,
    boolean explain,
    List<String> attributes) {
  public AnalyzeRequest {
    text = List.copyOf(text);
    attributes = attributes == null ? List.of() : List.copyOf(attributes);
    filters = List.copyOf(components(filters, "filter"));
    charFilters = List.copyOf(components(charFilters, "char_filter"));
  }

  /** A request without {@code explain}. */
  public AnalyzeRequest(
      String index,
      List<String> text,
      String analyzer,
      String field,
      String normalizer,
      Object tokenizer,
      List<Object> filters,
      List<Object> charFilters) {
    this(
        index,
        text,
        analyzer,
        field,
        normalizer,
        tokenizer,
        filters,
        charFilters,
        false,
        List.of());
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
