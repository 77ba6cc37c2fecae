package dev.duet.engine.internal.search;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.match;
import static dev.duet.engine.internal.EngineFixture.search;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.internal.EngineFixture;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Collapse;
import dev.duet.engine.search.InnerHits;
import dev.duet.engine.search.InnerHitsResult;
import dev.duet.engine.search.QueryControls;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SortSpec;
import dev.duet.engine.search.SourceFilter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A collapse's inner hits: each group's hits, searched again as OpenSearch's expand phase does. */
public class CollapseExpansionTest {
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
            index("docs", "4", "{\"body\":\"quick search\",\"kind\":\"book\",\"year\":2001}"),
            index("docs", "5", "{\"body\":\"quick, no kind\",\"year\":2001}")));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private SearchResponse collapsed(InnerHits... innerHits) {
    return engine.search(
        search("docs", match("body", "quick"))
            .withControls(
                new QueryControls(0, 0, new Collapse("kind", List.of(innerHits)), List.of())));
  }

  @Test
  void eachHitCarriesItsGroupsMatchesInTheInnerHitsOrder() {
    InnerHits byYear =
        new InnerHits("by_year", 0, 5, List.of(new SortSpec("year", SortSpec.SortOrder.ASC)), null);
    SearchResponse response = collapsed(byYear);
    assertThat(response.hits()).extracting(SearchHit::id).containsExactly("2", "4", "5");
    InnerHitsResult stories = response.hits().get(0).details().innerHits().get("by_year");
    assertThat(stories.totalHits().value()).isEqualTo(2);
    assertThat(stories.hits()).extracting(SearchHit::id).containsExactly("2", "1");
    assertThat(stories.hits().get(0).sortValues()).containsExactly(1999L);
    assertThat(stories.maxScore()).isNaN();
    // The group without a value: the matches that have no kind.
    InnerHitsResult none = response.hits().get(2).details().innerHits().get("by_year");
    assertThat(none.hits()).extracting(SearchHit::id).containsExactly("5");
    assertThat(response.hits().get(2).details().fields()).doesNotContainKey("kind");
  }

  @Test
  void innerHitsByScorePageAndFilterTheirSourceAndTheLaterOfOneNameWins() {
    InnerHits first = new InnerHits("g", 0, 1, List.of(), SourceFilter.NONE);
    InnerHits second = new InnerHits("g", 1, 3, List.of(), SourceFilter.NONE);
    SearchResponse response = collapsed(first, second);
    InnerHitsResult stories = response.hits().get(0).details().innerHits().get("g");
    assertThat(stories.totalHits().value()).isEqualTo(2);
    assertThat(stories.hits()).extracting(SearchHit::id).containsExactly("1");
    assertThat(stories.hits().get(0).source()).isNull();
    assertThat(stories.maxScore()).isEqualTo(response.hits().get(0).score());
  }

  @Test
  void innerHitsCollapseAgainByAnotherField() {
    InnerHits perYear =
        new InnerHits("y", 0, 5, List.of(), SourceFilter.NONE, new Collapse("year"));
    SearchResponse response =
        engine.search(
            search("docs", EngineFixture.matchAll())
                .withControls(
                    new QueryControls(0, 0, new Collapse("kind", List.of(perYear)), List.of())));
    InnerHitsResult books =
        response.hits().stream()
            .filter(h -> "book".equals(h.details().fields().get("kind").get(0)))
            .findFirst()
            .orElseThrow()
            .details()
            .innerHits()
            .get("y");
    assertThat(books.hits()).hasSize(2);
    assertThat(books.hits()).allSatisfy(h -> assertThat(h.details().fields()).containsKey("year"));
  }

  @Test
  void unnamedInnerHitsFailOnlyWhenThereIsAHitToExpand() {
    InnerHits unnamed = new InnerHits(null, 0, 3, List.of(), null);
    assertThatThrownBy(() -> collapsed(unnamed))
        .isInstanceOf(DuetException.class)
        .hasMessage("Field name cannot be null");
    SearchResponse none =
        engine.search(
            search("docs", match("body", "absent"))
                .withControls(
                    new QueryControls(0, 0, new Collapse("kind", List.of(unnamed)), List.of())));
    assertThat(none.hits()).isEmpty();
  }

  @Test
  void aFailedGroupSearchIsAnExpandPhaseFailureAroundIt() {
    InnerHits badSort =
        new InnerHits("x", 0, 3, List.of(new SortSpec("nope", SortSpec.SortOrder.ASC)), null);
    assertThatThrownBy(() -> collapsed(badSort))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo("search_phase_execution_exception");
              assertThat(e.reason()).isEqualTo("failed to expand hits");
              assertThat(e.metadata()).containsEntry("phase", "expand");
              assertThat(e.causedBy().reason())
                  .isEqualTo("No mapping found for [nope] in order to sort on");
            });
  }
}
