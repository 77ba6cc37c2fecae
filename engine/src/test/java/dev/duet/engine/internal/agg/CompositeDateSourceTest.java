package dev.duet.engine.internal.agg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.AggregationResult.Bucket;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A composite {@code date_histogram} source writes its keys in its {@code format}, in its {@code
 * time_zone}, shifted by its {@code offset}, and reads {@code after} the same way — OpenSearch
 * 3.8.0's answers to its 230_composite tests.
 */
class CompositeDateSourceTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "c",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(Map.of("properties", Map.of("date", Map.of("type", "date")))));
    List<BulkItem> items = new ArrayList<>();
    String[] sources = {
      "{\"date\":\"2017-10-20T03:08:45\"}",
      "{\"date\":\"2017-10-21T07:00:00\"}",
      "{\"date\":\"2017-10-22T01:00:00\"}"
    };
    for (int i = 0; i < sources.length; i++) {
      items.add(
          new BulkItem(
              OpType.INDEX, "c", String.valueOf(i), sources[i].getBytes(StandardCharsets.UTF_8)));
    }
    engine.bulk(new BulkRequest(items, RefreshPolicy.IMMEDIATE));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private List<Bucket> buckets(
      String format, String timeZone, long offset, Map<String, Object> after) {
    Aggregation.CompositeSource source =
        new Aggregation.CompositeSource(
            "date",
            "date_histogram",
            "date",
            true,
            0,
            "1d",
            null,
            false,
            null,
            format,
            timeZone,
            offset);
    SearchRequest request =
        new SearchRequest(
                List.of("c"),
                new Query.MatchAll(1f),
                0,
                0,
                List.of(),
                SourceFilter.ALL,
                TrackTotalHits.DEFAULT)
            .withAggregations(
                List.of(new Aggregation.Composite("t", 10, List.of(source), after, List.of())));
    return ((AggregationResult.Buckets) engine.search(request).aggregations().get(0)).buckets();
  }

  private static List<Object> keys(List<Bucket> buckets) {
    return buckets.stream().<Object>map(b -> ((Map<?, ?>) b.key()).get("date")).toList();
  }

  @Test
  void keysAreWrittenAndAfterIsReadInTheSourcesFormat() {
    assertThat(keys(buckets("strict_date", null, 0, null)))
        .containsExactly("2017-10-20", "2017-10-21", "2017-10-22");
    assertThat(keys(buckets("strict_date", null, 0, Map.of("date", "2017-10-20"))))
        .containsExactly("2017-10-21", "2017-10-22");
    assertThat(keys(buckets(null, null, 0, null)))
        .containsExactly(1508457600000L, 1508544000000L, 1508630400000L);
  }

  @Test
  void anOffsetShiftsTheBuckets() {
    List<Bucket> buckets = buckets("iso8601", null, 4 * 3_600_000L, null);
    assertThat(keys(buckets))
        .containsExactly("2017-10-19T04:00:00.000Z", "2017-10-21T04:00:00.000Z");
    assertThat(buckets).extracting(Bucket::docCount).containsExactly(1L, 2L);
  }

  @Test
  void daysAreThoseOfTheTimeZone() {
    List<Bucket> buckets = buckets("iso8601", "-02:00", 0, null);
    assertThat(keys(buckets))
        .containsExactly("2017-10-20T00:00:00.000-02:00", "2017-10-21T00:00:00.000-02:00");
    assertThat(buckets).extracting(Bucket::docCount).containsExactly(1L, 2L);
    assertThat(keys(buckets("iso8601", "-02:00", 0, Map.of("date", "2017-10-20"))))
        .containsExactly("2017-10-21T00:00:00.000-02:00");
  }
}
