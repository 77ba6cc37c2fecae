package dev.duet.engine.analysis;

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
    filters = List.copyOf(filters);
    charFilters = List.copyOf(charFilters);
  }
}
