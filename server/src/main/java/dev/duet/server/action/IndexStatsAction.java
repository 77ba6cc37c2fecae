package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndicesOptions;
import java.util.List;

/**
 * {@code _stats}: the matching indices with their document counts and store sizes, as their current
 * searchers see them (stats refresh nothing, as in OpenSearch). Shared by every transport.
 */
public final class IndexStatsAction {
  private final Engine engine;

  public IndexStatsAction(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
  }

  public List<IndexInfo> execute(String expression, IndicesOptions options) {
    return engine.indices(expression, options);
  }
}
