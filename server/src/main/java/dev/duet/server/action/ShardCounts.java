package dev.duet.server.action;

import dev.duet.engine.index.IndexInfo;
import java.util.List;

/**
 * The {@code _shards} counts of a broadcast action (refresh, flush) as OpenSearch reports them on
 * one node: every primary succeeds, replicas count towards the total but stay unassigned.
 */
public record ShardCounts(int total, int successful, int failed) {
  public static ShardCounts of(List<IndexInfo> indices) {
    int total = 0;
    int successful = 0;
    for (IndexInfo info : indices) {
      int shards = info.settings().numberOfShards();
      total += shards * (1 + info.settings().numberOfReplicas());
      successful += shards;
    }
    return new ShardCounts(total, successful, 0);
  }
}
