package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.index.IndexSegments;
import dev.duet.engine.index.IndicesOptions;
import java.util.List;

/** {@code _segments} and {@code _cat/segments}: the Lucene segments of the matching indices. */
public final class SegmentsAction {
  private final Engine engine;

  public SegmentsAction(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
  }

  /**
   * @param expression an index expression; null or empty for every index
   */
  public List<IndexSegments> execute(String expression, IndicesOptions options) {
    return engine.segments(expression, options);
  }
}
