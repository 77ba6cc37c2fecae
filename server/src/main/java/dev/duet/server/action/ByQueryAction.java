package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.document.ByQueryRequest;
import dev.duet.engine.document.ByQueryResponse;
import dev.duet.engine.document.ByQueryTask;
import dev.duet.engine.document.ReindexRequest;
import dev.duet.engine.document.ReindexResponse;

/**
 * The writes driven by a search: {@code _delete_by_query}, {@code _update_by_query} and {@code
 * _reindex} within this node, each watched (and throttled, and cancelled) through its {@link
 * ByQueryTask}; with {@code wait_for_completion=false} the transports run them as a {@link
 * NodeTasks} task.
 */
public final class ByQueryAction {
  private final Engine engine;

  public ByQueryAction(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
  }

  public ByQueryResponse execute(ByQueryRequest request) {
    return engine.byQuery(request);
  }

  public ByQueryResponse execute(ByQueryRequest request, ByQueryTask task) {
    return engine.byQuery(request, task);
  }

  public ReindexResponse reindex(ReindexRequest request) {
    return engine.reindex(request);
  }

  public ReindexResponse reindex(ReindexRequest request, ByQueryTask task) {
    return engine.reindex(request, task);
  }

  /** What OpenSearch's tasks API calls the run. */
  public static String action(ByQueryRequest.Kind kind) {
    return kind == ByQueryRequest.Kind.DELETE
        ? "indices:data/write/delete/byquery"
        : "indices:data/write/update/byquery";
  }

  public static final String REINDEX_ACTION = "indices:data/write/reindex";

  /** The task's description, as OpenSearch writes it: {@code delete-by-query [index]}. */
  public static String description(ByQueryRequest request) {
    return (request.kind() == ByQueryRequest.Kind.DELETE ? "delete-by-query " : "update-by-query ")
        + request.indices();
  }

  /** {@code reindex from [source] to [dest]}. */
  public static String description(ReindexRequest request) {
    return "reindex from " + request.sources() + " to [" + request.dest() + "]";
  }
}
