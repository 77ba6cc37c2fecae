package dev.duet.engine.internal.agg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.breaker.BreakerLimits;
import dev.duet.engine.breaker.CircuitBreakingException;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Aggregation;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Aggregations and the fetch phase reserve what they hold on the request breaker: past {@code
 * indices.breaker.request.limit} the search fails with a 429 and the breaker is released.
 */
class AggregationBreakerTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "docs",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "tag", Map.of("type", "keyword"),
                    "n", Map.of("type", "integer"),
                    "body", Map.of("type", "text")))));
    List<BulkItem> items = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      String source =
          "{\"tag\":\"t" + i + "\",\"n\":" + i + ",\"body\":\"" + "word ".repeat(200) + "\"}";
      items.add(
          new BulkItem(
              OpType.INDEX, "docs", Integer.toString(i), source.getBytes(StandardCharsets.UTF_8)));
    }
    engine.bulk(new BulkRequest(items, RefreshPolicy.IMMEDIATE));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void bucketsPastTheLimitFailWith429AndReleaseTheBreaker() {
    limit("100kb");
    // 2,000 histogram buckets of a terms each: well under search.max_buckets, over 100kb.
    Aggregation histogram =
        histogram(
            "h", 1, new Aggregation.Terms("t", "tag", 10, -1, List.of(), 1, null, null, List.of()));

    assertThatThrownBy(() -> engine.search(aggs(0, histogram)))
        .isInstanceOfSatisfying(
            CircuitBreakingException.class,
            e -> {
              assertThat(e.status()).isEqualTo(429);
              assertThat(e.reason())
                  .startsWith("[request] Data too large, data for [<agg [")
                  .endsWith("which is larger than the limit of [102400/100kb]");
            });
    assertThat(engine.breakers().request().used()).isZero();

    limit("60%");
    assertThat(engine.search(aggs(0, histogram)).aggregations()).hasSize(1);
    assertThat(engine.breakers().request().used()).isZero();
  }

  @Test
  void anExtremeCompressionTripsBeforeTheDigestIsAllocated() {
    limit("1mb");
    Aggregation percentiles =
        new Aggregation.Percentiles("p", "n", false, new double[] {50}, true, 1e5, null);

    assertThatThrownBy(() -> engine.search(aggs(0, percentiles)))
        .isInstanceOf(CircuitBreakingException.class)
        .hasMessageContaining("data for [<agg [p]>]");
    assertThat(engine.breakers().request().used()).isZero();
  }

  @Test
  void topHitsAndFetchedSourcesAreCounted() {
    limit("200kb");
    Aggregation topHits =
        new Aggregation.Terms(
            "t",
            "tag",
            1_000,
            -1,
            List.of(),
            1,
            null,
            null,
            List.of(new Aggregation.TopHits("top", 0, 10, List.of(), SourceFilter.ALL)));

    assertThatThrownBy(() -> engine.search(aggs(0, topHits)))
        .isInstanceOf(CircuitBreakingException.class);
    // 1,000 hits of about 1 KB of source each: the page alone passes 200kb.
    assertThatThrownBy(() -> engine.search(aggs(1_000)))
        .isInstanceOf(CircuitBreakingException.class)
        .hasMessageContaining("data for [<fetch>]");
    assertThat(engine.breakers().request().used()).isZero();
    assertThat(engine.search(aggs(10)).hits()).hasSize(10);
  }

  private void limit(String request) {
    engine.applyLimits(engine.limits().withBreakers(BreakerLimits.DEFAULTS.withRequest(request)));
  }

  private static SearchRequest aggs(int size, Aggregation... aggs) {
    return new SearchRequest(
            List.of("docs"),
            new Query.MatchAll(1f),
            0,
            size,
            List.<SortSpec>of(),
            SourceFilter.ALL,
            TrackTotalHits.DEFAULT)
        .withAggregations(List.of(aggs));
  }

  private static Aggregation histogram(String name, double interval, Aggregation... subs) {
    return new Aggregation.Histogram(
        name,
        "n",
        false,
        interval,
        null,
        null,
        null,
        0,
        1,
        null,
        null,
        List.of(),
        false,
        null,
        List.of(subs));
  }
}
