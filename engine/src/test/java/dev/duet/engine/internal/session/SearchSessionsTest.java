package dev.duet.engine.internal.session;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.delete;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.match;
import static dev.duet.engine.internal.EngineFixture.matchAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.error.RequestRefused;
import dev.duet.engine.error.ShardFailure;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.internal.LuceneEngine;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AliasFilterDecoder;
import dev.duet.engine.search.PointInTime;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SearchSession;
import dev.duet.engine.search.SessionLimits;
import dev.duet.engine.search.SortSpec;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Points in time and scrolls: fixed views, paging, keep-alives on a test clock, limits. */
public class SearchSessionsTest {
  private static final long MINUTE = 60_000;

  @TempDir Path data;
  private final TestClock clock = new TestClock();
  private LuceneEngine engine;

  @BeforeEach
  void open() {
    // The reaper's own schedule is far off: expiry here is driven by the clock alone.
    engine =
        LuceneEngine.open(
            data,
            AliasFilterDecoder.NONE,
            new SessionLimits(3, 2, 24 * 60 * MINUTE, 24 * 60 * MINUTE, 3_600_000),
            clock);
    createIndex("a");
    engine.bulk(
        bulk(
            index("a", "1", "{\"n\":1,\"t\":\"red fox\"}"),
            index("a", "2", "{\"n\":2,\"t\":\"red red fox\"}"),
            index("a", "3", "{\"n\":3,\"t\":\"blue fox\"}"),
            index("a", "4", "{\"n\":4,\"t\":\"red dog\"}"),
            index("a", "5", "{\"n\":5,\"t\":\"red red red fox\"}")));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void aPointInTimeSeesTheDocumentsAsTheyWereWhenOpened() {
    PointInTime pit = engine.createPit(List.of("a"), IndicesOptions.DEFAULTS, "1m");
    engine.bulk(bulk(index("a", "6", "{\"n\":6}"), delete("a", "1")));

    SearchResponse inPit = engine.search(inPit(pit.id(), null, sortBy("n")));

    assertThat(ids(inPit)).containsExactly("1", "2", "3", "4", "5");
    assertThat(inPit.pitId()).isEqualTo(pit.id());
    assertThat(ids(engine.search(plain("a", sortBy("n")))))
        .containsExactly("2", "3", "4", "5", "6");
    assertThat(pit.totalShards()).isEqualTo(1);
    assertThat(engine.pits()).extracting(PointInTime::id).containsExactly(pit.id());
  }

  @Test
  void theListShowsTheKeepAliveGivenAtCreationNotASearchsOne() {
    PointInTime pit = engine.createPit(List.of("a"), IndicesOptions.DEFAULTS, "23h");
    engine.search(inPit(pit.id(), "10m", sortBy("n")));
    // OpenSearch 3.8.0 lists 82800000 after a search with keep_alive 10m
    assertThat(engine.pits()).extracting(PointInTime::keepAliveMillis).containsExactly(82_800_000L);
  }

  @Test
  void shardDocSortsAndPagesWithSearchAfterOnlyInAPointInTime() {
    PointInTime pit = engine.createPit(List.of("a"), IndicesOptions.DEFAULTS, "1m");
    SearchRequest first = inPit(pit.id(), null, List.of(new SortSpec("_shard_doc", null)), 2);

    SearchResponse page1 = engine.search(first);
    SearchResponse page2 =
        engine.search(
            first.withOptions(
                new dev.duet.engine.search.SearchOptions(
                    null, null, page1.hits().get(1).sortValues())));

    assertThat(ids(page1)).containsExactly("1", "2");
    assertThat(page1.hits().get(0).sortValues()).containsExactly(0L);
    assertThat(ids(page2)).containsExactly("3", "4");
    assertThatThrownBy(() -> engine.search(plain("a", List.of(new SortSpec("_shard_doc", null)))))
        .isInstanceOf(RequestRefused.class)
        .hasMessageContaining("_shard_doc is only supported with point-in-time");
  }

  @Test
  void anIdlePointInTimeExpiresAfterItsKeepAliveAndEachUseRestartsIt() {
    PointInTime pit = engine.createPit(List.of("a"), IndicesOptions.DEFAULTS, "1m");

    clock.advance(50_000);
    engine.search(inPit(pit.id(), null, sortBy("n")));
    clock.advance(50_000); // 100s after creation, 50s after the last use
    engine.search(inPit(pit.id(), "3m", sortBy("n"))); // and now kept 3m
    clock.advance(2 * MINUTE);
    assertThat(ids(engine.search(inPit(pit.id(), null, sortBy("n"))))).hasSize(5);
    clock.advance(3 * MINUTE + 1);

    assertThatThrownBy(() -> engine.search(inPit(pit.id(), null, sortBy("n"))))
        .isInstanceOfSatisfying(
            ShardFailure.class,
            e -> {
              assertThat(e.status()).isEqualTo(404);
              assertThat(e.type()).isEqualTo("search_context_missing_exception");
              assertThat(e.index()).isEqualTo("a");
            });
    assertThat(engine.pits()).isEmpty();
  }

  @Test
  void theReaperFreesExpiredContextsWithoutAnyoneAsking() {
    engine.createPit(List.of("a"), IndicesOptions.DEFAULTS, "1m");
    engine.search(plain("a", sortBy("n")).withSession(SearchSession.scroll("1m")));
    SearchSessions sessions = sessionsOf(engine);
    assertThat(sessions.openContexts()).isEqualTo(2);

    clock.advance(MINUTE + 1);
    sessions.reap();

    assertThat(sessions.openContexts()).isZero();
  }

  @Test
  void openPointsInTimeAreCappedAndDeletingOneFreesItsSlot() {
    PointInTime first = engine.createPit(List.of("a"), IndicesOptions.DEFAULTS, "1m");
    engine.createPit(List.of("a"), IndicesOptions.DEFAULTS, "1m");

    assertThatThrownBy(() -> engine.createPit(List.of("a"), IndicesOptions.DEFAULTS, "1m"))
        .isInstanceOfSatisfying(
            ShardFailure.class,
            e -> {
              assertThat(e.status()).isEqualTo(429);
              assertThat(e.type()).isEqualTo("rejected_execution_exception");
              assertThat(e.phase()).isEqualTo("create_pit");
              assertThat(e.getMessage()).contains("[search.max_open_pit_context]");
            });
    assertThat(engine.deletePits(List.of(first.id()))).containsExactly(first.id());
    assertThat(engine.createPit(List.of("a"), IndicesOptions.DEFAULTS, "1m").id())
        .isNotEqualTo(first.id());
    assertThat(engine.deleteAllPits()).hasSize(2);
    assertThat(engine.pits()).isEmpty();
  }

  @Test
  void keepAlivesAboveTheLimitAreRefusedAndHoldNothing() {
    assertThatThrownBy(() -> engine.createPit(List.of("a"), IndicesOptions.DEFAULTS, "2d"))
        .hasMessage(
            "Keep alive for request (2d) is too large. It must be less than (1d). This limit can be"
                + " set by changing the [point_in_time.max_keep_alive] cluster level setting.");
    assertThatThrownBy(
            () -> engine.search(plain("a", sortBy("n")).withSession(SearchSession.scroll("25h"))))
        .isInstanceOfSatisfying(
            ShardFailure.class, e -> assertThat(e.getMessage()).contains("(1d)"));
    assertThatThrownBy(() -> engine.createPit(List.of("a"), IndicesOptions.DEFAULTS, null))
        .hasMessage("Validation Failed: 1: keep alive not specified;");
    assertThat(sessionsOf(engine).openContexts()).isZero();
  }

  @Test
  void aScrollReturnsEveryHitOnceInSearchOrderForEverySort() {
    createIndex("b");
    engine.bulk(
        bulk(
            index("b", "x", "{\"n\":3,\"t\":\"red fox\"}"),
            index("b", "y", "{\"n\":1,\"t\":\"red red fox\"}"),
            index("b", "z", "{\"n\":9,\"t\":\"fox\"}")));
    List<List<SortSpec>> sorts =
        List.of(
            List.of(),
            sortBy("n"),
            List.of(new SortSpec("n", SortSpec.SortOrder.DESC)),
            List.of(new SortSpec("_doc", null)));
    for (Query query : List.of(matchAll(), match("t", "red fox"))) {
      for (List<SortSpec> sort : sorts) {
        SearchRequest request =
            new SearchRequest(
                List.of("a", "b"), query, 0, 3, sort, SourceFilter.ALL, TrackTotalHits.DEFAULT);
        List<String> expected =
            ids(
                engine.search(
                    new SearchRequest(
                        List.of("a", "b"),
                        query,
                        0,
                        100,
                        sort,
                        SourceFilter.ALL,
                        TrackTotalHits.DEFAULT)));

        List<String> scrolled = new ArrayList<>();
        SearchResponse page = engine.search(request.withSession(SearchSession.scroll("1m")));
        String scrollId = page.scrollId();
        while (!page.hits().isEmpty()) {
          assertThat(page.totalHits().value()).isEqualTo(expected.size());
          scrolled.addAll(ids(page));
          page = engine.scroll(scrollId, "1m");
          assertThat(page.scrollId()).isEqualTo(scrollId);
        }

        assertThat(scrolled).as("%s sorted by %s", query, sort).isEqualTo(expected);
        assertThat(engine.clearScrolls(List.of(scrollId))).isEqualTo(1);
      }
    }
  }

  @Test
  void aPageWithoutKeepAliveIsTheLastAndFreesTheScroll() {
    SearchResponse first =
        engine.search(plain("a", sortBy("n"), 2).withSession(SearchSession.scroll("1m")));

    SearchResponse last = engine.scroll(first.scrollId(), null);

    assertThat(ids(last)).containsExactly("3", "4");
    assertThat(last.scrollId()).isNull();
    assertThatThrownBy(() -> engine.scroll(first.scrollId(), "1m"))
        .isInstanceOfSatisfying(
            ShardFailure.class,
            e -> {
              assertThat(e.status()).isEqualTo(404);
              assertThat(e.shard()).isEqualTo(-1);
            });
    assertThat(engine.clearScrolls(List.of(first.scrollId()))).isZero();
  }

  @Test
  void openScrollsAreCappedAndClearingThemFreesSlots() {
    SearchRequest scroll = plain("a", sortBy("n")).withSession(SearchSession.scroll("1m"));
    for (int i = 0; i < 3; i++) {
      engine.search(scroll);
    }

    assertThatThrownBy(() -> engine.search(scroll))
        .isInstanceOfSatisfying(
            ShardFailure.class,
            e -> {
              assertThat(e.status()).isEqualTo(429);
              assertThat(e.getMessage())
                  .isEqualTo(
                      "Trying to create too many scroll contexts. Must be less than or equal to:"
                          + " [3]. This limit can be set by changing the"
                          + " [search.max_open_scroll_context] setting.");
            });
    assertThat(engine.clearScrolls(null)).isEqualTo(1); // OpenSearch counts nodes here
    assertThat(sessionsOf(engine).openContexts()).isZero();
    assertThat(engine.search(scroll).scrollId()).isNotNull();
  }

  @Test
  void deletingAnIndexReleasesWhatScrollsAndPointsInTimeHoldOfIt() {
    createIndex("b");
    engine.bulk(bulk(index("b", "x", "{\"n\":7}")));
    PointInTime pit = engine.createPit(List.of("a", "b"), IndicesOptions.DEFAULTS, "1m");
    String scrollId =
        engine
            .search(plain("b", sortBy("n"), 1).withSession(SearchSession.scroll("1m")))
            .scrollId();

    engine.deleteIndex("b");

    assertThatThrownBy(() -> engine.scroll(scrollId, "1m"))
        .isInstanceOfSatisfying(
            ShardFailure.class,
            e -> assertThat(e.type()).isEqualTo("search_context_missing_exception"));
    assertThatThrownBy(() -> engine.search(inPit(pit.id(), null, sortBy("n"))))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(404);
              assertThat(e.type()).isEqualTo("index_not_found_exception");
              assertThat(e.metadata()).containsEntry("index", "b");
            });
    assertThat(sessionsOf(engine).openContexts()).isEqualTo(1); // the pit, listed until deleted
    createIndex("b"); // the name is free again
    assertThat(engine.deletePits(List.of(pit.id()))).containsExactly(pit.id());
    assertThat(sessionsOf(engine).openContexts()).isZero();
  }

  @Test
  void malformedIdsAreRefusedAndUnknownOnesAreMissing() {
    assertThatThrownBy(() -> engine.scroll("garbage", "1m"))
        .isInstanceOf(RequestRefused.class)
        .hasMessage("Cannot parse scroll id");
    assertThatThrownBy(() -> engine.search(inPit("junk", null, sortBy("n"))))
        .isInstanceOf(RequestRefused.class)
        .hasMessage("invalid id: [junk]");
    assertThatThrownBy(() -> engine.deletePits(List.of("junk"))).hasMessage("invalid id: [junk]");
    String unknown = SessionIds.encode(SessionIds.SCROLL, 12345, 1, "a");
    assertThatThrownBy(() -> engine.scroll(unknown, "1m"))
        .isInstanceOfSatisfying(
            ShardFailure.class,
            e -> assertThat(e.getMessage()).isEqualTo("No search context found for id [12345]"));
    assertThatThrownBy(() -> engine.search(inPit("", null, sortBy("n"))))
        .hasMessage("point int time id is not provided");
    assertThatThrownBy(
            () ->
                engine.search(
                    plain("a", sortBy("n")).withSession(new SearchSession("x", null, "1m"))))
        .hasMessage(
            "Validation Failed: 1: using [point in time] is not allowed in a scroll context;");
  }

  @Test
  void aSearchInAPointInTimeKeepsTheNodesMaxBuckets(@TempDir Path other) {
    try (LuceneEngine strict =
        LuceneEngine.open(
            other, AliasFilterDecoder.NONE, SessionLimits.DEFAULTS, InstantSource.system(), 2)) {
      createIndex(strict, "b");
      strict.bulk(
          bulk(
              index("b", "1", "{\"n\":1}"),
              index("b", "2", "{\"n\":2}"),
              index("b", "3", "{\"n\":3}")));
      PointInTime pit = strict.createPit(List.of("b"), IndicesOptions.DEFAULTS, "1m");
      // One bucket per value of n: three, past this node's search.max_buckets of 2.
      Aggregation.Histogram perValue =
          new Aggregation.Histogram(
              "h", "n", false, 1, null, null, null, 0, 0, null, null, List.of(), false, null,
              List.of());

      assertThatThrownBy(
              () ->
                  strict.search(
                      inPit(pit.id(), null, sortBy("n")).withAggregations(List.of(perValue))))
          .isInstanceOfSatisfying(
              DuetException.class,
              e ->
                  assertThat(e.causedBy().reason())
                      .contains("Must be less than or equal to: [2]")
                      .contains("[search.max_buckets]"));
    }
  }

  private void createIndex(String name) {
    createIndex(engine, name);
  }

  private static void createIndex(LuceneEngine on, String name) {
    on.createIndex(
        name,
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of("n", Map.of("type", "integer"), "t", Map.of("type", "text")))));
  }

  private static SearchSessions sessionsOf(LuceneEngine engine) {
    return engine.sessions();
  }

  private static List<SortSpec> sortBy(String field) {
    return List.of(new SortSpec(field, null));
  }

  private static SearchRequest plain(String index, List<SortSpec> sort) {
    return plain(index, sort, 10);
  }

  private static SearchRequest plain(String index, List<SortSpec> sort, int size) {
    return new SearchRequest(
        List.of(index), matchAll(), 0, size, sort, SourceFilter.ALL, TrackTotalHits.DEFAULT);
  }

  private static SearchRequest inPit(String id, String keepAlive, List<SortSpec> sort) {
    return inPit(id, keepAlive, sort, 10);
  }

  private static SearchRequest inPit(String id, String keepAlive, List<SortSpec> sort, int size) {
    return new SearchRequest(
            List.of(), matchAll(), 0, size, sort, SourceFilter.ALL, TrackTotalHits.DEFAULT)
        .withSession(SearchSession.pit(id, keepAlive));
  }

  private static List<String> ids(SearchResponse response) {
    return response.hits().stream().map(SearchHit::id).toList();
  }

  /** A clock the test moves by hand. */
  private static final class TestClock implements InstantSource {
    private final AtomicLong millis = new AtomicLong(1_700_000_000_000L);

    void advance(long by) {
      millis.addAndGet(by);
    }

    @Override
    public Instant instant() {
      return Instant.ofEpochMilli(millis.get());
    }
  }
}
