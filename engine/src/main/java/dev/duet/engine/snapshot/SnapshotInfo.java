package dev.duet.engine.snapshot;

import java.util.List;
import java.util.Map;

/**
 * A snapshot as {@code GET _snapshot/{repository}/{snapshot}} reports it.
 *
 * @param metadata the caller's metadata, or null when none was given
 * @param endMillis 0 while it runs
 */
public record SnapshotInfo(
    String name,
    String uuid,
    List<String> indices,
    boolean includeGlobalState,
    Map<String, Object> metadata,
    State state,
    long startMillis,
    long endMillis,
    int totalShards,
    int successfulShards,
    List<Failure> failures) {

  /** OpenSearch's snapshot states. */
  public enum State {
    IN_PROGRESS,
    SUCCESS,
    PARTIAL,
    FAILED
  }

  /** One index (as one shard) that could not be copied, and why. */
  public record Failure(String index, String indexUuid, int shard, String reason) {}

  public int failedShards() {
    return totalShards - successfulShards;
  }

  /** The reason OpenSearch's {@code _cat/snapshots} shows: failures' reasons, or empty. */
  public String reason() {
    return String.join("; ", failures.stream().map(Failure::reason).toList());
  }
}
