package dev.duet.engine.internal.ingest;

import dev.duet.engine.internal.source.JsonMaps;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.TreeMap;

/**
 * Pipeline configurations by id, kept in one JSON file under the node's data folder and replaced
 * atomically on every change (as templates are), so pipelines survive a restart.
 */
final class PipelineStore {
  private final Path file;

  PipelineStore(Path file) {
    this.file = file;
  }

  @SuppressWarnings("unchecked")
  Map<String, Map<String, Object>> load() {
    Map<String, Map<String, Object>> out = new TreeMap<>();
    if (file == null || !Files.exists(file)) {
      return out;
    }
    try {
      Object root = JsonMaps.read(Files.readAllBytes(file));
      if (root instanceof Map<?, ?> map) {
        map.forEach((k, v) -> out.put(String.valueOf(k), (Map<String, Object>) v));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  void save(Map<String, Map<String, Object>> configs) {
    if (file == null) {
      return;
    }
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    try {
      byte[] bytes = JsonMaps.write(configs);
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
      try {
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
