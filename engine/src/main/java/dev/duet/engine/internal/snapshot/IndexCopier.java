package dev.duet.engine.internal.snapshot;

import dev.duet.engine.internal.meta.IndexMetadata;
import dev.duet.engine.internal.source.JsonMaps;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.lucene.codecs.CodecUtil;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;

/**
 * Copies one index's commit into a repository: each Lucene file becomes a blob named by its name,
 * checksum and length; a blob the repository holds already (from an earlier snapshot of the same
 * index) is reused, not copied again.
 */
final class IndexCopier {
  private IndexCopier() {}

  /** The index's manifest entry, its files copied or reused. */
  @SuppressWarnings("unchecked")
  static SnapshotManifest.IndexEntry copy(
      FsRepository repository, IndexMetadata metadata, Path luceneFolder, List<String> files)
      throws IOException {
    long start = System.currentTimeMillis();
    List<SnapshotManifest.FileEntry> entries = new ArrayList<>(files.size());
    try (Directory directory = FSDirectory.open(luceneFolder)) {
      for (String file : files.stream().sorted().toList()) {
        long length;
        String checksum;
        try (IndexInput in = directory.openInput(file, IOContext.READONCE)) {
          length = in.length();
          checksum = Long.toString(CodecUtil.retrieveChecksum(in), Character.MAX_RADIX);
        }
        String blob = FsRepository.blobName(metadata.uuid(), file, checksum, length);
        boolean copied = false;
        if (!repository.hasBlob(blob, length)) {
          repository.writeBlob(blob, luceneFolder.resolve(file));
          copied = true;
        }
        entries.add(new SnapshotManifest.FileEntry(file, blob, length, checksum, copied));
      }
    }
    Map<String, Object> meta =
        (Map<String, Object>) JsonMaps.read(metadata.withClosed(false).toJson());
    return new SnapshotManifest.IndexEntry(
        metadata.name(),
        metadata.uuid(),
        meta,
        metadata.settings().numberOfShards(),
        entries,
        start,
        System.currentTimeMillis() - start);
  }

  static String describe(Throwable e) {
    return e.getClass().getSimpleName().toLowerCase(Locale.ROOT) + ": " + e.getMessage();
  }
}
