package dev.duet.engine.internal.shard;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A Lucene commit held on disk ({@link LuceneIndex#holdCommit}): the folder and the names of its
 * files, which stay as they are until {@link #close}.
 */
public final class CommitHold implements Closeable {
  private final Path folder;
  private final List<String> files;
  private final Release release;

  /** Frees the commit's files for deletion. */
  @FunctionalInterface
  interface Release {
    void release() throws IOException;
  }

  CommitHold(Path folder, List<String> files, Release release) {
    this.folder = folder;
    this.files = files;
    this.release = release;
  }

  public Path folder() {
    return folder;
  }

  /** The commit's files, its {@code segments_N} included. */
  public List<String> files() {
    return files;
  }

  @Override
  public void close() throws IOException {
    release.release();
  }
}
