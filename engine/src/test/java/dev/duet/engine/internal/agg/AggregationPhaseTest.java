package dev.duet.engine.internal.agg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

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
import dev.duet.engine.search.Aggregation.BucketOrder;
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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Aggregations end to end on a real engine: Lucene on disk, several segments. */
class AggregationPhaseTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "sales",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "product", Map.of("type", "keyword"),
                    "qty", Map.of("type", "integer"),
                    "price", Map.of("type", "double"),
                    "sold", Map.of("type", "date")))));
    // Two bulks, each refreshed: two segments whose ordinals differ for the same terms.
    index(
        "{\"product\":\"apple\",\"qty\":10,\"price\":1.5,\"sold\":\"2024-01-05T10:00:00Z\"}",
        "{\"product\":\"pear\",\"qty\":4,\"price\":2.0,\"sold\":\"2024-03-20T10:00:00Z\"}");
    index(
        "{\"product\":\"apple\",\"qty\":6,\"price\":1.0,\"sold\":\"2024-03-01T00:30:00Z\"}",
        "{\"product\":\"zucchini\",\"price\":3.0}",
        "{\"product\":\"apple\",\"qty\":2,\"price\":1.25,\"sold\":\"2024-02-29T23:30:00Z\"}");
  }

  @AfterEach
  void close() throws Exception {
    engine.close();
  }

  private int nextId;

  private void index(String... sources) {
    List<BulkItem> items = new ArrayList<>();
    for (String source : sources) {
      items.add(
          new BulkItem(
              OpType.INDEX,
              "sales",
              Integer.toString(nextId++),
              source.getBytes(StandardCharsets.UTF_8)));
    }
    engine.bulk(new BulkRequest(items, RefreshPolicy.IMMEDIATE));
  }

  private List<AggregationResult> aggregate(Query query, Aggregation... aggs) {
    SearchRequest request =
        new SearchRequest(
                List.of("sales"),
                query,
                0,
                0,
                List.<SortSpec>of(),
                SourceFilter.ALL,
                TrackTotalHits.DEFAULT)
            .withAggregations(List.of(aggs));
    return engine.search(request).aggregations();
  }

  private List<AggregationResult> aggregate(Aggregation... aggs) {
    return aggregate(new Query.MatchAll(1f), aggs);
  }

  private static Aggregation.Metric metric(String name, MetricKind kind, String field) {
    return new Aggregation.Metric(name, kind, field, null, null, 2);
  }

  private static Aggregation.Terms terms(String field, int size, Aggregation... subs) {
    return new Aggregation.Terms("t", field, size, -1, List.of(), 1, null, null, List.of(subs));
  }

  @Test
  void termsCountAcrossSegmentsWithSubAggregations() {
    Buckets t = (Buckets) aggregate(terms("product", 2, metric("q", MetricKind.SUM, "qty"))).get(0);

    assertThat(t.buckets()).extracting(Bucket::key).containsExactly("apple", "pear");
    assertThat(t.buckets()).extracting(Bucket::docCount).containsExactly(3L, 1L);
    assertThat(t.sumOtherDocCount()).isEqualTo(1);
    AggregationResult.SingleValue q =
        (AggregationResult.SingleValue) t.buckets().get(0).subAggregations().get(0);
    assertThat(q.value().doubleValue()).isEqualTo(18.0);
  }

  @Test
  void termsOverAnUnmappedFieldWithAMissingValueKeyItsTermAsAString() {
    index("{\"product\":\"apple\"}");
    Aggregation.Terms missing =
        new Aggregation.Terms("t", "nowhere", 10, -1, List.of(), 1, 3L, null, List.of());

    Buckets t = (Buckets) aggregate(missing).get(0);

    // OpenSearch 3.8.0 answers {"key":"3","doc_count":N}, a string term.
    assertThat(t.kind()).isEqualTo(AggregationResult.Kind.STRING_TERMS);
    assertThat(t.buckets()).extracting(Bucket::key).containsExactly("3");
  }

  @Test
  void termsOrderedBySubAggregationThenKey() {
    Aggregation.Terms byAvg =
        new Aggregation.Terms(
            "t",
            "product",
            10,
            -1,
            List.of(new BucketOrder("p", true)),
            1,
            null,
            null,
            List.of(metric("p", MetricKind.AVG, "price")));

    Buckets t = (Buckets) aggregate(byAvg).get(0);

    assertThat(t.buckets()).extracting(Bucket::key).containsExactly("apple", "pear", "zucchini");
  }

  @Test
  void dateHistogramRoundsInTheTimeZoneAndFillsGaps() {
    Aggregation.Histogram months =
        new Aggregation.Histogram(
            "m", "sold", true, 0, "month", null, "+01:00", 0, 0, null, null, List.of(), false, null,
            List.of());

    Buckets m = (Buckets) aggregate(months).get(0);

    // 2024-02-29T23:30Z is March 1st at +01:00; the empty February is filled in.
    assertThat(m.buckets())
        .extracting(Bucket::keyAsString)
        .containsExactly(
            "2024-01-01T00:00:00.000+01:00",
            "2024-02-01T00:00:00.000+01:00",
            "2024-03-01T00:00:00.000+01:00");
    assertThat(m.buckets()).extracting(Bucket::docCount).containsExactly(1L, 0L, 3L);
  }

  @Test
  void derivativeAndCumulativeSumSkipEmptyBuckets() {
    Aggregation.Histogram months =
        new Aggregation.Histogram(
            "m",
            "sold",
            true,
            0,
            "month",
            null,
            null,
            0,
            0,
            null,
            null,
            List.of(),
            false,
            null,
            List.of(
                metric("q", MetricKind.SUM, "qty"),
                new Aggregation.Parent(
                    "d", Aggregation.ParentKind.DERIVATIVE, "q", Aggregation.GapPolicy.SKIP),
                new Aggregation.Parent(
                    "c", Aggregation.ParentKind.CUMULATIVE_SUM, "q", Aggregation.GapPolicy.SKIP)));

    Buckets m = (Buckets) aggregate(months).get(0);

    // January 10, February 2, March 6 + 4: derivative -8 then 8; running sum 10, 12, 22.
    assertThat(values(m, "d")).containsExactly(Double.NaN, -8.0, 8.0);
    assertThat(values(m, "c")).containsExactly(10.0, 12.0, 22.0);
  }

  private static List<Double> values(Buckets buckets, String name) {
    List<Double> out = new ArrayList<>();
    for (Bucket b : buckets.buckets()) {
      double v = Double.NaN;
      for (AggregationResult sub : b.subAggregations()) {
        if (sub.name().equals(name)) {
          v = ((AggregationResult.SingleValue) sub).value().doubleValue();
        }
      }
      out.add(v);
    }
    return out;
  }

  @Test
  void tooManyBucketsFailsWithOpenSearchsReduceError() {
    Aggregation.Histogram fine =
        new Aggregation.Histogram(
            "h", "price", false, 0.00001, null, null, null, 0, 0, null, null, List.of(), false,
            null, List.of());

    assertThatThrownBy(() -> aggregate(fine))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(503);
              assertThat(e.type()).isEqualTo("search_phase_execution_exception");
              assertThat(e.causedBy().type()).isEqualTo("too_many_buckets_exception");
              assertThat(e.causedBy().reason())
                  .startsWith(
                      "Trying to create too many buckets. Must be less than or equal to: [65535]")
                  .contains("[search.max_buckets]");
            });
  }

  @Test
  void compositePagesVisitEveryBucketOnce() {
    Aggregation.CompositeSource product =
        new Aggregation.CompositeSource("p", "terms", "product", true, 0, null, null, false);
    Aggregation.CompositeSource price =
        new Aggregation.CompositeSource("x", "histogram", "price", true, 1, null, null, false);
    Set<Map<String, Object>> seen = new HashSet<>();
    Map<String, Object> after = null;
    int pages = 0;
    while (true) {
      Buckets page =
          (Buckets)
              aggregate(
                      new Aggregation.Composite("c", 2, List.of(product, price), after, List.of()))
                  .get(0);
      if (page.buckets().isEmpty()) {
        break;
      }
      for (Bucket b : page.buckets()) {
        @SuppressWarnings("unchecked")
        Map<String, Object> key = (Map<String, Object>) b.key();
        assertThat(seen.add(key)).as("bucket %s seen twice", key).isTrue();
      }
      after = page.afterKey();
      pages++;
    }
    // apple at 1.0 (x2: 1.0 and 1.25) and 1.0 (1.5 → 1.0): apple/1.0, pear/2.0, zucchini/3.0.
    assertThat(seen).hasSize(3);
    assertThat(pages).isEqualTo(2);
  }

  @Test
  void compositeMissingBucketHoldsDocumentsWithoutAValueFirstAscendingLastDescending() {
    assertThat(compositeQtyKeys(true, null)).containsExactly(null, 2L, 4L, 6L, 10L);
    assertThat(compositeQtyKeys(false, null)).containsExactly(10L, 6L, 4L, 2L, null);
    Map<String, Object> afterMissing = new java.util.HashMap<>();
    afterMissing.put("q", null);
    assertThat(compositeQtyKeys(true, afterMissing)).containsExactly(2L, 4L, 6L, 10L);
    // Without missing_bucket the document without qty is in no bucket.
    Buckets without =
        (Buckets)
            aggregate(
                    new Aggregation.Composite(
                        "c",
                        10,
                        List.of(
                            new Aggregation.CompositeSource(
                                "q", "terms", "qty", true, 0, null, null, false)),
                        null,
                        List.of()))
                .get(0);
    assertThat(without.buckets()).hasSize(4);
  }

  private List<Object> compositeQtyKeys(boolean ascending, Map<String, Object> after) {
    Aggregation.CompositeSource qty =
        new Aggregation.CompositeSource("q", "terms", "qty", ascending, 0, null, null, true);
    Buckets page =
        (Buckets)
            aggregate(new Aggregation.Composite("c", 10, List.of(qty), after, List.of())).get(0);
    List<Object> keys = new ArrayList<>();
    for (Bucket b : page.buckets()) {
      keys.add(((Map<?, ?>) b.key()).get("q"));
    }
    if (!page.buckets().isEmpty() && keys.get(0) == null) {
      assertThat(page.buckets().get(0).docCount()).isEqualTo(1);
    }
    return keys;
  }

  @Test
  void significantTermsScoresForegroundAgainstTheWholeIndexByJlh() {
    // qty >= 5: the two apples with 10 and 6; apple is 3 of the index's 5 documents.
    Query bigOrders = new Query.Range("qty", null, 5, null, null, null, 1f);
    AggregationResult.SignificantTerms sig =
        (AggregationResult.SignificantTerms)
            aggregate(
                    bigOrders,
                    new Aggregation.SignificantTerms(
                        "s", "product", 10, 1, List.of(metric("m", MetricKind.MAX, "qty"))))
                .get(0);

    assertThat(sig.docCount()).isEqualTo(2);
    assertThat(sig.bgCount()).isEqualTo(5);
    assertThat(sig.buckets()).hasSize(1);
    AggregationResult.SignificantBucket apple = sig.buckets().get(0);
    assertThat(apple.key()).isEqualTo("apple");
    assertThat(apple.docCount()).isEqualTo(2);
    assertThat(apple.bgCount()).isEqualTo(3);
    // (2/2 - 3/5) * ((2/2) / (3/5))
    assertThat(apple.score()).isCloseTo((1.0 - 0.6) * (1.0 / 0.6), within(1e-12));
    assertThat(((AggregationResult.SingleValue) apple.subAggregations().get(0)).value())
        .isEqualTo(10.0);

    // The default min_doc_count (3) drops a term seen twice in the foreground.
    AggregationResult.SignificantTerms strict =
        (AggregationResult.SignificantTerms)
            aggregate(bigOrders, new Aggregation.SignificantTerms("s", "product", 10, 3, List.of()))
                .get(0);
    assertThat(strict.buckets()).isEmpty();
  }

  @Test
  void jlhIsZeroUnlessTheTermIsMoreFrequentInTheForeground() {
    assertThat(SignificantTermsAggregator.jlh(1, 10, 10, 100)).isZero();
    assertThat(SignificantTermsAggregator.jlh(5, 10, 0, 100)).isZero();
    assertThat(SignificantTermsAggregator.jlh(5, 10, 10, 100)).isCloseTo(0.4 * 5, within(1e-12));
  }

  @Test
  void cardinalityIsExactBelowThresholdAndCloseAbove() {
    List<String> sources = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      sources.add("{\"product\":\"p" + i + "\",\"qty\":" + i + "}");
    }
    index(sources.toArray(new String[0]));

    long exact = cardinality(aggregate(new Aggregation.Cardinality("c", "product", 40_000, null)));
    long sketched = cardinality(aggregate(new Aggregation.Cardinality("c", "qty", 1_000, null)));

    assertThat(exact).isEqualTo(20_003); // p0..p19999 plus apple, pear, zucchini
    // 20,000 distinct integers plus 10, 4, 6, 2 (0..19999 holds them): 20,000 distinct values;
    // precision 11 (2048 registers) has a standard error of about 2.3%: allow three of them.
    assertThat((double) sketched).isCloseTo(20_000, within(20_000 * 0.07));
  }

  private static long cardinality(List<AggregationResult> results) {
    return ((AggregationResult.SingleValue) results.get(0)).value().longValue();
  }

  @Test
  void percentilesOfUniformValuesAreCloseToExact() {
    List<String> sources = new ArrayList<>();
    for (int i = 1; i <= 10_000; i++) {
      sources.add("{\"product\":\"u\",\"price\":" + i + "}");
    }
    index(sources.toArray(new String[0]));
    Aggregation.Percentiles p =
        new Aggregation.Percentiles("p", "price", false, new double[] {50, 99}, true, 100, null);

    AggregationResult.Percentiles result =
        (AggregationResult.Percentiles) aggregate(new Query.Term("product", "u", 1f), p).get(0);

    assertThat(result.values()[0]).isCloseTo(5_000, within(100.0));
    assertThat(result.values()[1]).isCloseTo(9_900, within(30.0));
  }

  @Test
  void globalIgnoresTheQueryAndFilterFollowsIt() {
    Aggregation.Global all =
        new Aggregation.Global("g", List.of(metric("n", MetricKind.VALUE_COUNT, "price")));
    Aggregation.Filter pears =
        new Aggregation.Filter("f", new Query.Term("product", "pear", 1f), List.of());

    List<AggregationResult> r = aggregate(new Query.Term("product", "apple", 1f), all, pears);

    assertThat(((AggregationResult.SingleBucket) r.get(0)).docCount()).isEqualTo(5);
    assertThat(((AggregationResult.SingleBucket) r.get(1)).docCount()).isZero();
  }
}
