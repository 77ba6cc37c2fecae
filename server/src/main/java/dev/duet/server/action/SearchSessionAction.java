package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.error.ShardFailure;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.search.PointInTime;
import dev.duet.engine.search.SearchResponse;
import java.util.List;

/**
 * The one handler for points in time ({@code _search/point_in_time}, gRPC {@code CreatePit} and
 * {@code DeletePit}) and scroll pages ({@code _search/scroll}): searches that start or stay in one
 * are {@link SearchAction}'s. A failure the engine reports on a shard (too many open contexts, a
 * context gone) is OpenSearch's {@code search_phase_execution_exception} around it.
 */
public final class SearchSessionAction {
  private final Engine engine;
  private final String nodeId;

  public SearchSessionAction(Engine engine, String nodeId) {
    this.engine = requireNonNull(engine, "engine");
    this.nodeId = requireNonNull(nodeId, "nodeId");
  }

  public PointInTime createPit(List<String> indices, IndicesOptions options, String keepAlive) {
    try {
      return engine.createPit(indices, options, keepAlive);
    } catch (ShardFailure e) {
      throw new SearchPhaseFailure(e, nodeId);
    }
  }

  public List<String> deletePits(List<String> ids) {
    return engine.deletePits(ids);
  }

  public List<String> deleteAllPits() {
    return engine.deleteAllPits();
  }

  public List<PointInTime> pits() {
    return engine.pits();
  }

  /** The next page of a scroll; the last one when {@code keepAlive} is null. */
  public SearchResponse scroll(String scrollId, String keepAlive) {
    try {
      return engine.scroll(scrollId, keepAlive);
    } catch (ShardFailure e) {
      throw new SearchPhaseFailure(e, nodeId);
    }
  }

  /** Clears scrolls by id, all when {@code ids} is null; the number freed. */
  public int clearScrolls(List<String> ids) {
    return engine.clearScrolls(ids);
  }
}
