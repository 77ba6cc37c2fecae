package dev.duet.engine.internal.snapshot;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.shard.LuceneIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.lucene.codecs.CodecUtil;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.util.IOUtils;

/**
 * Lays a snapshot's index out in a new folder: each blob copied back under its Lucene file name and
 * checked against its checksum, so a damaged repository fails the restore, never the index.
 */
final class IndexRestorer {
  private IndexRestorer() {}

  /** Copies the entry's files into {@code staged}'s Lucene folder; the bytes copied. */
  static long layOut(FsRepository repository, SnapshotManifest.IndexEntry entry, Path staged)
      throws IOException {
    Path lucene = LuceneIndex.luceneFolder(staged);
    Files.createDirectories(lucene);
    long bytes = 0;
    for (SnapshotManifest.FileEntry f : entry.files()) {
      Path blob = repository.blob(f.blob());
      if (!Files.isRegularFile(blob)) {
        throw new DuetException(
            500,
            "snapshot_restore_exception",
            "blob [" + f.blob() + "] of file [" + f.name() + "] is missing from the repository");
      }
      Files.copy(blob, lucene.resolve(f.name()));
      IOUtils.fsync(lucene.resolve(f.name()), false);
      bytes += f.length();
    }
    try (Directory directory = FSDirectory.open(lucene)) {
      for (SnapshotManifest.FileEntry f : entry.files()) {
        try (IndexInput in = directory.openInput(f.name(), IOContext.READONCE)) {
          String checksum = Long.toString(CodecUtil.checksumEntireFile(in), Character.MAX_RADIX);
          if (!checksum.equals(f.checksum())) {
            throw new CorruptIndexException(
                "checksum " + checksum + " where the snapshot recorded " + f.checksum(), f.name());
          }
        }
      }
    }
    AtomicFiles.fsyncFolder(lucene);
    return bytes;
  }
}
