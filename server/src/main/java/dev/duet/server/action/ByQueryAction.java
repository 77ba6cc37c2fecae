package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.document.ByQueryRequest;
import dev.duet.engine.document.ByQueryResponse;
import dev.duet.engine.document.ReindexRequest;
import dev.duet.engine.document.ReindexResponse;

/**
 * The writes driven by a search: {@code _delete_by_query}, {@code _update_by_query} and {@code
 * _reindex} within this node, run synchronously (Duet has no task API, so {@code
 * wait_for_completion=false} is refused by the transports).
 */
public final class ByQueryAction {
  private final Engine engine;

  public ByQueryAction(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
  }

  public ByQueryResponse execute(ByQueryRequest request) {
    return engine.byQuery(request);
  }

  public ReindexResponse reindex(ReindexRequest request) {
    return engine.reindex(request);
  }
}
