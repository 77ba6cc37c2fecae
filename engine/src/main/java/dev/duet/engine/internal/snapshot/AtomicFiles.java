package dev.duet.engine.internal.snapshot;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/** Files written whole or not at all: a temporary file, fsync, rename, fsync of the folder. */
final class AtomicFiles {
  static final String TMP = ".tmp";

  private AtomicFiles() {}

  static void write(Path file, byte[] bytes) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + TMP);
    try (FileChannel ch =
        FileChannel.open(
            tmp,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
      ByteBuffer buffer = ByteBuffer.wrap(bytes);
      while (buffer.hasRemaining()) {
        ch.write(buffer);
      }
      ch.force(true);
    }
    publish(tmp, file);
  }

  /** Copies {@code source} to {@code target} through a temporary file, durably. */
  static void copy(Path source, Path target) throws IOException {
    Path tmp = target.resolveSibling(target.getFileName() + TMP);
    Files.copy(source, tmp, StandardCopyOption.REPLACE_EXISTING);
    try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
      ch.force(true);
    }
    publish(tmp, target);
  }

  private static void publish(Path tmp, Path file) throws IOException {
    try {
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
    }
    fsyncFolder(file.getParent());
  }

  static void fsyncFolder(Path folder) {
    try (FileChannel dir = FileChannel.open(folder, StandardOpenOption.READ)) {
      dir.force(true);
    } catch (IOException e) {
      // Some file systems cannot fsync a folder; the rename is still atomic.
    }
  }
}
