package dev.duet.engine.internal.stats;

import static dev.duet.engine.index.StatsCounter.*;
import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.delete;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.matchAll;
import static dev.duet.engine.internal.EngineFixture.search;
import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.UpdateRequest;
import dev.duet.engine.document.VersionCheck;
import dev.duet.engine.index.ForceMerge;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.IndexStats;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.SearchRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The counters behind {@code _stats}, moved by real writes, gets, searches, refreshes, flushes and
 * merges on a real Lucene index.
 */
class IndexStatsTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "st", new IndexSettings(Map.of("index.number_of_replicas", "0")), Mapping.EMPTY);
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private IndexStats stats() {
    List<IndexStats> all = engine.stats("st", IndicesOptions.DEFAULTS);
    assertThat(all).hasSize(1);
    return all.get(0);
  }

  @Test
  void countsIndexingDeletesAndNoopUpdates() {
    engine.bulk(bulk(index("st", "1", "{\"f\":\"a\"}"), index("st", "2", "{\"f\":\"b\"}")));
    engine.bulk(bulk(delete("st", "2")));
    byte[] same = "{\"f\":\"a\"}".getBytes(StandardCharsets.UTF_8);
    engine.bulk(bulk(BulkItem.update("st", "1", UpdateRequest.ofDoc(same), VersionCheck.NONE)));

    IndexStats.Values v = stats().values();
    assertThat(v.get(INDEX_TOTAL)).isEqualTo(2);
    assertThat(v.get(INDEX_CURRENT)).isZero();
    assertThat(v.get(DELETE_TOTAL)).isEqualTo(1);
    assertThat(v.get(NOOP_UPDATE_TOTAL)).isEqualTo(1);
    assertThat(v.get(MAX_LAST_INDEX_REQUEST_TIMESTAMP)).isPositive();
    assertThat(v.get(DOCS_COUNT)).isEqualTo(1);
    assertThat(v.get(TRANSLOG_OPERATIONS)).isEqualTo(3);
    assertThat(v.get(TRANSLOG_BYTES)).isPositive();
    assertThat(v.get(TRANSLOG_EARLIEST_LAST_MODIFIED_AGE)).isNotNegative();
    assertThat(v.get(REFRESH_TOTAL)).isPositive();
    assertThat(v.get(SEGMENT_COUNT)).isPositive();
  }

  @Test
  void countsGetsAsExistingOrMissing() {
    engine.bulk(bulk(index("st", "1", "{\"f\":\"a\"}")));
    engine.get("st", "1");
    engine.get("st", "1");
    engine.get("st", "nope");

    IndexStats.Values v = stats().values();
    assertThat(v.get(GET_TOTAL)).isEqualTo(3);
    assertThat(v.get(GET_EXISTS_TOTAL)).isEqualTo(2);
    assertThat(v.get(GET_MISSING_TOTAL)).isEqualTo(1);
    assertThat(v.get(GET_CURRENT)).isZero();
  }

  @Test
  void countsQueryAndFetchPhasesAndStatsGroups() {
    engine.bulk(bulk(index("st", "1", "{\"f\":\"a\"}")));
    engine.search(search("st", matchAll()));
    SearchRequest grouped = search("st", matchAll());
    grouped = grouped.withOptions(grouped.options().withStatsGroups(List.of("bar", "baz")));
    engine.search(grouped);

    IndexStats stats = stats();
    assertThat(stats.values().get(QUERY_TOTAL)).isEqualTo(2);
    assertThat(stats.values().get(FETCH_TOTAL)).isEqualTo(2);
    assertThat(stats.values().get(QUERY_CURRENT)).isZero();
    assertThat(stats.searchGroups()).containsOnlyKeys("bar", "baz");
    assertThat(stats.searchGroups().get("bar").get(QUERY_TOTAL)).isEqualTo(1);
    assertThat(stats.searchGroups().get("baz").get(FETCH_TOTAL)).isEqualTo(1);
  }

  @Test
  void flushEmptiesTheTranslogAndMergesAreCounted() {
    assertThat(stats().values().get(FLUSH_TOTAL)).isZero(); // opening commits uncounted
    for (int i = 0; i < 3; i++) {
      engine.bulk(bulk(index("st", "d" + i, "{\"n\":" + i + "}")));
      engine.flush("st");
    }
    engine.forceMerge("st", IndicesOptions.DEFAULTS, new ForceMerge(1, false, true));

    IndexStats stats = stats();
    assertThat(stats.values().get(FLUSH_TOTAL)).isGreaterThanOrEqualTo(3);
    assertThat(stats.values().get(TRANSLOG_OPERATIONS)).isZero();
    assertThat(stats.values().get(TRANSLOG_UNCOMMITTED_OPERATIONS)).isZero();
    assertThat(stats.values().get(MERGE_TOTAL)).isPositive();
    assertThat(stats.values().get(MERGE_TOTAL_DOCS)).isEqualTo(3);
    assertThat(stats.values().get(MERGE_CURRENT)).isZero();
    assertThat(stats.fileSizes()).containsKey("si");
    assertThat(stats.commit().generation()).isPositive();
    assertThat(stats.commit().userData()).containsKey("max_seq_no");
  }
}
