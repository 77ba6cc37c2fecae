package dev.duet.engine.document;

import dev.duet.engine.error.DuetException;
import java.util.List;
import java.util.Map;

/**
 * {@code _termvectors}: the terms of one document's fields, with their frequencies, positions,
 * offsets and payloads and, on request, the index's statistics of each term and field. The document
 * is the stored one named by {@code id} (read {@code realtime} or from the last refresh, under
 * {@code routing}, and only at {@code version} when one is given) or the artificial {@code doc}
 * given as JSON. {@code fields} (names or patterns) picks the fields, null: those that store term
 * vectors (an artificial document: every field it holds); {@code perFieldAnalyzer} analyses a field
 * with another analyzer than its own.
 */
public record TermVectorsRequest(
    String index,
    String id,
    byte[] doc,
    List<String> fields,
    boolean offsets,
    boolean positions,
    boolean payloads,
    boolean termStatistics,
    boolean fieldStatistics,
    Map<String, String> perFieldAnalyzer,
    String routing,
    boolean realtime,
    Long version) {

  public TermVectorsRequest {
    if (id == null && doc == null) {
      throw new DuetException(
          400,
          "action_request_validation_exception",
          "Validation Failed: 1: id or doc is missing;");
    }
    fields = fields == null ? null : List.copyOf(fields);
    perFieldAnalyzer = perFieldAnalyzer == null ? Map.of() : Map.copyOf(perFieldAnalyzer);
  }
}
