package dev.duet.engine.internal.snapshot;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.admin.NodeIndices;
import dev.duet.engine.internal.meta.IndexMetadata;
import dev.duet.engine.internal.shard.CommitHold;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.snapshot.CreateSnapshot;
import dev.duet.engine.snapshot.SnapshotInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes one snapshot: each index's commit held and copied (an open index flushes first, so the
 * commit holds every acknowledged write; writes go on meanwhile), then the manifest written, which
 * is what makes the snapshot exist. An index that cannot be copied is a failure of the snapshot
 * ({@code PARTIAL} when asked, else {@code FAILED}), not of the others.
 */
final class SnapshotWriter {
  private static final Logger LOG = LoggerFactory.getLogger(SnapshotWriter.class);

  private SnapshotWriter() {}

  /** Copies each index's held commit, then writes the manifest that makes the snapshot exist. */
  static SnapshotInfo take(
      NodeIndices indices, FsRepository fs, SnapshotInfo started, CreateSnapshot request)
      throws IOException {
    Files.createDirectories(fs.location());
    List<SnapshotManifest.IndexEntry> entries = new ArrayList<>();
    List<SnapshotInfo.Failure> failures = new ArrayList<>();
    int successful = 0;
    for (String name : started.indices()) {
      try {
        SnapshotManifest.IndexEntry entry = copyIndex(indices, fs, name);
        entries.add(entry);
        successful += entry.shards();
      } catch (DuetException | IOException | UncheckedIOException e) {
        LOG.warn("snapshot [{}]: index [{}] could not be copied", started.name(), name, e);
        LuceneIndex open = indices.get(name);
        failures.add(
            new SnapshotInfo.Failure(
                name, open == null ? "_na_" : open.uuid(), 0, IndexCopier.describe(e)));
      }
    }
    SnapshotInfo.State state =
        failures.isEmpty()
            ? SnapshotInfo.State.SUCCESS
            : request.partial() ? SnapshotInfo.State.PARTIAL : SnapshotInfo.State.FAILED;
    SnapshotInfo done =
        new SnapshotInfo(
            started.name(),
            started.uuid(),
            started.indices(),
            started.includeGlobalState(),
            started.metadata(),
            state,
            started.startMillis(),
            System.currentTimeMillis(),
            Math.max(started.totalShards(), successful + failures.size()),
            successful,
            failures);
    fs.write(new SnapshotManifest(done, entries));
    return done;
  }

  /** One index's files as of a commit: an open index's held commit, a closed one's last. */
  private static SnapshotManifest.IndexEntry copyIndex(
      NodeIndices indices, FsRepository fs, String name) throws IOException {
    LuceneIndex open = indices.get(name);
    if (open != null) {
      try (CommitHold hold = open.holdCommit()) {
        return IndexCopier.copy(fs, open.metadata(), hold.folder(), hold.files());
      }
    }
    Path folder = indices.closedFolder(name);
    IndexMetadata metadata = indices.closedMetadata(name);
    if (folder == null || metadata == null) {
      throw DuetException.indexNotFound(name);
    }
    Path lucene = LuceneIndex.luceneFolder(folder);
    List<String> files;
    try (Directory directory = FSDirectory.open(lucene)) {
      files = List.copyOf(SegmentInfos.readLatestCommit(directory).files(true));
    }
    return IndexCopier.copy(fs, metadata, lucene, files);
  }
}
