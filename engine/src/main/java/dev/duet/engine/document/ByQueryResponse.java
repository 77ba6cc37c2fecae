package dev.duet.engine.document;

import dev.duet.engine.error.DuetException;
import java.util.List;

/**
 * What a by-query run did, in OpenSearch's counters: {@code total} matches, of which {@code
 * updated} or {@code deleted} succeeded, in {@code batches}; {@code failures} lists each failed
 * document (version conflicts only when the run aborts on them).
 */
public record ByQueryResponse(
    long tookMillis,
    long total,
    long updated,
    long deleted,
    int batches,
    long versionConflicts,
    long noops,
    List<Failure> failures) {

  public ByQueryResponse {
    failures = List.copyOf(failures);
  }

  /** One document the run could not write, with the HTTP status of its failure. */
  public record Failure(String index, String id, DuetException cause) {}
}
