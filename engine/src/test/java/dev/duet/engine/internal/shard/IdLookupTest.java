package dev.duet.engine.internal.shard;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.create;
import static dev.duet.engine.internal.EngineFixture.delete;
import static dev.duet.engine.internal.EngineFixture.index;
import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes with explicit ids whose previous versions are only in refreshed segments (the live version
 * map is empty after a refresh), so each write's version comes from the id lookup over the
 * segments, reused across writes and replaced by every refresh.
 */
public class IdLookupTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "ids", new IndexSettings(Map.of("index.refresh_interval", "-1")), Mapping.EMPTY);
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void versionsComeFromEverySegmentAcrossRefreshes() {
    // Three segments: ids 0-99, 100-199, 200-299, each refreshed (and so out of the version map).
    for (int segment = 0; segment < 3; segment++) {
      List<BulkItem> items = new ArrayList<>();
      for (int i = segment * 100; i < segment * 100 + 100; i++) {
        items.add(index("ids", "d" + i, "{\"n\":" + i + "}"));
      }
      assertThat(write(items)).allSatisfy(r -> assertThat(r.status()).isEqualTo(201));
    }
    write(List.of(delete("ids", "d150")));

    // Bulks large enough to be applied on several threads, all looking ids up in one reader.
    List<BulkItem> again = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      again.add(
          i % 2 == 0
              ? index("ids", "d" + i, "{\"n\":" + -i + "}")
              : create("ids", "d" + i, "{\"n\":" + -i + "}"));
    }
    List<BulkItemResponse> responses = write(again);

    for (int i = 0; i < 300; i++) {
      BulkItemResponse r = responses.get(i);
      if (i == 150) {
        assertThat(r.status()).as("create over a deleted id").isEqualTo(201);
      } else if (i % 2 == 0) {
        assertThat(r.status()).as("index over d%d", i).isEqualTo(200);
        assertThat(r.result().version()).isEqualTo(2);
        assertThat(r.result().result()).isEqualTo("updated");
      } else {
        assertThat(r.status()).as("create over d%d", i).isEqualTo(409);
        assertThat(r.failure().type()).isEqualTo("version_conflict_engine_exception");
      }
    }
    // The next refresh replaces the reader; an id unknown to every segment is created.
    assertThat(write(List.of(create("ids", "fresh", "{}"))).getFirst().status()).isEqualTo(201);
    assertThat(write(List.of(create("ids", "d0", "{}"))).getFirst().status()).isEqualTo(409);
  }

  private List<BulkItemResponse> write(List<BulkItem> items) {
    return engine.bulk(bulk(RefreshPolicy.IMMEDIATE, items.toArray(BulkItem[]::new))).items();
  }
}
