package dev.duet.engine.internal.admin;

import dev.duet.engine.internal.meta.IndexMetadata;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/** An index's folder on disk: telling a crashed creation's leftover, and deleting it whole. */
final class IndexFolders {
  private IndexFolders() {}

  /** A folder with no metadata and no data: what a creation that crashed at once leaves. */
  static boolean isCreationLeftover(Path dir) throws IOException {
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
      for (Path file : files) {
        if (!file.getFileName().toString().equals(IndexMetadata.FILE + ".tmp")) {
          return false;
        }
      }
    }
    return true;
  }

  /** Deletes {@code dir} and everything under it; nothing when it does not exist. */
  static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    Files.walkFileTree(
        dir,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            Files.delete(file);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path d, IOException exc) throws IOException {
            Files.delete(d);
            return FileVisitResult.CONTINUE;
          }
        });
  }
}
