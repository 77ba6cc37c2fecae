package dev.duet.engine.internal.script;

import java.util.Map;

/**
 * The script of an update, an update or delete by query, a reindex and an ingest {@code script}
 * processor: it reads and changes {@code ctx} ({@code ctx._source}, {@code ctx.op}, ...) and {@code
 * params}. Painless compiles a source into a subclass of this (OpenSearch's {@code UpdateScript}).
 */
public abstract class UpdateScript {
  /** The names of {@link #execute()}'s parameters, which Painless reads: none. */
  public static final String[] PARAMETERS = {};

  private final Map<String, Object> params;
  private final Map<String, Object> ctx;

  public UpdateScript(Map<String, Object> params, Map<String, Object> ctx) {
    this.params = params;
    this.ctx = ctx;
  }

  /** {@code params} in the script. */
  public Map<String, Object> getParams() {
    return params;
  }

  /** {@code ctx} in the script. */
  public Map<String, Object> getCtx() {
    return ctx;
  }

  public abstract void execute();

  /** What Painless implements to make instances; one per compiled source. */
  public interface Factory {
    UpdateScript newInstance(Map<String, Object> params, Map<String, Object> ctx);
  }
}
