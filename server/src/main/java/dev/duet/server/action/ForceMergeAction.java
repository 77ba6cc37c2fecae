package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.ForceMerge;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndicesOptions;
import java.util.List;

/**
 * {@code _forcemerge}: merges the matching indices' segments and answers the shard counts. It runs
 * to the end before answering; OpenSearch's {@code wait_for_completion=false} hands the merge to
 * its tasks API, which Duet does not have, so that is refused. Shared by every transport.
 */
public final class ForceMergeAction {
  private final Engine engine;

  public ForceMergeAction(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
  }

  /**
   * @param primaryOnly OpenSearch's {@code primary_only}: replicas are left out of the total
   */
  public ShardCounts execute(
      String expression,
      IndicesOptions options,
      ForceMerge request,
      boolean primaryOnly,
      boolean waitForCompletion) {
    if (!waitForCompletion) {
      throw DuetException.illegalArgument(
          "[wait_for_completion=false] is not supported by Duet: force merges run synchronously");
    }
    List<IndexInfo> indices = engine.indices(expression, options);
    engine.forceMerge(expression, options, request);
    ShardCounts shards = ShardCounts.of(indices);
    return primaryOnly
        ? new ShardCounts(shards.successful(), shards.successful(), shards.failed())
        : shards;
  }
}
