package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.index.ForceMerge;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndicesOptions;
import java.util.List;

/**
 * {@code _forcemerge}: merges the matching indices' segments and answers the shard counts. It runs
 * to the end before answering; with {@code wait_for_completion=false} the transport runs it as a
 * task ({@link NodeTasks#runInBackground}). Shared by every transport.
 */
public final class ForceMergeAction {
  private final Engine engine;

  public ForceMergeAction(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
  }

  /** The task description OpenSearch gives a force merge. */
  public static String description(String expression, ForceMerge request, boolean primaryOnly) {
    return "Force-merge indices ["
        + (expression == null ? "" : expression)
        + "], maxSegments["
        + request.maxNumSegments()
        + "], onlyExpungeDeletes["
        + request.onlyExpungeDeletes()
        + "], flush["
        + request.flush()
        + "], primaryOnly["
        + primaryOnly
        + "]";
  }

  /**
   * @param primaryOnly OpenSearch's {@code primary_only}: replicas are left out of the total
   */
  public ShardCounts execute(
      String expression, IndicesOptions options, ForceMerge request, boolean primaryOnly) {
    List<IndexInfo> indices = engine.indices(expression, options);
    engine.forceMerge(expression, options, request);
    ShardCounts shards = ShardCounts.of(indices);
    return primaryOnly
        ? new ShardCounts(shards.successful(), shards.successful(), shards.failed())
        : shards;
  }
}
