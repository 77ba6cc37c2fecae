package dev.duet.engine.internal;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.match;
import static dev.duet.engine.internal.EngineFixture.matchAll;
import static dev.duet.engine.internal.EngineFixture.search;
import static dev.duet.engine.internal.EngineFixture.term;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Collapse;
import dev.duet.engine.search.QueryControls;
import dev.duet.engine.search.QueryRescore;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SortSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** terminate_after, timeout, collapse and rescore. */
public class QueryControlsTest {
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
                    "body", Map.of("type", "text"),
                    "kind", Map.of("type", "keyword"),
                    "year", Map.of("type", "integer")))));
    engine.bulk(
        bulk(
            index("docs", "1", "{\"body\":\"quick fox\",\"kind\":\"story\",\"year\":2001}"),
            index("docs", "2", "{\"body\":\"quick quick cat\",\"kind\":\"story\",\"year\":1999}"),
            index("docs", "3", "{\"body\":\"slow search\",\"kind\":\"book\",\"year\":2015}"),
            index("docs", "4", "{\"body\":\"quick search\",\"kind\":\"book\",\"year\":2020}")));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private SearchResponse run(dev.duet.engine.search.Query query, QueryControls controls) {
    return engine.search(search("docs", query).withControls(controls));
  }

  @Test
  void terminateAfterStopsCollectingAndSaysSo() {
    SearchResponse stopped = run(matchAll(), new QueryControls(2, 0, null, List.of()));
    assertThat(stopped.totalHits().value()).isEqualTo(2);
    assertThat(stopped.hits()).hasSize(2);
    assertThat(stopped.terminatedEarly()).isTrue();
    SearchResponse complete = run(matchAll(), new QueryControls(10, 0, null, List.of()));
    assertThat(complete.totalHits().value()).isEqualTo(4);
    assertThat(complete.terminatedEarly()).isFalse();
    assertThat(run(matchAll(), QueryControls.NONE).terminatedEarly()).isNull();
  }

  @Test
  void anExpiredTimeoutReturnsAPartialTimedOutResult() {
    SearchResponse response = run(match("body", "quick"), new QueryControls(0, 1, null, List.of()));
    assertThat(response.timedOut()).isTrue();
    assertThat(response.hits()).isEmpty();
    SearchResponse relaxed =
        run(match("body", "quick"), new QueryControls(0, 60_000_000_000L, null, List.of()));
    assertThat(relaxed.timedOut()).isFalse();
    assertThat(relaxed.hits()).hasSize(3);
  }

  @Test
  void collapseKeepsTheBestHitPerValueAndPagesOverGroups() {
    QueryControls byKind = new QueryControls(0, 0, new Collapse("kind"), List.of());
    SearchResponse response = run(match("body", "quick"), byKind);
    assertThat(response.totalHits().value()).isEqualTo(3);
    assertThat(response.hits()).extracting(SearchHit::id).containsExactly("2", "4");
    assertThat(response.hits().get(0).details().fields()).containsEntry("kind", List.of("story"));
    SearchResponse second =
        engine.search(
            search("docs", matchAll(), new SortSpec("year", SortSpec.SortOrder.ASC))
                .withControls(byKind));
    assertThat(second.hits()).extracting(SearchHit::id).containsExactly("2", "3");
  }

  @Test
  void collapseOnTextOrUnmappedFieldsFails() {
    assertThatThrownBy(
            () -> run(matchAll(), new QueryControls(0, 0, new Collapse("body"), List.of())))
        .isInstanceOf(DuetException.class)
        .hasMessage(
            "unknown type for collapse field `body`, only keywords and numbers are accepted");
    assertThatThrownBy(
            () -> run(matchAll(), new QueryControls(0, 0, new Collapse("nope"), List.of())))
        .isInstanceOf(DuetException.class)
        .hasMessage("no mapping found for `nope` in order to collapse on");
  }

  @Test
  void rescoreReordersTheWindowAndWeighsTheRest() {
    SearchResponse plain = run(match("body", "quick"), QueryControls.NONE);
    assertThat(plain.hits().get(0).id()).isEqualTo("2");
    QueryRescore boostSearch = new QueryRescore(3, term("body", "search"), 0.5f, 10f, "total");
    SearchResponse rescored =
        run(match("body", "quick"), new QueryControls(0, 0, null, List.of(boostSearch)));
    assertThat(rescored.hits().get(0).id()).isEqualTo("4");
    float firstPass =
        plain.hits().stream().filter(h -> h.id().equals("1")).findFirst().orElseThrow().score();
    float weighed =
        rescored.hits().stream().filter(h -> h.id().equals("1")).findFirst().orElseThrow().score();
    assertThat(weighed).isEqualTo(firstPass * 0.5f);
  }

  @Test
  void rescoreWithAFieldSortFails() {
    QueryRescore step = new QueryRescore(10, term("body", "search"), 1f, 1f, "total");
    assertThatThrownBy(
            () ->
                engine.search(
                    search("docs", matchAll(), new SortSpec("year", null))
                        .withControls(new QueryControls(0, 0, null, List.of(step)))))
        .isInstanceOf(DuetException.class)
        .hasMessage("Cannot use [sort] option in conjunction with [rescore].");
  }
}
