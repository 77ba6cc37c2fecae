package dev.duet.engine.internal.agg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
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
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Block collection (documents handed to single-valued terms and metrics a block at a time, the
 * metric's values decoded by Lucene in bulk) answers what one document at a time answers: counts,
 * min, max, avg with a missing value and value_count per keyword, under a parent bucket too, over
 * three segments with documents lacking the keyword or the number, for a range of every document
 * (match_all) and for a query's stream of matches.
 */
class AggregationBlockCollectionTest {
  private static final int DOCS = 4_500;

  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "b",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "c", Map.of("type", "keyword"),
                    "f", Map.of("type", "keyword"),
                    "p", Map.of("type", "double")))));
    for (int from = 0; from < DOCS; from += DOCS / 3) { // one segment per bulk
      List<BulkItem> items = new ArrayList<>();
      for (int i = from; i < from + DOCS / 3; i++) {
        StringBuilder source = new StringBuilder("{\"f\":\"f").append(i % 3).append('"');
        if (category(i) != null) {
          source.append(",\"c\":\"").append(category(i)).append('"');
        }
        if (price(i) != null) {
          source.append(",\"p\":").append(price(i));
        }
        items.add(
            new BulkItem(
                OpType.INDEX,
                "b",
                Integer.toString(i),
                source.append('}').toString().getBytes(StandardCharsets.UTF_8)));
      }
      engine.bulk(new BulkRequest(items, RefreshPolicy.IMMEDIATE));
    }
  }

  @AfterEach
  void close() throws Exception {
    engine.close();
  }

  private static String category(int i) {
    return i % 11 == 0 ? null : "c" + (i % 7);
  }

  private static Double price(int i) {
    return i % 13 == 0 ? null : (i * 37 % 1000) / 10.0 - 20;
  }

  @Test
  void everyDocumentAsARange() {
    check(new Query.MatchAll(1f), i -> true);
  }

  @Test
  void aQuerysMatches() {
    check(new Query.Term("f", "f1", false, 1f), i -> i % 3 == 1);
  }

  private void check(Query query, IntPredicate matches) {
    List<Aggregation> metrics =
        List.of(
            new Aggregation.Metric("lo", MetricKind.MIN, "p", null, null, 2),
            new Aggregation.Metric("hi", MetricKind.MAX, "p", null, null, 2),
            new Aggregation.Metric("avg", MetricKind.AVG, "p", 7.0, null, 2),
            new Aggregation.Metric("n", MetricKind.VALUE_COUNT, "p", null, null, 2));
    Aggregation byFlag =
        new Aggregation.Terms(
            "flags",
            "f",
            10,
            -1,
            List.of(),
            1,
            null,
            null,
            List.of(new Aggregation.Metric("hi", MetricKind.MAX, "p", null, null, 2)));
    List<Aggregation> subs = new ArrayList<>(metrics);
    subs.add(byFlag);
    SearchRequest request =
        new SearchRequest(
                List.of("b"),
                query,
                0,
                0,
                List.<SortSpec>of(),
                SourceFilter.ALL,
                TrackTotalHits.DEFAULT)
            .withAggregations(
                List.of(new Aggregation.Terms("c", "c", 20, -1, List.of(), 1, "none", null, subs)));
    Buckets terms = (Buckets) engine.search(request).aggregations().get(0);

    Map<String, Expected> expected = new TreeMap<>();
    for (int i = 0; i < DOCS; i++) {
      if (!matches.test(i)) {
        continue;
      }
      String c = category(i) == null ? "none" : category(i);
      expected.computeIfAbsent(c, k -> new Expected()).add(i, price(i));
    }
    assertThat(terms.buckets()).hasSize(expected.size());
    for (Bucket b : terms.buckets()) {
      Expected e = expected.get(b.key().toString());
      assertThat(b.docCount()).as("count of %s", b.key()).isEqualTo(e.count);
      List<AggregationResult> r = b.subAggregations();
      assertThat(value(r.get(0))).as("min of %s", b.key()).isEqualTo(e.min);
      assertThat(value(r.get(1))).as("max of %s", b.key()).isEqualTo(e.max);
      assertThat(value(r.get(2))).as("avg of %s", b.key()).isCloseTo(e.sum / e.count, within(1e-9));
      assertThat(value(r.get(3))).as("value_count of %s", b.key()).isEqualTo(e.values);
      for (Bucket flag : ((Buckets) r.get(4)).buckets()) {
        assertThat(value(flag.subAggregations().get(0)))
            .as("max of %s under %s", flag.key(), b.key())
            .isEqualTo(orNaN(e.maxByFlag.get(flag.key().toString())));
      }
      assertThat(((Buckets) r.get(4)).buckets()).hasSize(e.maxByFlag.size());
    }
  }

  /** A max over no values is NaN. */
  private static double orNaN(double max) {
    return max == Double.NEGATIVE_INFINITY ? Double.NaN : max;
  }

  private static double value(AggregationResult r) {
    return ((AggregationResult.SingleValue) r).value().doubleValue();
  }

  /** What one bucket should hold, counted here document by document. */
  private static final class Expected {
    long count;
    long values;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    double sum;
    final Map<String, Double> maxByFlag = new TreeMap<>();

    void add(int i, Double price) {
      count++;
      sum += price == null ? 7.0 : price;
      String flag = "f" + (i % 3);
      if (price == null) {
        maxByFlag.putIfAbsent(flag, Double.NEGATIVE_INFINITY);
        return;
      }
      values++;
      min = Math.min(min, price);
      max = Math.max(max, price);
      maxByFlag.merge(flag, price, Math::max);
    }
  }
}
