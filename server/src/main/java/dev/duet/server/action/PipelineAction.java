package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.ingest.Pipelines;
import java.util.Map;

/**
 * Ingest and search pipelines ({@code _ingest/pipeline}, {@code _search/pipeline}) and their
 * simulate API. Shared by every transport; each operation is one engine call.
 */
public final class PipelineAction {
  private final Engine engine;

  public PipelineAction(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
  }

  public void put(Pipelines.Kind kind, String id, Map<String, Object> config) {
    engine.pipelines().put(kind, id, config);
  }

  public Map<String, Map<String, Object>> get(Pipelines.Kind kind, String ids) {
    return engine.pipelines().get(kind, ids);
  }

  public void delete(Pipelines.Kind kind, String ids) {
    engine.pipelines().delete(kind, ids);
  }

  public Map<String, Object> simulate(String id, Map<String, Object> body, boolean verbose) {
    return engine.pipelines().simulate(id, body, verbose);
  }

  public Map<String, String> grokPatterns(boolean sorted) {
    return engine.pipelines().grokPatterns(sorted);
  }

  /** The ingest section of {@code _nodes/stats}. */
  public Map<String, Object> stats() {
    return engine.pipelines().stats();
  }

  public java.util.List<String> processorTypes() {
    return engine.pipelines().processorTypes();
  }
}
