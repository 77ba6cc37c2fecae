package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;

/**
 * Every action handler of a node, built once over one engine and handed to both transports, so that
 * a request means the same thing on either port.
 */
public final class Actions {
  private final Engine engine;
  private final BulkAction bulk;
  private final SearchAction search;

  public Actions(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
    this.bulk = new BulkAction(engine);
    this.search = new SearchAction(engine);
  }

  public Engine engine() {
    return engine;
  }

  public BulkAction bulk() {
    return bulk;
  }

  public SearchAction search() {
    return search;
  }
}
