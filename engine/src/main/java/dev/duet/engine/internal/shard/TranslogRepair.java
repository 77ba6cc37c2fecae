package dev.duet.engine.internal.shard;

import dev.duet.engine.index.TranslogRepairReport;
import dev.duet.engine.internal.meta.FailedIndices;
import dev.duet.engine.internal.translog.Translog;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.Lock;
import org.apache.lucene.store.LockObtainFailedException;

/**
 * The offline repair of an index whose translog is damaged before its tail (the role of {@code
 * opensearch-shard remove-corrupted-data}): run while no node has the data folder open; the next
 * start replays the operations before the damage and the index is green again.
 */
public final class TranslogRepair {
  private TranslogRepair() {}

  /**
   * Repairs the translog of {@code index} (its name, or its folder's uuid when its metadata is
   * unreadable) under {@code dataDir}; throws {@link IllegalArgumentException} when there is no
   * such index or a running node holds it.
   */
  public static TranslogRepairReport run(Path dataDir, String index) throws IOException {
    Path folder = find(dataDir.resolve("indices"), index);
    if (folder == null) {
      throw new IllegalArgumentException("no index [" + index + "] under " + dataDir);
    }
    Path lucene = folder.resolve(LuceneIndex.LUCENE_DIR);
    Files.createDirectories(lucene);
    try (Directory directory = FSDirectory.open(lucene);
        Lock lock = directory.obtainLock(IndexWriter.WRITE_LOCK_NAME)) {
      Translog.Repair repair =
          Translog.removeCorruptedData(folder.resolve(LuceneIndex.TRANSLOG_DIR));
      if (repair == null) {
        return new TranslogRepairReport(index, folder, null, null, 0, 0, null);
      }
      return new TranslogRepairReport(
          index,
          folder,
          repair.file(),
          repair.problem(),
          repair.keptOperations(),
          repair.cutBytes(),
          repair.copy());
    } catch (LockObtainFailedException e) {
      throw new IllegalArgumentException(
          "index [" + index + "] is open in a running node; stop the node first", e);
    }
  }

  private static Path find(Path indicesDir, String index) throws IOException {
    if (!Files.isDirectory(indicesDir)) {
      return null;
    }
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(indicesDir)) {
      for (Path dir : dirs) {
        if (dir.getFileName().toString().equals(index) || index.equals(FailedIndices.nameIn(dir))) {
          return dir;
        }
      }
    }
    return null;
  }
}
