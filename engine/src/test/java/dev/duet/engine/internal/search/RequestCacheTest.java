package dev.duet.engine.internal.search;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.matchAll;
import static dev.duet.engine.internal.EngineFixture.range;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engines;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.internal.LuceneEngine;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shard request cache: what it stores, when it answers, and when it must not. */
public class RequestCacheTest {
  private static final Aggregation SUM =
      new Aggregation.Metric("total", Aggregation.MetricKind.SUM, "n", null, null, 3.0);

  @TempDir Path data;
  LuceneEngine engine;

  @BeforeEach
  void open() {
    engine = (LuceneEngine) Engines.open(data);
    createIndex("nums", IndexSettings.DEFAULTS);
    engine.bulk(bulk(index("nums", "1", "{\"n\":1}"), index("nums", "2", "{\"n\":2}")));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void aRepeatedSizeZeroSearchIsAnsweredFromTheCache() {
    SearchResponse first = engine.search(sizeZero("nums", matchAll()));
    SearchResponse second = engine.search(sizeZero("nums", matchAll()));

    assertThat(sum(second)).isEqualTo(sum(first)).isEqualTo(3.0);
    assertThat(second.totalHits()).isEqualTo(first.totalHits());
    RequestCache.Stats stats = engine.requestCacheStats();
    assertThat(stats.misses()).isEqualTo(1);
    assertThat(stats.hits()).isEqualTo(1);
    assertThat(stats.entries()).isEqualTo(1);
  }

  @Test
  void cachedSearchAnswersOnlyWhatTheCacheHoldsAndCountsNoMiss() {
    assertThat(engine.cachedSearch(sizeZero("nums", matchAll()))).isNull();
    assertThat(engine.requestCacheStats().misses()).isZero();

    SearchResponse searched = engine.search(sizeZero("nums", matchAll()));
    SearchResponse cached = engine.cachedSearch(sizeZero("nums", matchAll()));

    assertThat(cached).isNotNull();
    assertThat(sum(cached)).isEqualTo(sum(searched)).isEqualTo(3.0);
    assertThat(cached.totalHits()).isEqualTo(searched.totalHits());
    assertThat(engine.requestCacheStats().hits()).isEqualTo(1);
    assertThat(engine.requestCacheStats().misses()).isEqualTo(1);
    // Never cached, so never answered this way: hits, a missing index, a point in time.
    assertThat(engine.cachedSearch(withHits("nums"))).isNull();
    assertThat(engine.cachedSearch(sizeZero("missing", matchAll()))).isNull();
  }

  @Test
  void whetherTheCacheCouldHoldAnAnswerIsKnownFromTheRequestAlone() {
    // What lets a transport's cache probe skip resolving indices and acquiring searchers.
    RequestCache cache = new RequestCache(1024);
    SearchRequest aggs = sizeZero("nums", matchAll());
    SearchRequest hits = withHits("nums");

    assertThat(cache.mayHold(aggs)).isTrue();
    assertThat(cache.mayHold(hits)).isFalse();
    assertThat(cache.mayHold(hits.withOptions(hits.options().withRequestCache(true)))).isTrue();
    assertThat(cache.mayHold(aggs.withOptions(aggs.options().withRequestCache(false)))).isFalse();
    assertThat(new RequestCache(0).mayHold(aggs)).isFalse();
  }

  @Test
  void cachedSearchLeavesASearchIdleIndexToTheSearchThatRefreshesIt() throws InterruptedException {
    createIndex("quiet", new IndexSettings(Map.of("index.search.idle.after", "1s")));
    engine.bulk(bulk(RefreshPolicy.IMMEDIATE, index("quiet", "1", "{\"n\":1}")));
    engine.search(sizeZero("quiet", matchAll()));
    Thread.sleep(1_500); // no search for longer than search.idle.after
    engine.bulk(bulk(RefreshPolicy.NONE, index("quiet", "2", "{\"n\":2}")));
    Thread.sleep(2_500); // a scheduled refresh is skipped

    // The cached answer predates the write: only a search that refreshes first may answer.
    assertThat(engine.cachedSearch(sizeZero("quiet", matchAll()))).isNull();
    assertThat(sum(engine.search(sizeZero("quiet", matchAll())))).isEqualTo(3.0);
  }

  @Test
  void aRefreshAfterAWriteInvalidatesButAnUnrefreshedWriteDoesNot() {
    engine.search(sizeZero("nums", matchAll()));
    engine.bulk(bulk(RefreshPolicy.NONE, index("nums", "3", "{\"n\":4}")));

    // Not yet visible to search: the cached answer is still the reader's answer.
    assertThat(sum(engine.search(sizeZero("nums", matchAll())))).isEqualTo(3.0);
    assertThat(engine.requestCacheStats().hits()).isEqualTo(1);

    engine.refresh("nums", dev.duet.engine.index.IndicesOptions.DEFAULTS);
    SearchResponse after = engine.search(sizeZero("nums", matchAll()));

    assertThat(sum(after)).isEqualTo(7.0);
    assertThat(after.totalHits().value()).isEqualTo(3);
    assertThat(engine.requestCacheStats().misses()).isEqualTo(2);
    // The old reader is closed once no search holds it, and its entry goes with it.
    assertThat(engine.requestCacheStats().entries()).isEqualTo(1);
  }

  @Test
  void clearCachesDropsTheCachedAnswersAndRefusesAClosedIndex() {
    engine.search(sizeZero("nums", matchAll()));
    assertThat(engine.requestCacheStats().entries()).isEqualTo(1);
    engine.clearCaches("nums", dev.duet.engine.index.IndicesOptions.DEFAULTS);
    assertThat(engine.requestCacheStats().entries()).isZero();

    engine.closeIndices("nums", dev.duet.engine.index.IndicesOptions.DEFAULTS);
    assertThatThrownBy(
            () -> engine.clearCaches("nums", dev.duet.engine.index.IndicesOptions.DEFAULTS))
        .hasFieldOrPropertyWithValue("type", "index_closed_exception");
    assertThatThrownBy(
            () -> engine.clearCaches("nope", dev.duet.engine.index.IndicesOptions.DEFAULTS))
        .hasFieldOrPropertyWithValue("type", "index_not_found_exception");
  }

  @Test
  void requestCacheFalseBypassesAndTrueCachesHits() {
    SearchRequest bypass = sizeZero("nums", matchAll());
    bypass = bypass.withOptions(bypass.options().withRequestCache(false));
    engine.search(bypass);
    engine.search(bypass);
    assertThat(engine.requestCacheStats().entries()).isZero();
    assertThat(engine.requestCacheStats().hits()).isZero();

    SearchRequest withHits = withHits("nums");
    engine.search(withHits);
    assertThat(engine.requestCacheStats().entries()).as("size > 0: not by default").isZero();

    SearchRequest forced = withHits.withOptions(withHits.options().withRequestCache(true));
    SearchResponse first = engine.search(forced);
    SearchResponse second = engine.search(forced);
    assertThat(engine.requestCacheStats().hits()).isEqualTo(1);
    assertThat(second.hits())
        .extracting(h -> h.id())
        .isEqualTo(first.hits().stream().map(h -> h.id()).toList());
  }

  @Test
  void theIndexSettingTurnsTheCacheOffForItsIndex() {
    createIndex("uncached", new IndexSettings(Map.of("index.requests.cache.enable", "false")));
    engine.bulk(bulk(index("uncached", "1", "{\"n\":5}")));

    engine.search(sizeZero("uncached", matchAll()));
    engine.search(sizeZero("uncached", matchAll()));

    assertThat(engine.requestCacheStats().entries()).isZero();
    assertThatThrownBy(
            () ->
                createIndex(
                    "bad", new IndexSettings(Map.of("index.requests.cache.enable", "maybe"))))
        .isInstanceOf(DuetException.class)
        .hasMessage("Failed to parse value [maybe] as only [true] or [false] are allowed.");
  }

  @Test
  void aSearchThatReadsTheClockIsNotStored() {
    createIndex(
        "dated",
        IndexSettings.DEFAULTS,
        Map.of("properties", Map.of("n", Map.of("type", "long"), "at", Map.of("type", "date"))));
    engine.bulk(bulk(index("dated", "1", "{\"n\":1,\"at\":\"2020-01-01\"}")));

    SearchResponse response =
        engine.search(sizeZero("dated", range("at", null, null, "now", null)));

    assertThat(sum(response)).isEqualTo(1.0);
    assertThat(engine.requestCacheStats().entries()).isZero();
  }

  @Test
  void entriesBeyondTheSizeBoundEvictTheLeastRecentlyUsed() {
    SearchResponse response = engine.search(sizeZero("nums", matchAll()));
    // The bound holds a few entries; an entry is estimated from the request's text, which grows
    // with the request model, so the bound is measured rather than fixed.
    RequestCache probe = new RequestCache(Long.MAX_VALUE);
    probe.put(key(0), response, false);
    long bound = probe.stats().memoryBytes() * 5;
    RequestCache cache = new RequestCache(bound);
    for (int i = 0; i < 20; i++) {
      cache.put(key(i), response, false);
    }

    RequestCache.Stats stats = cache.stats();
    assertThat(stats.memoryBytes()).isLessThanOrEqualTo(bound);
    assertThat(stats.entries()).isBetween(1, 19);
    assertThat(stats.evictions()).isEqualTo(20 - stats.entries());
    assertThat(cache.get(key(19))).as("the newest entry stays").isNotNull();
    assertThat(cache.get(key(0))).as("the oldest entry went").isNull();

    cache.put(key(99), response, true);
    assertThat(cache.get(key(99))).as("a clock-reading search is never stored").isNull();
  }

  private static RequestCache.Key key(int i) {
    return new RequestCache.Key(List.of(), List.of(), sizeZero("i" + i, matchAll()));
  }

  private void createIndex(String name, IndexSettings settings) {
    createIndex(name, settings, Map.of("properties", Map.of("n", Map.of("type", "long"))));
  }

  private void createIndex(String name, IndexSettings settings, Map<String, Object> mapping) {
    engine.createIndex(name, settings, Mapping.fromMap(mapping), Map.of());
  }

  private static SearchRequest sizeZero(String index, Query query) {
    return new SearchRequest(
        List.of(index),
        query,
        0,
        0,
        List.of(),
        SourceFilter.ALL,
        TrackTotalHits.DEFAULT,
        List.of(SUM));
  }

  private static SearchRequest withHits(String index) {
    return new SearchRequest(
        List.of(index), matchAll(), 0, 10, List.of(), SourceFilter.ALL, TrackTotalHits.DEFAULT);
  }

  private static double sum(SearchResponse response) {
    AggregationResult.SingleValue total =
        (AggregationResult.SingleValue) response.aggregations().get(0);
    return total.value().doubleValue();
  }
}
