package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.document.GetResult;

/** Realtime get of one document by id. Shared by every transport. */
public final class GetAction {
  private final Engine engine;

  public GetAction(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
  }

  public GetResult execute(String index, String id) {
    return engine.get(index, id);
  }
}
