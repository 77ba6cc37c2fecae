package dev.duet.engine.snapshot;

import java.util.List;

/**
 * {@code _snapshot/{repository}/{snapshot}/_status}: a snapshot's files, counted per index (and per
 * shard: an index's files all count on its shard 0, which holds Duet's one Lucene index).
 */
public record SnapshotStatus(String repository, SnapshotInfo info, List<IndexFiles> indices) {

  /**
   * One index's files in the snapshot: all of them ({@code total}) and those this snapshot copied
   * ({@code incremental}), the others being in the repository already.
   */
  public record IndexFiles(
      String index,
      int shards,
      int fileCount,
      long sizeInBytes,
      int incrementalFileCount,
      long incrementalSizeInBytes,
      long startMillis,
      long timeMillis) {}

  public int fileCount() {
    return indices.stream().mapToInt(IndexFiles::fileCount).sum();
  }

  public long sizeInBytes() {
    return indices.stream().mapToLong(IndexFiles::sizeInBytes).sum();
  }

  public int incrementalFileCount() {
    return indices.stream().mapToInt(IndexFiles::incrementalFileCount).sum();
  }

  public long incrementalSizeInBytes() {
    return indices.stream().mapToLong(IndexFiles::incrementalSizeInBytes).sum();
  }

  public int shards() {
    return indices.stream().mapToInt(IndexFiles::shards).sum();
  }
}
