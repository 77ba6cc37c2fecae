package dev.duet.engine.internal.shard;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.matchAll;
import static dev.duet.engine.internal.EngineFixture.search;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Search-idle indices, as OpenSearch 3.8 has them (checked against it: after 30 s without a search,
 * {@code _cat/indices} kept an old docs.count while writes went on, and the next {@code _count} saw
 * every write).
 */
public class SearchIdleTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void idleIndexSkipsScheduledRefreshesUntilTheNextSearch() throws InterruptedException {
    engine.createIndex(
        "quiet", new IndexSettings(Map.of("index.search.idle.after", "1s")), Mapping.EMPTY);
    engine.bulk(bulk(RefreshPolicy.IMMEDIATE, index("quiet", "1", "{\"n\":1}")));
    Thread.sleep(1_500); // no search for longer than search.idle.after

    engine.bulk(bulk(RefreshPolicy.NONE, index("quiet", "2", "{\"n\":2}")));
    Thread.sleep(2_500); // at least two scheduled refreshes come and go

    assertThat(engine.index("quiet").docsCount()).isEqualTo(1); // stats are no search
    assertThat(engine.search(search("quiet", matchAll())).totalHits().value()).isEqualTo(2);
    assertThat(engine.index("quiet").docsCount()).isEqualTo(2);
  }

  @Test
  void explicitRefreshIntervalIsAlwaysHonoured() throws InterruptedException {
    engine.createIndex(
        "busy",
        new IndexSettings(Map.of("index.search.idle.after", "1s", "index.refresh_interval", "1s")),
        Mapping.EMPTY);
    Thread.sleep(1_500);

    engine.bulk(bulk(RefreshPolicy.NONE, index("busy", "1", "{\"n\":1}")));

    long deadline = System.nanoTime() + 30_000_000_000L;
    while (engine.index("busy").docsCount() == 0 && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    assertThat(engine.index("busy").docsCount()).isEqualTo(1);
  }

  @Test
  void refusesAnIdleAfterThatIsNoTimeValueOrNegative() {
    assertThatThrownBy(() -> createWithIdleAfter("soon"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.type()).isEqualTo("illegal_argument_exception");
              assertThat(e.reason())
                  .isEqualTo(
                      "failed to parse setting [index.search.idle.after] with value [soon] as a"
                          + " time value: unit is missing or unrecognized");
            });
    assertThatThrownBy(() -> createWithIdleAfter("-1"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e ->
                assertThat(e.reason())
                    .isEqualTo(
                        "failed to parse value [-1] for setting [index.search.idle.after], must"
                            + " be >= [0m]"));
  }

  private void createWithIdleAfter(String value) {
    engine.createIndex(
        "bad", new IndexSettings(Map.of("index.search.idle.after", value)), Mapping.EMPTY);
  }
}
