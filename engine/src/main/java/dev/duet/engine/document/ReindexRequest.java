package dev.duet.engine.document;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.search.Query;
import dev.duet.engine.search.SourceFilter;
import java.util.List;

/**
 * {@code _reindex} within this node: the matches of {@code query} in the {@code sources} (names,
 * wildcards or aliases), each with its {@code _source} filtered by {@code sourceFilter}, written to
 * {@code dest} as {@code opType} items of a bulk (so the dest index is auto-created and mapped as a
 * bulk would). With {@code versionType} external the source's version travels with each document;
 * internal overwrites blindly, as OpenSearch does. {@code maxDocs} is -1 for all matches.
 */
public record ReindexRequest(
    List<String> sources,
    Query query,
    SourceFilter sourceFilter,
    long maxDocs,
    int batchSize,
    String dest,
    OpType opType,
    VersionType versionType,
    boolean abortOnConflict,
    RefreshPolicy refresh,
    String pipeline) {

  public ReindexRequest {
    sources = List.copyOf(sources);
    requireNonNull(query, "query");
    requireNonNull(sourceFilter, "sourceFilter");
    requireNonNull(dest, "dest");
    requireNonNull(versionType, "versionType");
    requireNonNull(refresh, "refresh");
    if (opType != OpType.INDEX && opType != OpType.CREATE) {
      throw new IllegalArgumentException("opType: " + opType + " (expected: INDEX or CREATE)");
    }
  }

  /** A reindex whose dest names no ingest pipeline. */
  public ReindexRequest(
      List<String> sources,
      Query query,
      SourceFilter sourceFilter,
      long maxDocs,
      int batchSize,
      String dest,
      OpType opType,
      VersionType versionType,
      boolean abortOnConflict,
      RefreshPolicy refresh) {
    this(
        sources,
        query,
        sourceFilter,
        maxDocs,
        batchSize,
        dest,
        opType,
        versionType,
        abortOnConflict,
        refresh,
        null);
  }

  /** The scroll side of the run, as the by-query runner walks it. */
  public ByQueryRequest scroll() {
    return new ByQueryRequest(
        ByQueryRequest.Kind.UPDATE, sources, query, abortOnConflict, maxDocs, batchSize, refresh);
  }
}
