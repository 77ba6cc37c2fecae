package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndicesOptions;
import java.util.List;

/**
 * Commits the matching indices to Lucene and starts a new translog generation; answers the indices
 * it flushed, for the shard counts. Shared by every transport.
 */
public final class FlushAction {
  private final Engine engine;

  public FlushAction(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
  }

  public List<IndexInfo> execute(String expression) {
    return execute(expression, IndicesOptions.DEFAULTS);
  }

  public List<IndexInfo> execute(String expression, IndicesOptions options) {
    engine.flush(expression, options);
    return engine.indices(expression, options);
  }
}
