package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndicesOptions;
import java.util.List;

/**
 * Makes acknowledged writes to the matching indices visible to search; answers the indices it
 * refreshed, for the shard counts. Shared by every transport.
 */
public final class RefreshAction {
  private final Engine engine;

  public RefreshAction(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
  }

  public List<IndexInfo> execute(String expression) {
    return execute(expression, IndicesOptions.DEFAULTS);
  }

  public List<IndexInfo> execute(String expression, IndicesOptions options) {
    engine.refresh(expression, options);
    return engine.indices(expression, options);
  }
}
