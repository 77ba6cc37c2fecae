package dev.duet.engine.internal.search;

import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.search;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.QueryControls;
import dev.duet.engine.search.SearchCancellation;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.Wildcard;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.ExitableDirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.WildcardQuery;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A search's {@code timeout} and its caller's leaving reach the rewriting of multi-term queries,
 * the collection of hits and aggregations, and the fetch.
 */
public class SearchGuardTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "docs",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(Map.of("properties", Map.of("k", Map.of("type", "keyword")))));
    List<BulkItem> items = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      items.add(index("docs", Integer.toString(i), "{\"k\":\"term" + i + "\"}"));
    }
    engine.bulk(new BulkRequest(items, RefreshPolicy.IMMEDIATE));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void rewritingAMultiTermQueryStopsAtTheGuard() throws Exception {
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
      try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig())) {
        for (int i = 0; i < 100; i++) {
          Document doc = new Document();
          doc.add(new StringField("k", "term" + i, Field.Store.NO));
          w.addDocument(doc);
        }
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        SearchGuard expired = new SearchGuard(1, System.nanoTime() - 1_000_000, () -> false);
        IndexSearcher guarded = expired.guarded(new IndexSearcher(reader));

        assertThatThrownBy(() -> guarded.search(new WildcardQuery(new Term("k", "t*m*")), 10))
            .isInstanceOf(ExitableDirectoryReader.ExitingReaderException.class);
        assertThat(expired.expired()).isTrue();
      }
    }
  }

  @Test
  void aWildcardPastItsTimeoutAnswersTimedOut() {
    SearchResponse r = engine.search(timed(search("docs", new Wildcard("k", "t*m*", false, 1f))));

    assertThat(r.timedOut()).isTrue();
    assertThat(r.hits()).isEmpty();
  }

  /**
   * Found by the fuzzer: a profiled search that timed out before it profiled anything was a 500.
   */
  @Test
  void aProfiledSearchPastItsTimeoutAnswersTimedOut() {
    SearchResponse r =
        engine.search(
            search("docs", new Wildcard("k", "t*m*", false, 1f))
                .withControls(new QueryControls(0, 1, null, List.of(), true)));

    assertThat(r.timedOut()).isTrue();
    assertThat(r.hits()).isEmpty();
  }

  @Test
  void aggregationsObserveTheTimeout() {
    SearchRequest aggs =
        search("docs", new dev.duet.engine.search.Query.MatchAll(1f))
            .withAggregations(
                List.of(
                    new Aggregation.Terms("t", "k", 10, -1, List.of(), 1, null, null, List.of())));

    SearchResponse complete = engine.search(aggs);
    SearchResponse timedOut = engine.search(timed(aggs));

    assertThat(complete.timedOut()).isFalse();
    assertThat(buckets(complete)).isEqualTo(10);
    assertThat(timedOut.timedOut()).isTrue();
    assertThat(buckets(timedOut)).isZero(); // nothing was collected past the deadline
  }

  private static int buckets(SearchResponse r) {
    return ((dev.duet.engine.search.AggregationResult.Buckets) r.aggregations().get(0))
        .buckets()
        .size();
  }

  @Test
  void aSearchWhoseCallerHasGoneStopsAndIsCounted() {
    long before = SearchCancellation.cancelledSearches();
    SearchRequest wildcard = search("docs", new Wildcard("k", "t*m*", false, 1f));

    DuetException e =
        catchThrowableOfType(
            DuetException.class,
            () -> SearchCancellation.whileCallerWaits(() -> true, () -> engine.search(wildcard)));

    assertThat(e.type()).isEqualTo("task_cancelled_exception");
    assertThat(SearchCancellation.cancelledSearches()).isEqualTo(before + 1);
    assertThat(SearchCancellation.current()).isNull();
  }

  @Test
  void aCallerLeavingMidSearchStopsTheWork() {
    long before = SearchCancellation.cancelledSearches();
    AtomicInteger checks = new AtomicInteger();
    // Present for the first checkpoint (before the first index is searched), gone after.
    SearchRequest wildcard = search("docs", new Wildcard("k", "t*m*", false, 1f));

    assertThatThrownBy(
            () ->
                SearchCancellation.whileCallerWaits(
                    () -> checks.incrementAndGet() > 1, () -> engine.search(wildcard)))
        .isInstanceOf(DuetException.class);
    assertThat(SearchCancellation.cancelledSearches()).isEqualTo(before + 1);
    assertThat(
            SearchCancellation.whileCallerWaits(() -> false, () -> engine.search(wildcard)).hits())
        .hasSize(10);
  }

  private static SearchRequest timed(SearchRequest request) {
    return request.withControls(new QueryControls(0, 1, null, List.of()));
  }
}
