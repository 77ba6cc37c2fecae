package dev.duet.engine.document;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.script.Script;
import dev.duet.engine.search.Query;
import java.util.List;

/**
 * {@code _delete_by_query} or {@code _update_by_query} (each match reindexed as its {@code script}
 * leaves it, or as it is without one, through the ingest {@code pipeline} when one is named and the
 * index's own pipelines). Matches are taken from one point-in-time view and written with
 * compare-and-set, so a document changed meanwhile is a version conflict: counted, and with {@code
 * abortOnConflict} reported as a failure that stops the run after its batch, as OpenSearch does.
 * {@code maxDocs} is -1 for all matches.
 */
public record ByQueryRequest(
    Kind kind,
    List<String> indices,
    Query query,
    boolean abortOnConflict,
    long maxDocs,
    int batchSize,
    RefreshPolicy refresh,
    String pipeline,
    Script script) {

  /** OpenSearch's default {@code scroll_size}. */
  public static final int DEFAULT_BATCH_SIZE = 1000;

  /** What happens to each match. */
  public enum Kind {
    DELETE,
    UPDATE
  }

  public ByQueryRequest {
    requireNonNull(kind, "kind");
    indices = List.copyOf(indices);
    requireNonNull(query, "query");
    requireNonNull(refresh, "refresh");
    if (batchSize <= 0) {
      throw new IllegalArgumentException("batchSize: " + batchSize + " (expected: > 0)");
    }
  }

  /** A request whose updates name no ingest pipeline (the index's default pipeline still runs). */
  public ByQueryRequest(
      Kind kind,
      List<String> indices,
      Query query,
      boolean abortOnConflict,
      long maxDocs,
      int batchSize,
      RefreshPolicy refresh) {
    this(kind, indices, query, abortOnConflict, maxDocs, batchSize, refresh, null, null);
  }

  /** A request without a script, through {@code pipeline} (null: the index's own). */
  public ByQueryRequest(
      Kind kind,
      List<String> indices,
      Query query,
      boolean abortOnConflict,
      long maxDocs,
      int batchSize,
      RefreshPolicy refresh,
      String pipeline) {
    this(kind, indices, query, abortOnConflict, maxDocs, batchSize, refresh, pipeline, null);
  }

  /** With the ingest pipeline each update-by-query match is reindexed through. */
  public ByQueryRequest withPipeline(String newPipeline) {
    return new ByQueryRequest(
        kind, indices, query, abortOnConflict, maxDocs, batchSize, refresh, newPipeline, script);
  }

  /**
   * With the script each update-by-query match runs before it is written: it changes {@code
   * ctx._source}, and its {@code ctx.op} ({@code noop}, {@code delete}) may skip or delete it.
   */
  public ByQueryRequest withScript(Script newScript) {
    if (newScript != null && kind != Kind.UPDATE) {
      throw new IllegalArgumentException("only an update by query runs a script");
    }
    return new ByQueryRequest(
        kind, indices, query, abortOnConflict, maxDocs, batchSize, refresh, pipeline, newScript);
  }
}
