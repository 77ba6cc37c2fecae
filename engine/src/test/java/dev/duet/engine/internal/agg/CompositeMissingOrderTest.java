package dev.duet.engine.internal.agg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.Aggregation.MissingOrder;
import dev.duet.engine.search.AggregationResult.Bucket;
import dev.duet.engine.search.AggregationResult.Buckets;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SortSpec;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A composite source's {@code missing_order} places its null bucket first or last whatever the
 * source's order, and paging with {@code after} crosses the null bucket as OpenSearch 3.8 does.
 */
class CompositeMissingOrderTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "c",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(Map.of("properties", Map.of("k", Map.of("type", "keyword")))));
    List<BulkItem> items = new ArrayList<>();
    String[] sources = {"{\"k\":\"a\"}", "{\"k\":\"b\"}", "{}", "{\"k\":\"c\"}"};
    for (int i = 0; i < sources.length; i++) {
      items.add(
          new BulkItem(
              OpType.INDEX, "c", String.valueOf(i), sources[i].getBytes(StandardCharsets.UTF_8)));
    }
    engine.bulk(new BulkRequest(items, RefreshPolicy.IMMEDIATE));
  }

  @AfterEach
  void close() throws Exception {
    engine.close();
  }

  @Test
  void lastPutsTheNullBucketAfterTheValuesWhenAscending() {
    assertThat(keys(true, MissingOrder.LAST, 10, null)).containsExactly("a", "b", "c", null);
    assertThat(keys(true, MissingOrder.DEFAULT, 10, null)).containsExactly(null, "a", "b", "c");
  }

  @Test
  void firstPutsTheNullBucketBeforeTheValuesWhenDescending() {
    assertThat(keys(false, MissingOrder.FIRST, 10, null)).containsExactly(null, "c", "b", "a");
    assertThat(keys(false, MissingOrder.DEFAULT, 10, null)).containsExactly("c", "b", "a", null);
  }

  @Test
  void pagingCrossesTheNullBucket() {
    assertThat(keys(true, MissingOrder.LAST, 2, after("c"))).containsExactly((Object) null);
    assertThat(keys(true, MissingOrder.LAST, 2, after(null))).isEmpty();
    assertThat(keys(false, MissingOrder.FIRST, 2, after(null))).containsExactly("c", "b");
  }

  @Test
  void missingOrderWithoutMissingBucketIsRefused() {
    Aggregation.CompositeSource source =
        new Aggregation.CompositeSource(
            "k", "terms", "k", true, 0, null, null, false, MissingOrder.FIRST);
    assertThatThrownBy(() -> search(source, 10, null))
        .isInstanceOf(DuetException.class)
        .hasMessage("missing_order require missing_bucket is true");
  }

  private List<Object> keys(
      boolean ascending, MissingOrder order, int size, Map<String, Object> after) {
    Aggregation.CompositeSource source =
        new Aggregation.CompositeSource("k", "terms", "k", ascending, 0, null, null, true, order);
    List<Object> keys = new ArrayList<>();
    for (Bucket b : search(source, size, after).buckets()) {
      keys.add(((Map<?, ?>) b.key()).get("k"));
    }
    return keys;
  }

  private Buckets search(Aggregation.CompositeSource source, int size, Map<String, Object> after) {
    SearchRequest request =
        new SearchRequest(
                List.of("c"),
                new Query.MatchAll(1f),
                0,
                0,
                List.<SortSpec>of(),
                SourceFilter.ALL,
                TrackTotalHits.DEFAULT)
            .withAggregations(
                List.of(new Aggregation.Composite("c", size, List.of(source), after, List.of())));
    return (Buckets) engine.search(request).aggregations().get(0);
  }

  private static Map<String, Object> after(String key) {
    Map<String, Object> after = new HashMap<>();
    after.put("k", key);
    return after;
  }
}
