package dev.duet.engine.error;

import java.util.Map;

/**
 * A failure on one shard of a search, or on none ({@code shard} -1: a scroll or point-in-time
 * context that no longer exists), in a named search {@code phase}: rendered by the server as
 * OpenSearch's {@code search_phase_execution_exception} around it.
 */
public class ShardFailure extends DuetException {
  private static final long serialVersionUID = 1L;

  private final String phase;
  private final int shard;
  private final String index;

  public ShardFailure(
      int status, String type, String reason, String phase, int shard, String index) {
    super(status, type, reason, Map.of(), null);
    this.phase = phase;
    this.shard = shard;
    this.index = index;
  }

  public String phase() {
    return phase;
  }

  /** The shard number, or -1 when the failure belongs to no shard. */
  public int shard() {
    return shard;
  }

  /** The shard's index, or null. */
  public String index() {
    return index;
  }
}
