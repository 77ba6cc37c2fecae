package dev.duet.server.action;

import dev.duet.engine.error.DuetException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A search that failed on its shard, reported as OpenSearch does: {@code
 * search_phase_execution_exception} "all shards failed" in phase {@code query}, carrying the
 * shard's own failure as its cause (and, in REST, in {@code failed_shards}).
 */
public final class SearchPhaseFailure extends DuetException {
  private static final long serialVersionUID = 1L;

  private final String index;
  private final String nodeId;

  SearchPhaseFailure(DuetException shardFailure, String index, String nodeId) {
    super(
        shardFailure.status(),
        "search_phase_execution_exception",
        "all shards failed",
        phaseMetadata(),
        shardFailure);
    this.index = index;
    this.nodeId = nodeId;
  }

  /** The shard's failure, as the engine reported it. */
  public DuetException shardFailure() {
    return causedBy();
  }

  /** The index of the failed shard; null when the request named several. */
  public String index() {
    return index;
  }

  public String nodeId() {
    return nodeId;
  }

  private static Map<String, String> phaseMetadata() {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("phase", "query");
    meta.put("grouped", "true");
    return meta;
  }
}
