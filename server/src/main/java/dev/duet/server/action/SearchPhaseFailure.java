package dev.duet.server.action;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.error.ShardFailure;
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
  private final String phase;
  private final int shard;

  SearchPhaseFailure(DuetException shardFailure, String index, String nodeId) {
    this(shardFailure, index, nodeId, "query", 0);
  }

  /** A failure the engine placed on a shard, or on none, in a phase it names. */
  SearchPhaseFailure(ShardFailure failure, String nodeId) {
    this(failure, failure.index(), nodeId, failure.phase(), failure.shard());
  }

  private SearchPhaseFailure(
      DuetException shardFailure, String index, String nodeId, String phase, int shard) {
    super(
        shardFailure.status(),
        "search_phase_execution_exception",
        "all shards failed",
        phaseMetadata(phase),
        shardFailure);
    this.index = index;
    this.nodeId = nodeId;
    this.phase = phase;
    this.shard = shard;
  }

  /** The search phase that failed: {@code query}, {@code create_pit}. */
  public String phase() {
    return phase;
  }

  /** The failed shard's number; -1 when the failure belongs to no shard (a context gone). */
  public int shard() {
    return shard;
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

  private static Map<String, String> phaseMetadata(String phase) {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("phase", phase);
    meta.put("grouped", "true");
    return meta;
  }
}
