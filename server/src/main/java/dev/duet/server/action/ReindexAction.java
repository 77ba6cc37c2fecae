package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.document.ReindexRequest;
import dev.duet.engine.document.ReindexResponse;

/**
 * {@code _reindex} within this node, run synchronously (Duet has no task API, so {@code
 * wait_for_completion=false} is refused by the transports).
 */
public final class ReindexAction {
  private final Engine engine;

  public ReindexAction(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
  }

  public ReindexResponse execute(ReindexRequest request) {
    return engine.reindex(request);
  }
}
