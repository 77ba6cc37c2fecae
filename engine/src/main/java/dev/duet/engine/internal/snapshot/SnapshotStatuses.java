package dev.duet.engine.internal.snapshot;

import dev.duet.engine.snapshot.SnapshotInfo;
import dev.duet.engine.snapshot.SnapshotStatus;
import java.util.ArrayList;
import java.util.List;

/** A snapshot's {@code _status}, counted from its manifest (or, running, from what it names). */
final class SnapshotStatuses {
  private SnapshotStatuses() {}

  static SnapshotStatus of(String repository, SnapshotManifest m, List<String> indexFilter) {
    List<SnapshotStatus.IndexFiles> files = new ArrayList<>();
    for (SnapshotManifest.IndexEntry e : m.indices()) {
      if (indexFilter != null && !indexFilter.isEmpty() && !indexFilter.contains(e.name())) {
        continue;
      }
      int count = e.files().size();
      long size = e.files().stream().mapToLong(SnapshotManifest.FileEntry::length).sum();
      int copied = (int) e.files().stream().filter(SnapshotManifest.FileEntry::copied).count();
      long copiedSize =
          e.files().stream()
              .filter(SnapshotManifest.FileEntry::copied)
              .mapToLong(SnapshotManifest.FileEntry::length)
              .sum();
      files.add(
          new SnapshotStatus.IndexFiles(
              e.name(),
              e.shards(),
              count,
              size,
              copied,
              copiedSize,
              e.startMillis(),
              e.timeMillis()));
    }
    return new SnapshotStatus(repository, m.info(), files);
  }

  static SnapshotStatus running(String repository, SnapshotInfo info) {
    List<SnapshotStatus.IndexFiles> files = new ArrayList<>();
    for (String index : info.indices()) {
      files.add(new SnapshotStatus.IndexFiles(index, 1, 0, 0, 0, 0, info.startMillis(), 0));
    }
    return new SnapshotStatus(repository, info, files);
  }
}
