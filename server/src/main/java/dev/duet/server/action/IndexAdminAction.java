package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndexSegments;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.mapping.Mapping;
import java.util.List;
import java.util.Map;

/**
 * An index's life and upkeep: create, delete, refresh, flush, {@code _stats} and {@code _segments}.
 * Shared by every transport. Each operation is one engine call and what the answer needs beside it,
 * so they live as methods of one action rather than a class each.
 */
public final class IndexAdminAction {
  private final Engine engine;

  public IndexAdminAction(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
  }

  /** Creates an index with its settings and mapping. */
  public IndexInfo create(String index, IndexSettings settings, Mapping mapping) {
    return engine.createIndex(index, settings, mapping);
  }

  /** Creates an index with its settings, mapping and aliases (by alias name). */
  public IndexInfo create(
      String index, IndexSettings settings, Mapping mapping, Map<String, AliasMetadata> aliases) {
    return engine.createIndex(index, settings, mapping, aliases);
  }

  /** {@code _rollover}: a new index for the alias when a condition holds. */
  public dev.duet.engine.index.RolloverResponse rollover(
      dev.duet.engine.index.RolloverRequest request) {
    return engine.rollover(request);
  }

  /** {@code _shrink}, {@code _split}, {@code _clone}: the target's name. */
  public String resize(dev.duet.engine.index.ResizeRequest request) {
    return engine.resize(request);
  }

  /** {@code _close}: the names of the indices it closed. */
  public List<String> close(String expression, IndicesOptions options) {
    return engine.closeIndices(expression, options);
  }

  /** {@code _open}: the names of the indices it opened. */
  public List<String> open(String expression, IndicesOptions options) {
    return engine.openIndices(expression, options);
  }

  /** {@code _block/{block}}: the names of the indices it blocked. */
  public List<String> addBlock(String expression, IndicesOptions options, String block) {
    return engine.addBlock(expression, options, block);
  }

  /** {@code _cache/clear}: answers the indices whose caches it cleared, for the shard counts. */
  public List<IndexInfo> clearCache(String expression, IndicesOptions options) {
    engine.clearCaches(expression, options);
    return engine.indices(expression, options);
  }

  /** Deletes an index and its data. */
  public void delete(String index) {
    engine.deleteIndex(index);
  }

  /**
   * Makes acknowledged writes to the matching indices visible to search; answers the indices it
   * refreshed, for the shard counts.
   */
  public List<IndexInfo> refresh(String expression) {
    return refresh(expression, IndicesOptions.DEFAULTS);
  }

  public List<IndexInfo> refresh(String expression, IndicesOptions options) {
    engine.refresh(expression, options);
    return engine.indices(expression, options);
  }

  /**
   * Commits the matching indices to Lucene and starts a new translog generation; answers the
   * indices it flushed, for the shard counts.
   */
  public List<IndexInfo> flush(String expression) {
    return flush(expression, IndicesOptions.DEFAULTS);
  }

  public List<IndexInfo> flush(String expression, IndicesOptions options) {
    engine.flush(expression, options);
    return engine.indices(expression, options);
  }

  /**
   * A flush with OpenSearch's {@code force} and {@code wait_if_ongoing}: a forced flush must wait
   * for one under way (a flush here always does), as OpenSearch validates it.
   */
  public List<IndexInfo> flush(
      String expression, IndicesOptions options, boolean force, boolean waitIfOngoing) {
    if (force && !waitIfOngoing) {
      throw dev.duet.engine.document.Validation.failed(
          List.of("wait_if_ongoing must be true for a force flush"));
    }
    return flush(expression, options);
  }

  /**
   * {@code _stats}: the matching indices with their document counts and store sizes, as their
   * current searchers see them (stats refresh nothing, as in OpenSearch).
   */
  public List<IndexInfo> stats(String expression, IndicesOptions options) {
    return engine.indices(expression, options);
  }

  /**
   * {@code _stats}, {@code _nodes/stats}: each matching index's figures (counters, documents,
   * store, segments, translog), read without refreshing.
   */
  public List<dev.duet.engine.index.IndexStats> indexStats(
      String expression, IndicesOptions options) {
    return engine.stats(expression, options);
  }

  /** As above; {@code includeUnloadedSegments} counts a closed index's committed segments. */
  public List<dev.duet.engine.index.IndexStats> indexStats(
      String expression, IndicesOptions options, boolean includeUnloadedSegments) {
    return engine.stats(expression, options, includeUnloadedSegments);
  }

  /**
   * {@code _segments} and {@code _cat/segments}: the Lucene segments of the matching indices.
   *
   * @param expression an index expression; null or empty for every index
   */
  public List<IndexSegments> segments(String expression, IndicesOptions options) {
    return engine.segments(expression, options);
  }
}
