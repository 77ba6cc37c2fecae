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
import dev.duet.engine.search.Aggregation.CompositeSource;
import dev.duet.engine.search.Aggregation.MetricKind;
import dev.duet.engine.search.Aggregation.RangeBound;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.QueryControls;
import dev.duet.engine.search.SearchProfile;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OpenSearch's filter rewrite: top-level date_histogram, auto_date_histogram, range and composite
 * aggregations without sub-aggregations count from the field's points when the query keeps whole
 * segments (or is a range on the field), with the same buckets as document by document, and say so
 * in the profile under OpenSearch's debug keys; where OpenSearch would not rewrite (a
 * sub-aggregation, deleted documents) they collect as before and report no such keys.
 */
class FilterRewriteTest {
  private static final long START = 1451606400000L; // 2016-01-01
  private static final long DAY = 86_400_000L;
  private static final long SEED = new Random().nextLong();

  @TempDir Path data;
  Engine engine;
  final List<long[]> docs = new ArrayList<>(); // {date, long}
  final List<Double> doubles = new ArrayList<>();

  @BeforeEach
  void open() {
    System.out.println("FilterRewriteTest seed: " + SEED);
    engine = Engines.open(data);
    engine.createIndex(
        "fr",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "date", Map.of("type", "date"),
                    "l", Map.of("type", "long"),
                    "v", Map.of("type", "double")))));
    Random random = new Random(SEED);
    for (int segment = 0; segment < 3; segment++) { // three refreshes, three segments
      List<BulkItem> items = new ArrayList<>();
      for (int i = 0; i < 700; i++) {
        long date = START + (long) (random.nextDouble() * 400 * DAY);
        long l = random.nextInt(600) - 100;
        double v = random.nextInt(4) == 0 ? random.nextInt(5) * 50 : random.nextDouble() * 400;
        docs.add(new long[] {date, l});
        doubles.add(v);
        String source = "{\"date\":" + date + ",\"l\":" + l + ",\"v\":" + v + "}";
        items.add(
            new BulkItem(
                OpType.INDEX, "fr", "d" + docs.size(), source.getBytes(StandardCharsets.UTF_8)));
      }
      assertThat(engine.bulk(new BulkRequest(items, RefreshPolicy.IMMEDIATE)).errors()).isFalse();
    }
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private SearchResponse search(Query query, Aggregation agg) {
    return engine.search(
        new SearchRequest(
                List.of("fr"), query, 0, 0, List.of(), SourceFilter.ALL, TrackTotalHits.DEFAULT)
            .withAggregations(List.of(agg))
            .withControls(new QueryControls(0, 0, null, List.of(), true)));
  }

  private static SearchProfile.AggregationNode profiled(SearchResponse r) {
    return r.profile().shards().get(0).aggregations().get(0);
  }

  private static Map<Object, Long> counts(SearchResponse r) {
    Map<Object, Long> out = new TreeMap<>();
    for (AggregationResult.Bucket b :
        ((AggregationResult.Buckets) r.aggregations().get(0)).buckets()) {
      if (b.docCount() > 0) {
        out.put(
            b.key() instanceof Map<?, ?> m ? m.values().iterator().next() : b.key(), b.docCount());
      }
    }
    return out;
  }

  private static long month(long millis) {
    ZonedDateTime t = Instant.ofEpochMilli(millis).atZone(ZoneOffset.UTC);
    return t.withDayOfMonth(1)
        .toLocalDate()
        .atStartOfDay(ZoneOffset.UTC)
        .toInstant()
        .toEpochMilli();
  }

  private static Aggregation monthly(List<Aggregation> subs) {
    return new Aggregation.Histogram(
        "h", "date", true, 0, "month", null, null, 0, 1, null, null, List.of(), false, null, subs);
  }

  @Test
  void dateHistogramCountsFromPointsWithTheSameBuckets() {
    Map<Object, Long> expected = new TreeMap<>();
    for (long[] d : docs) {
      expected.merge(month(d[0]), 1L, Long::sum);
    }
    SearchResponse r = search(new Query.MatchAll(1f), monthly(List.of()));

    assertThat(counts(r)).isEqualTo(expected);
    Map<String, Object> debug = profiled(r).debug();
    assertThat(debug).containsEntry("unoptimized_segments", 0).containsKey("leaf_visited");
    assertThat((Integer) debug.get("optimized_segments")).isPositive();
    assertThat(profiled(r).breakdown()).containsEntry("collect_count", 0L); // nothing read
  }

  @Test
  void aRangeOnTheFieldIsCountedWithinItsBounds() {
    long from = START + 40 * DAY;
    long to = START + 200 * DAY;
    Map<Object, Long> expected = new TreeMap<>();
    for (long[] d : docs) {
      if (d[0] >= from && d[0] < to) {
        expected.merge(month(d[0]), 1L, Long::sum);
      }
    }
    SearchResponse r =
        search(new Query.Range("date", null, from, to, null, null, 1f), monthly(List.of()));

    assertThat(counts(r)).isEqualTo(expected);
    assertThat((Integer) profiled(r).debug().get("optimized_segments")).isPositive();
  }

  @Test
  void aSubAggregationOrADeletionKeepsDocumentByDocumentCollection() {
    Map<Object, Long> expected = new TreeMap<>();
    for (long[] d : docs) {
      expected.merge(month(d[0]), 1L, Long::sum);
    }
    Aggregation max = new Aggregation.Metric("m", MetricKind.MAX, "l", null, null, 2);
    SearchResponse withSub = search(new Query.MatchAll(1f), monthly(List.of(max)));
    assertThat(counts(withSub)).isEqualTo(expected);
    assertThat(profiled(withSub).debug()).doesNotContainKey("optimized_segments");

    BulkItem delete = new BulkItem(OpType.DELETE, "fr", "d1", null);
    engine.bulk(new BulkRequest(List.of(delete), RefreshPolicy.IMMEDIATE));
    expected.merge(month(docs.get(0)[0]), -1L, Long::sum);
    expected.values().removeIf(c -> c == 0);
    SearchResponse afterDelete = search(new Query.MatchAll(1f), monthly(List.of()));
    assertThat(counts(afterDelete)).isEqualTo(expected);
    // The segment with the deletion (merges may have made it the only one) is read document by
    // document.
    assertThat(profiled(afterDelete).breakdown().get("collect_count")).isPositive();
    Object unoptimized = profiled(afterDelete).debug().get("unoptimized_segments");
    assertThat(unoptimized == null || (Integer) unoptimized >= 1).isTrue();
  }

  @Test
  void rangesCountFromPointsWithTheBoundsTheyHaveDocumentByDocument() {
    List<RangeBound> bounds =
        List.of(
            new RangeBound(null, null, 0),
            new RangeBound(null, 0, 50.5),
            new RangeBound(null, 50.5, 100),
            new RangeBound(null, 150, 200),
            new RangeBound(null, 300, null));
    double[][] limits = {
      {Double.NEGATIVE_INFINITY, 0},
      {0, 50.5},
      {50.5, 100},
      {150, 200},
      {300, Double.POSITIVE_INFINITY}
    };
    for (String field : List.of("l", "v")) {
      long[] expected = new long[limits.length];
      for (int i = 0; i < docs.size(); i++) {
        double value = field.equals("l") ? docs.get(i)[1] : doubles.get(i);
        for (int r = 0; r < limits.length; r++) {
          if (value >= limits[r][0] && value < limits[r][1]) {
            expected[r]++;
          }
        }
      }
      SearchResponse r =
          search(
              new Query.MatchAll(1f),
              new Aggregation.Range("r", field, false, bounds, false, null, null, List.of()));
      List<AggregationResult.Bucket> buckets =
          ((AggregationResult.Buckets) r.aggregations().get(0)).buckets();
      for (int i = 0; i < limits.length; i++) {
        assertThat(buckets.get(i).docCount()).as(field + " range " + i).isEqualTo(expected[i]);
      }
      assertThat((Integer) profiled(r).debug().get("optimized_segments")).isPositive();
    }
  }

  @Test
  void compositeCountsItsFirstPageFromPoints() {
    Map<Object, Long> all = new TreeMap<>();
    for (long[] d : docs) {
      all.merge(Math.floorDiv(d[0], DAY) * DAY, 1L, Long::sum);
    }
    Map<Object, Long> expected = new TreeMap<>();
    all.entrySet().stream().limit(5).forEach(e -> expected.put(e.getKey(), e.getValue()));
    CompositeSource day =
        new CompositeSource("d", "date_histogram", "date", true, 0, "day", null, false, null);
    SearchResponse r =
        search(
            new Query.MatchAll(1f),
            new Aggregation.Composite("c", 5, List.of(day), null, List.of()));

    assertThat(counts(r)).isEqualTo(expected);
    assertThat((Integer) profiled(r).debug().get("optimized_segments")).isPositive();
  }

  @Test
  void autoDateHistogramPicksTheSameIntervalAndBuckets() {
    Aggregation counted =
        new Aggregation.AutoDateHistogram("a", "date", 10, null, null, null, null, List.of());
    // A missing value keeps OpenSearch (and Duet) from rewriting: every document is read.
    Aggregation read =
        new Aggregation.AutoDateHistogram("a", "date", 10, null, null, null, 0L, List.of());
    SearchResponse fromPoints = search(new Query.MatchAll(1f), counted);
    SearchResponse fromDocs = search(new Query.MatchAll(1f), read);

    assertThat(fromPoints.aggregations()).isEqualTo(fromDocs.aggregations());
    assertThat(profiled(fromPoints).type()).isEqualTo("AutoDateHistogramAggregator.FromSingle");
    assertThat((Integer) profiled(fromPoints).debug().get("optimized_segments")).isPositive();
    assertThat(profiled(fromDocs).debug()).doesNotContainKey("optimized_segments");
    assertThat(profiled(fromPoints).debug().get("surviving_buckets"))
        .isEqualTo(profiled(fromDocs).debug().get("surviving_buckets"));
  }
}
