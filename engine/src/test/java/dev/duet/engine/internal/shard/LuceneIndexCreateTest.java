package dev.duet.engine.internal.shard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.internal.meta.IndexMetadata;
import dev.duet.engine.mapping.Mapping;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An index is only ever created in a folder of its own, never over another index's. */
public class LuceneIndexCreateTest {
  @TempDir Path data;

  @Test
  void creationNeverWritesIntoAnExistingFolder() throws Exception {
    ScheduledExecutorService tasks =
        Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().name("test").factory());
    try {
      Path dir = data.resolve("same-uuid");
      IndexMetadata first =
          new IndexMetadata("first", "same-uuid", 1, IndexSettings.DEFAULTS, Mapping.EMPTY);
      try (LuceneIndex index =
          LuceneIndex.create(dir, first, tasks, tasks, new ClauseLimit(1024))) {
        byte[] metadata = Files.readAllBytes(dir.resolve(IndexMetadata.FILE));
        IndexMetadata second =
            new IndexMetadata("second", "same-uuid", 2, IndexSettings.DEFAULTS, Mapping.EMPTY);

        assertThatThrownBy(
                () -> LuceneIndex.create(dir, second, tasks, tasks, new ClauseLimit(1024)))
            .isInstanceOf(FileAlreadyExistsException.class);
        assertThat(Files.readAllBytes(dir.resolve(IndexMetadata.FILE))).isEqualTo(metadata);
        assertThat(index.name()).isEqualTo("first");
      }
    } finally {
      tasks.shutdownNow();
    }
  }
}
