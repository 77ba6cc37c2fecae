package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.analysis.AnalyzeRequest;
import dev.duet.engine.analysis.AnalyzeResponse;
import dev.duet.engine.index.IndexFailure;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.mapping.Mapping;
import java.util.List;

/**
 * Read-only views of the node's indices: existence, one index, all indices matching an expression,
 * a mapping, and text analyzed as an index would. Shared by every transport.
 */
public final class IndicesAction {
  private final Engine engine;

  public IndicesAction(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
  }

  /** The indices that failed to open at start-up, with why: red until deleted or repaired. */
  public List<IndexFailure> failed() {
    return engine.failedIndices();
  }

  public boolean exists(String index) {
    return engine.indexExists(index);
  }

  /** One index; 404 {@code index_not_found_exception} when missing. */
  public IndexInfo index(String index) {
    return engine.index(index);
  }

  /** Every index matching the expression, sorted by name; all when null or empty. */
  public List<IndexInfo> list(String expression) {
    return engine.indices(expression);
  }

  /** Every index the expression names, with OpenSearch's expression options, sorted by name. */
  public List<IndexInfo> list(String expression, IndicesOptions options) {
    return engine.indices(expression, options);
  }

  /** The shard of an index with {@code settings} that a {@code routing} value routes to. */
  public int shardOf(dev.duet.engine.index.IndexSettings settings, String routing) {
    return engine.shardOf(settings, routing, routing);
  }

  /**
   * Every index the expression names whose settings and mappings may be read: 403 {@code
   * cluster_block_exception} when {@code index.blocks.metadata} keeps one unread.
   */
  public List<IndexInfo> listMetadata(String expression, IndicesOptions options) {
    engine.checkMetadataReadable(expression, options);
    return engine.indices(expression, options);
  }

  /** {@code _field_caps}: the requested fields' capabilities across the indices named. */
  public dev.duet.engine.search.FieldCapsResponse fieldCaps(
      dev.duet.engine.search.FieldCapsRequest request) {
    return engine.fieldCaps(request);
  }

  /** The mapping of one index; 404 when missing. */
  public Mapping mapping(String index) {
    return engine.mapping(index);
  }

  /**
   * {@code _analyze}: text through a built-in analyzer, or one of an index's analyzers, normalizers
   * or fields.
   */
  public AnalyzeResponse analyze(AnalyzeRequest request) {
    return engine.analyze(request);
  }
}
