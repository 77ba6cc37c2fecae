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
import dev.duet.engine.search.Aggregation.MetricKind;
import dev.duet.engine.search.AggregationResult;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * weighted_avg, median_absolute_deviation, adjacency_matrix, hdr percentiles, auto_date_histogram,
 * meta, composite under a parent and terms' value_type, on a real engine (two segments), with the
 * values OpenSearch 3.8 answers for the same documents.
 */
class AggregationKindsTest {
  @TempDir Path data;
  Engine engine;
  private int nextId;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "m",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "n", Map.of("type", "integer"),
                    "w", Map.of("type", "double"),
                    "k", Map.of("type", "keyword"),
                    "d", Map.of("type", "date"),
                    "items",
                        Map.of(
                            "type",
                            "nested",
                            "properties",
                            Map.of("v", Map.of("type", "long")))))));
    index(
        "{\"n\":[1,2],\"w\":1.5,\"k\":\"a\",\"d\":\"2020-03-01\",\"items\":[{\"v\":1},{\"v\":2}]}",
        "{\"n\":[2,3],\"w\":2.5,\"k\":\"b\",\"d\":\"2020-03-02\"}");
    index(
        "{\"n\":[3,4],\"k\":\"a\",\"d\":\"2020-03-08\",\"items\":[{\"v\":2}]}",
        "{\"n\":151,\"w\":1.0,\"k\":\"c\",\"d\":\"2020-03-09\"}");
  }

  @AfterEach
  void close() throws Exception {
    engine.close();
  }

  private void index(String... sources) {
    List<BulkItem> items = new ArrayList<>();
    for (String source : sources) {
      items.add(
          new BulkItem(
              OpType.INDEX,
              "m",
              Integer.toString(nextId++),
              source.getBytes(StandardCharsets.UTF_8)));
    }
    engine.bulk(new BulkRequest(items, RefreshPolicy.IMMEDIATE));
  }

  private List<AggregationResult> aggregate(Query query, Aggregation... aggs) {
    SearchRequest request =
        new SearchRequest(
                List.of("m"),
                query,
                0,
                0,
                List.<SortSpec>of(),
                SourceFilter.ALL,
                TrackTotalHits.DEFAULT)
            .withAggregations(List.of(aggs));
    return engine.search(request).aggregations();
  }

  private AggregationResult one(Aggregation agg) {
    return aggregate(new Query.MatchAll(1f), agg).get(0);
  }

  private static double value(AggregationResult r) {
    return ((AggregationResult.SingleValue) r).value().doubleValue();
  }

  private static Query term(String field, Object value) {
    return new Query.Term(field, value, 1f);
  }

  @Test
  void weightedAvgWeighsEachValueByItsDocumentsWeight() {
    // (1+2)*1.5 + (2+3)*2.5 + 151*1.0 over 1.5*2 + 2.5*2 + 1.0 (the weightless document passed
    // over)
    double expected = (4.5 + 12.5 + 151) / (3 + 5 + 1.0);
    assertThat(value(one(new Aggregation.WeightedAvg("w", "n", null, "w", null, null))))
        .isEqualTo(expected);
    // A missing weight counts the weightless document with it.
    assertThat(value(one(new Aggregation.WeightedAvg("w", "n", null, "w", 2, null))))
        .isEqualTo((4.5 + 12.5 + 151 + 7 * 2) / (3 + 5 + 1.0 + 2 * 2));
    assertThatThrownBy(() -> new Aggregation.WeightedAvg("w", "n", null, null, null, null))
        .hasMessage("Could not find field name [weight] in multiValuesSource");
    assertThatThrownBy(() -> one(new Aggregation.WeightedAvg("w", "n", null, "k", null, null)))
        .hasMessage("Expected numeric type on field [k], but got [keyword]");
  }

  @Test
  void medianAbsoluteDeviationIsTheMedianDistanceFromTheMedian() {
    // OpenSearch's 270_median_absolute_deviation_metric: 100, 200, 300 → 100
    engine.createIndex(
        "mad",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(Map.of("properties", Map.of("v", Map.of("type", "integer")))));
    List<BulkItem> items = new ArrayList<>();
    for (int v : new int[] {100, 200, 300}) {
      items.add(
          new BulkItem(
              OpType.INDEX, "mad", null, ("{\"v\":" + v + "}").getBytes(StandardCharsets.UTF_8)));
    }
    engine.bulk(new BulkRequest(items, RefreshPolicy.IMMEDIATE));
    SearchRequest request =
        new SearchRequest(
                List.of("mad"),
                new Query.MatchAll(1f),
                0,
                0,
                List.<SortSpec>of(),
                SourceFilter.ALL,
                TrackTotalHits.DEFAULT)
            .withAggregations(
                List.of(
                    new Aggregation.MedianAbsoluteDeviation("mad", "v", 1000, null, "0.0"),
                    new Aggregation.MedianAbsoluteDeviation("none", "nope", 1000, null, null)));
    List<AggregationResult> results = engine.search(request).aggregations();
    assertThat(value(results.get(0))).isEqualTo(100);
    assertThat(((AggregationResult.SingleValue) results.get(0)).valueAsString()).isEqualTo("100.0");
    assertThat(value(results.get(1))).isNaN();
    assertThatThrownBy(() -> new Aggregation.MedianAbsoluteDeviation("mad", "v", 0, null, null))
        .hasMessage("[compression] must be greater than 0. Found [0.0] in [mad]");
  }

  @Test
  void adjacencyMatrixCountsEachFilterAndEachIntersectingPairInKeyOrder() {
    Map<String, Query> filters = new LinkedHashMap<>();
    filters.put("4", term("n", 4));
    filters.put("2", term("n", 2));
    filters.put("1", term("n", 1));
    Buckets all =
        (Buckets)
            one(
                new Aggregation.AdjacencyMatrix(
                    "conns",
                    filters,
                    "&",
                    false,
                    List.of(new Aggregation.Metric("max", MetricKind.MAX, "n", null, null, 2))));
    assertThat(all.buckets()).extracting(Bucket::key).containsExactly("1", "1&2", "2", "4");
    assertThat(all.buckets()).extracting(Bucket::docCount).containsExactly(1L, 1L, 2L, 1L);
    assertThat(value(all.buckets().get(2).subAggregations().get(0))).isEqualTo(3);

    Buckets pairs =
        (Buckets) one(new Aggregation.AdjacencyMatrix("conns", filters, "|", true, List.of()));
    assertThat(pairs.buckets()).extracting(Bucket::key).containsExactly("1|2");
    assertThatThrownBy(
            () -> new Aggregation.AdjacencyMatrix("conns", Map.of(), "&", false, List.of()))
        .hasMessage("[conns] is missing : filters parameter");
  }

  @Test
  void hdrPercentilesReadAnHdrHistogramAsOpenSearchDoes() {
    // OpenSearch's 190_percentiles_hdr_metric: 1, 51, 101, 151 → 51.0302734375 at 50%
    engine.createIndex(
        "hdr",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(Map.of("properties", Map.of("v", Map.of("type", "integer")))));
    List<BulkItem> items = new ArrayList<>();
    for (int v : new int[] {1, 51, 101, 151}) {
      items.add(
          new BulkItem(
              OpType.INDEX, "hdr", null, ("{\"v\":" + v + "}").getBytes(StandardCharsets.UTF_8)));
    }
    engine.bulk(new BulkRequest(items, RefreshPolicy.IMMEDIATE));
    SearchRequest request =
        new SearchRequest(
                List.of("hdr"),
                new Query.MatchAll(1f),
                0,
                0,
                List.<SortSpec>of(),
                SourceFilter.ALL,
                TrackTotalHits.DEFAULT)
            .withAggregations(
                List.of(
                    new Aggregation.Percentiles(
                        "p", "v", false, new double[] {1, 50, 75, 99}, true, 100, null, 3, "0.0")));
    var p = (AggregationResult.Percentiles) engine.search(request).aggregations().get(0);
    assertThat(p.values()).containsExactly(1.0, 51.0302734375, 101.0615234375, 151.1240234375);
    assertThat(p.valuesAsString()).containsExactly("1.0", "51.0", "101.1", "151.1");
    assertThatThrownBy(
            () ->
                new Aggregation.Percentiles(
                    "p", "v", false, new double[] {50}, true, 100, null, 6, null))
        .hasMessage("[numberOfSignificantValueDigits] must be between 0 and 5");
  }

  @Test
  void hdrPercentilesRefuseAValueTheHistogramCannotCoverAsTheClientsError() {
    // OpenSearch's 190_percentiles_hdr_metric "Negative values test": its shard fails with the
    // library's array_index_out_of_bounds_exception; Duet keeps the words and type, as a 400.
    engine.createIndex(
        "hdr",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(Map.of("properties", Map.of("v", Map.of("type", "double")))));
    List<BulkItem> items = new ArrayList<>();
    for (String v : new String[] {"1", "-10"}) {
      items.add(
          new BulkItem(
              OpType.INDEX, "hdr", null, ("{\"v\":" + v + "}").getBytes(StandardCharsets.UTF_8)));
    }
    engine.bulk(new BulkRequest(items, RefreshPolicy.IMMEDIATE));
    for (boolean ranks : new boolean[] {false, true}) {
      SearchRequest request =
          new SearchRequest(
                  List.of("hdr"),
                  new Query.MatchAll(1f),
                  0,
                  0,
                  List.<SortSpec>of(),
                  SourceFilter.ALL,
                  TrackTotalHits.DEFAULT)
              .withAggregations(
                  List.of(
                      new Aggregation.Percentiles(
                          "p", "v", ranks, new double[] {50}, true, 100, null, 3, null)));
      assertThatThrownBy(() -> engine.search(request))
          .isInstanceOfSatisfying(
              DuetException.class,
              e -> {
                assertThat(e.status()).isEqualTo(400);
                assertThat(e.type()).isEqualTo("array_index_out_of_bounds_exception");
                assertThat(e.reason())
                    .startsWith("The value -10.0 is out of bounds for histogram")
                    .endsWith(
                        "cannot be extended any further.\nCaused by:"
                            + " java.lang.ArrayIndexOutOfBoundsException: Negative values cannot"
                            + " be recorded");
              });
    }
    // A missing value stands in for a document's own and is refused alike.
    SearchRequest missing =
        new SearchRequest(
                List.of("m"),
                new Query.MatchAll(1f),
                0,
                0,
                List.<SortSpec>of(),
                SourceFilter.ALL,
                TrackTotalHits.DEFAULT)
            .withAggregations(
                List.of(
                    new Aggregation.Percentiles(
                        "p", "w", false, new double[] {50}, true, 100, -5, 3, null)));
    assertThatThrownBy(() -> engine.search(missing))
        .isInstanceOfSatisfying(DuetException.class, e -> assertThat(e.status()).isEqualTo(400))
        .hasMessageContaining("The value -5.0 is out of bounds for histogram");
  }

  @Test
  void autoDateHistogramPicksTheIntervalThatFitsTheBuckets() {
    // OpenSearch's 330_auto_date_histogram: four days over nine, two buckets → 7d
    Buckets h =
        (Buckets)
            one(
                new Aggregation.AutoDateHistogram(
                    "histo",
                    "d",
                    2,
                    null,
                    null,
                    null,
                    null,
                    List.of(new Aggregation.Metric("s", MetricKind.SUM, "n", null, null, 2))));
    assertThat(h.interval()).isEqualTo("7d");
    assertThat(h.buckets())
        .extracting(Bucket::keyAsString)
        .containsExactly("2020-03-01T00:00:00.000Z", "2020-03-08T00:00:00.000Z");
    assertThat(h.buckets()).extracting(Bucket::docCount).containsExactly(2L, 2L);
    assertThat(value(h.buckets().get(0).subAggregations().get(0))).isEqualTo(1 + 2 + 2 + 3);
    assertThat(value(h.buckets().get(1).subAggregations().get(0))).isEqualTo(3 + 4 + 151);

    // Enough buckets: one a day, the empty days between included.
    Buckets daily =
        (Buckets)
            one(
                new Aggregation.AutoDateHistogram(
                    "histo", "d", 10, null, null, null, null, List.of()));
    assertThat(daily.interval()).isEqualTo("1d");
    assertThat(daily.buckets()).hasSize(9);
    assertThat(daily.buckets())
        .extracting(Bucket::docCount)
        .containsExactly(1L, 1L, 0L, 0L, 0L, 0L, 0L, 1L, 1L);

    Buckets none =
        (Buckets)
            one(
                new Aggregation.AutoDateHistogram(
                    "histo", "nope", 10, null, null, null, null, List.of()));
    assertThat(none.buckets()).isEmpty();
    assertThat(none.interval()).isEqualTo("1s");
    assertThatThrownBy(
            () ->
                new Aggregation.AutoDateHistogram(
                    "h", "d", 10, "week", null, null, null, List.of()))
        .hasMessage("minimum_interval must be one of [[second, month, minute, day, hour, year]]");
  }

  @Test
  void metaIsCarriedBesideAnAggregationThatComputesAsItsBareSelf() {
    Aggregation bare = new Aggregation.Metric("max", MetricKind.MAX, "n", null, null, 2);
    Aggregation withMeta = new Aggregation.WithMeta(bare, Map.of("foo", "bar"));
    assertThat(withMeta.name()).isEqualTo("max");
    assertThat(withMeta.meta()).containsEntry("foo", "bar");
    assertThat(Aggregation.bare(withMeta)).isSameAs(bare);
    assertThat(value(one(withMeta))).isEqualTo(151);
    // A global with meta still sees every document, a pipeline with meta still runs.
    Aggregation terms =
        new Aggregation.WithMeta(
            new Aggregation.Terms("t", "k", 10, -1, List.of(), 1, null, null, List.of()),
            Map.of("a", 1));
    Aggregation maxBucket =
        new Aggregation.WithMeta(
            new Aggregation.BucketMetric(
                "best", Aggregation.BucketMetricKind.MAX, "t>_count", Aggregation.GapPolicy.SKIP),
            Map.of("b", 2));
    List<AggregationResult> results = aggregate(new Query.MatchAll(1f), terms, maxBucket);
    assertThat(value(results.get(1))).isEqualTo(2);
  }

  @Test
  void compositeMaySitUnderNestedAndFilterButNotUnderTerms() {
    Aggregation composite =
        new Aggregation.Composite(
            "c",
            10,
            List.of(
                new Aggregation.CompositeSource(
                    "v", "terms", "items.v", true, 0, null, null, false)),
            null,
            List.of());
    var nested =
        (AggregationResult.SingleBucket)
            one(
                new Aggregation.Nested(
                    "items",
                    "items",
                    List.of(
                        new Aggregation.Filter("f", new Query.MatchAll(1f), List.of(composite)))));
    var filtered = (AggregationResult.SingleBucket) nested.subAggregations().get(0);
    Buckets c = (Buckets) filtered.subAggregations().get(0);
    assertThat(c.buckets()).extracting(Bucket::docCount).containsExactly(1L, 2L);

    assertThatThrownBy(
            () ->
                one(
                    new Aggregation.Terms(
                        "t", "k", 10, -1, List.of(), 1, null, null, List.of(composite))))
        .isInstanceOf(DuetException.class)
        .hasMessage(
            "[composite] aggregation cannot be used with a parent aggregation of type:"
                + " [TermsAggregatorFactory]");
  }

  @Test
  void termsValueTypeKeysAnUnmappedFieldsMissingValueByThatType() {
    Buckets dates =
        (Buckets)
            one(
                new Aggregation.Terms(
                    "t", "nope", 10, -1, List.of(), 1, "2016-05-11", null, "date", List.of()));
    assertThat(dates.kind()).isEqualTo(AggregationResult.Kind.LONG_TERMS);
    assertThat(dates.buckets().get(0).key()).isEqualTo(1462924800000L);
    assertThat(dates.buckets().get(0).keyAsString()).isEqualTo("2016-05-11T00:00:00.000Z");
    assertThat(dates.buckets().get(0).docCount()).isEqualTo(4);

    Buckets booleans =
        (Buckets)
            one(
                new Aggregation.Terms(
                    "t", "nope", 10, -1, List.of(), 1, true, null, "boolean", List.of()));
    assertThat(booleans.buckets().get(0).key()).isEqualTo(1L);
    assertThat(booleans.buckets().get(0).keyAsString()).isEqualTo("true");

    Buckets doubles =
        (Buckets)
            one(
                new Aggregation.Terms(
                    "t", "nope", 10, -1, List.of(), 1, 3.5, null, "double", List.of()));
    assertThat(doubles.buckets().get(0).key()).isEqualTo(3.5);
    // Without a value type the missing value is a string term, as before.
    Buckets strings =
        (Buckets) one(new Aggregation.Terms("t", "nope", 10, -1, List.of(), 1, 3, null, List.of()));
    assertThat(strings.buckets().get(0).key()).isEqualTo("3");
  }

  private Engine indexWith(String index, Map<String, Object> properties, String... sources) {
    engine.createIndex(
        index, IndexSettings.DEFAULTS, Mapping.fromMap(Map.of("properties", properties)));
    List<BulkItem> items = new ArrayList<>();
    for (String source : sources) {
      items.add(new BulkItem(OpType.INDEX, index, null, source.getBytes(StandardCharsets.UTF_8)));
    }
    engine.bulk(new BulkRequest(items, RefreshPolicy.IMMEDIATE));
    return engine;
  }

  private List<AggregationResult> aggregateOn(List<String> indices, Aggregation... aggs) {
    SearchRequest request =
        new SearchRequest(
                indices,
                new Query.MatchAll(1f),
                0,
                0,
                List.<SortSpec>of(),
                SourceFilter.ALL,
                TrackTotalHits.DEFAULT)
            .withAggregations(List.of(aggs));
    return engine.search(request).aggregations();
  }

  @Test
  void significantTextFindsTheTermsOfATextFieldThatStandOutInABucket() {
    // OpenSearch's 90_sig_text "Default index": per class, its own word stands out.
    indexWith(
        "goodbad",
        Map.of("text", Map.of("type", "text"), "class", Map.of("type", "keyword")),
        "{\"text\":\"good\",\"class\":\"good\"}",
        "{\"text\":\"good\",\"class\":\"good\"}",
        "{\"text\":\"bad\",\"class\":\"bad\"}",
        "{\"text\":\"bad\",\"class\":\"bad\"}",
        "{\"text\":\"good bad\",\"class\":\"good\"}",
        "{\"text\":\"good bad\",\"class\":\"bad\"}",
        "{\"text\":\"bad\",\"class\":\"bad\"}");
    Buckets classes =
        (Buckets)
            aggregateOn(
                    List.of("goodbad"),
                    new Aggregation.Terms(
                        "class",
                        "class",
                        10,
                        -1,
                        List.of(),
                        1,
                        null,
                        null,
                        List.of(
                            new Aggregation.SignificantText(
                                "sig", "text", 10, 3, false, List.of()))))
                .get(0);
    var bad =
        (AggregationResult.SignificantTerms) classes.buckets().get(0).subAggregations().get(0);
    var good =
        (AggregationResult.SignificantTerms) classes.buckets().get(1).subAggregations().get(0);
    assertThat(bad.buckets())
        .extracting(AggregationResult.SignificantBucket::key)
        .containsExactly("bad");
    assertThat(bad.buckets().get(0).docCount()).isEqualTo(4);
    assertThat(bad.buckets().get(0).bgCount()).isEqualTo(5);
    assertThat(good.buckets())
        .extracting(AggregationResult.SignificantBucket::key)
        .containsExactly("good");
  }

  @Test
  void variableWidthHistogramMergesTheClosestClusters() {
    // OpenSearch's 350_variable_width_histogram: -3 -2 1 4 5 in three buckets
    indexWith(
        "vw",
        Map.of("number", Map.of("type", "integer")),
        "{\"number\":-3}",
        "{\"number\":-2}",
        "{\"number\":1}",
        "{\"number\":4}",
        "{\"number\":5}");
    Buckets h =
        (Buckets)
            aggregateOn(
                    List.of("vw"),
                    new Aggregation.VariableWidthHistogram("h", "number", 3, List.of()))
                .get(0);
    assertThat(h.buckets()).extracting(Bucket::key).containsExactly(-2.5, 1.0, 4.5);
    assertThat(h.buckets()).extracting(Bucket::docCount).containsExactly(2L, 1L, 2L);
    assertThat(h.buckets()).extracting(Bucket::from).containsExactly(-3.0, 1.0, 4.0);
    assertThat(h.buckets()).extracting(Bucket::to).containsExactly(-2.0, 1.0, 5.0);
  }

  @Test
  void multiTermsKeysDatesAsStringsTakesMissingValuesAndKeepsEmptyCombinations() {
    Buckets dates =
        (Buckets)
            one(new Aggregation.MultiTerms("m", List.of("k", "d"), 10, List.of(), 1, List.of()));
    assertThat(dates.buckets().get(0).key()).isEqualTo(List.of("a", "2020-03-01T00:00:00.000Z"));
    assertThat(dates.buckets().get(0).keyAsString()).isEqualTo("a|2020-03-01T00:00:00.000Z");

    java.util.List<Object> missing = new ArrayList<>();
    missing.add(null);
    missing.add("abc");
    Buckets withMissing =
        (Buckets)
            one(
                new Aggregation.MultiTerms(
                    "m", List.of("k", "nope"), missing, 10, List.of(), 1, List.of()));
    assertThat(withMissing.buckets())
        .extracting(Bucket::key)
        .containsExactly(List.of("a", "abc"), List.of("b", "abc"), List.of("c", "abc"));

    Buckets all =
        (Buckets)
            aggregate(
                    term("k", "a"),
                    new Aggregation.MultiTerms("m", List.of("k", "w"), 10, List.of(), 0, List.of()))
                .get(0);
    // Only "a" documents match; the other combinations are there with no documents.
    assertThat(all.buckets()).extracting(Bucket::docCount).containsExactly(1L, 0L, 0L);
  }

  @Test
  void termsOverAFieldLongInOneIndexAndDoubleInAnotherAreDoubleTerms() {
    indexWith(
        "longs", Map.of("number", Map.of("type", "long")), "{\"number\":100}", "{\"number\":10}");
    indexWith(
        "doubles",
        Map.of("number", Map.of("type", "double")),
        "{\"number\":100.0}",
        "{\"number\":10.0}",
        "{\"number\":14.6}");
    Buckets t =
        (Buckets)
            aggregateOn(
                    List.of("longs", "doubles"),
                    new Aggregation.Terms(
                        "t", "number", 10, -1, List.of(), 1, null, null, List.of()))
                .get(0);
    assertThat(t.kind()).isEqualTo(AggregationResult.Kind.DOUBLE_TERMS);
    assertThat(t.buckets()).extracting(Bucket::key).containsExactly(10.0, 100.0, 14.6);
    assertThat(t.buckets()).extracting(Bucket::docCount).containsExactly(2L, 2L, 1L);
  }

  @Test
  void missingWithAMissingValueHasNoDocumentsAndDayOfWeekCountsFromMonday() {
    var missing =
        (AggregationResult.SingleBucket) one(new Aggregation.Missing("m", "w", 0, List.of()));
    assertThat(missing.docCount()).isZero();
    var plain = (AggregationResult.SingleBucket) one(new Aggregation.Missing("m", "w", List.of()));
    assertThat(plain.docCount()).isEqualTo(1);
    // 2020-03-01 is a Sunday: the seventh day, as OpenSearch's ISO week counts it.
    assertThat(ValueFormat.date("e", java.time.ZoneOffset.UTC).format(1583020800000d))
        .isEqualTo("7");
    assertThat(ValueFormat.date("epoch_second", java.time.ZoneOffset.UTC).format(3_000_000d))
        .isEqualTo("3000");
  }
}
