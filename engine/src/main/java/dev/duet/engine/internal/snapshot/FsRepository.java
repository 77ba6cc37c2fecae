package dev.duet.engine.internal.snapshot;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A repository folder: Lucene files as blobs under {@code indices/<index uuid>/}, named by file,
 * checksum and length (so a file already there is recognised and reused), and one manifest per
 * snapshot under {@code snapshots/}. A manifest is written after every blob it names and each file
 * is written whole or not at all, so a crash mid-snapshot leaves only blobs no manifest names,
 * which {@link #collectGarbage} deletes.
 */
final class FsRepository {
  private static final String SNAPSHOTS = "snapshots";
  private static final String INDICES = "indices";
  private static final String MANIFEST = ".json";

  private final Path location;

  FsRepository(Path location) {
    this.location = location;
  }

  Path location() {
    return location;
  }

  /** The blob name of a Lucene file: its name, checksum and length. */
  static String blobName(String indexUuid, String file, String checksum, long length) {
    return INDICES + "/" + indexUuid + "/" + file + "__" + checksum + "_" + length;
  }

  Path blob(String blobName) {
    return location.resolve(blobName);
  }

  /** Whether the blob is there, whole: a blob is only ever renamed into place complete. */
  boolean hasBlob(String blobName, long length) {
    Path file = blob(blobName);
    try {
      return Files.isRegularFile(file) && Files.size(file) == length;
    } catch (IOException e) {
      return false;
    }
  }

  void writeBlob(String blobName, Path source) throws IOException {
    Path target = blob(blobName);
    Files.createDirectories(target.getParent());
    AtomicFiles.copy(source, target);
  }

  /** The names of the snapshots the repository holds. */
  List<String> snapshotNames() throws IOException {
    Path dir = location.resolve(SNAPSHOTS);
    List<String> names = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return names;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + MANIFEST)) {
      for (Path file : files) {
        String name = file.getFileName().toString();
        names.add(name.substring(0, name.length() - MANIFEST.length()));
      }
    }
    return names;
  }

  boolean exists(String snapshot) {
    return Files.isRegularFile(manifestFile(snapshot));
  }

  /** The snapshot's manifest, or null when the repository has none of that name. */
  SnapshotManifest read(String snapshot) throws IOException {
    try {
      return SnapshotManifest.fromJson(Files.readAllBytes(manifestFile(snapshot)));
    } catch (NoSuchFileException e) {
      return null;
    }
  }

  /** Every snapshot, oldest first. */
  List<SnapshotManifest> readAll() throws IOException {
    List<SnapshotManifest> all = new ArrayList<>();
    for (String name : snapshotNames()) {
      SnapshotManifest m = read(name);
      if (m != null) {
        all.add(m);
      }
    }
    all.sort(
        Comparator.comparingLong((SnapshotManifest m) -> m.info().startMillis())
            .thenComparing(m -> m.info().name()));
    return all;
  }

  void write(SnapshotManifest manifest) throws IOException {
    Files.createDirectories(location.resolve(SNAPSHOTS));
    AtomicFiles.write(manifestFile(manifest.info().name()), manifest.toJson());
  }

  void delete(String snapshot) throws IOException {
    Files.deleteIfExists(manifestFile(snapshot));
  }

  /**
   * Deletes every file under {@code indices/} that no manifest names (and unfinished temporary
   * files), and index folders left empty: the bytes and files deleted.
   */
  long[] collectGarbage() throws IOException {
    Set<String> referenced = new HashSet<>();
    for (SnapshotManifest m : readAll()) {
      for (SnapshotManifest.IndexEntry e : m.indices()) {
        for (SnapshotManifest.FileEntry f : e.files()) {
          referenced.add(f.blob());
        }
      }
    }
    long bytes = 0;
    long blobs = 0;
    List<Path> stale = new ArrayList<>();
    for (Path root : List.of(location.resolve(INDICES), location.resolve(SNAPSHOTS))) {
      if (!Files.isDirectory(root)) {
        continue;
      }
      boolean manifests = root.endsWith(SNAPSHOTS);
      try (Stream<Path> files = Files.walk(root)) {
        for (Path file : (Iterable<Path>) files::iterator) {
          if (!Files.isRegularFile(file)) {
            continue;
          }
          String relative = location.relativize(file).toString().replace('\\', '/');
          boolean keep =
              manifests
                  ? file.getFileName().toString().endsWith(MANIFEST)
                  : referenced.contains(relative);
          if (!keep) {
            stale.add(file);
          }
        }
      }
    }
    for (Path file : stale) {
      long size = Files.size(file);
      Files.delete(file);
      bytes += size;
      blobs++;
    }
    Path indices = location.resolve(INDICES);
    if (Files.isDirectory(indices)) {
      try (DirectoryStream<Path> dirs = Files.newDirectoryStream(indices)) {
        for (Path dir : dirs) {
          try (DirectoryStream<Path> inside = Files.newDirectoryStream(dir)) {
            if (!inside.iterator().hasNext()) {
              Files.delete(dir);
            }
          }
        }
      }
    }
    return new long[] {bytes, blobs};
  }

  /** Writes, reads back and deletes a file: what verifying a repository checks. */
  void verify(boolean readonly) throws IOException {
    if (!Files.isDirectory(location)) {
      throw new NoSuchFileException(location.toString(), null, "the location is not a folder");
    }
    if (readonly) {
      try (DirectoryStream<Path> ignored = Files.newDirectoryStream(location)) {
        return; // readable
      }
    }
    Path probe = location.resolve("tests-" + System.nanoTime() + ".dat");
    byte[] content =
        probe.getFileName().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    Files.write(probe, content);
    try {
      if (!java.util.Arrays.equals(Files.readAllBytes(probe), content)) {
        throw new IOException("the probe file did not read back as written");
      }
    } finally {
      Files.deleteIfExists(probe);
    }
  }

  private Path manifestFile(String snapshot) {
    return location.resolve(SNAPSHOTS).resolve(snapshot + MANIFEST);
  }
}
