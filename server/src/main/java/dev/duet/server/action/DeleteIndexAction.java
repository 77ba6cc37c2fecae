package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;

/** Deletes an index and its data. Shared by every transport. */
public final class DeleteIndexAction {
  private final Engine engine;

  public DeleteIndexAction(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
  }

  public void execute(String index) {
    engine.deleteIndex(index);
  }
}
