package dev.duet.engine.document;

import java.util.List;

/**
 * What a {@code _reindex} did, in OpenSearch's counters: of {@code total} matches, {@code created}
 * new documents in the dest and {@code updated} existing ones, in {@code batches}; failures as for
 * by-query runs.
 */
public record ReindexResponse(
    long tookMillis,
    long total,
    long created,
    long updated,
    int batches,
    long versionConflicts,
    List<ByQueryResponse.Failure> failures) {

  public ReindexResponse {
    failures = List.copyOf(failures);
  }
}
