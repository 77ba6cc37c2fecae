package dev.duet.engine.internal.search;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.json;
import static dev.duet.engine.internal.EngineFixture.match;
import static dev.duet.engine.internal.EngineFixture.matchAll;
import static dev.duet.engine.internal.EngineFixture.range;
import static dev.duet.engine.internal.EngineFixture.search;
import static dev.duet.engine.internal.EngineFixture.term;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SortSpec;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class SearchPhaseTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "books",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "title", Map.of("type", "text"),
                    "genre", Map.of("type", "keyword"),
                    "year", Map.of("type", "integer"),
                    "price", Map.of("type", "double"),
                    "rating", Map.of("type", "float"),
                    "published", Map.of("type", "date"),
                    "available", Map.of("type", "boolean")))));
    engine.bulk(
        bulk(
            index(
                "books",
                "1",
                "{\"title\":\"The Quick Brown Fox\",\"genre\":\"fable\",\"year\":1990,"
                    + "\"price\":9.5,\"rating\":4.5,\"published\":\"1990-05-01\","
                    + "\"available\":true,\"author\":{\"name\":\"Ann\",\"born\":1950}}"),
            index(
                "books",
                "2",
                "{\"title\":\"Lazy Dogs Sleep\",\"genre\":\"novel\",\"year\":2001,"
                    + "\"price\":20.0,\"rating\":3.5,\"published\":\"2001-01-15T10:00:00Z\","
                    + "\"available\":false}"),
            index(
                "books",
                "3",
                "{\"title\":\"Quick Thinking\",\"genre\":[\"essay\",\"novel\"],\"year\":2010,"
                    + "\"price\":15.25,\"published\":\"2010-12-31\",\"available\":true}")));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private List<String> ids(SearchRequest request) {
    return engine.search(request).hits().stream().map(SearchHit::id).toList();
  }

  private List<String> ids(Query query) {
    return ids(search("books", query)).stream().sorted().toList();
  }

  @Test
  void matchAnalyzesTextWithOperatorAndMinimumShouldMatch() {
    assertThat(ids(match("title", "QUICK fox"))).containsExactly("1", "3");
    assertThat(ids(new Query.Match("title", "quick fox", Query.Operator.AND, null, 1f)))
        .containsExactly("1");
    assertThat(ids(new Query.Match("title", "quick fox dogs", Query.Operator.OR, "2", 1f)))
        .containsExactly("1");
    assertThat(ids(match("title", "!!!"))).isEmpty();
    assertThat(ids(match("genre", "novel"))).containsExactly("2", "3");
    assertThat(ids(match("year", "2001"))).containsExactly("2");
  }

  @Test
  void relevanceOrderPutsBetterMatchesFirstWithScores() {
    SearchResponse response = engine.search(search("books", match("title", "quick fox")));

    assertThat(response.hits().get(0).id()).isEqualTo("1");
    assertThat(response.maxScore()).isEqualTo(response.hits().get(0).score()).isPositive();
    assertThat(response.hits().get(0).sortValues()).isEmpty();
    assertThat(response.totalShards()).isEqualTo(1);
  }

  @Test
  void termQueriesUseEachFieldsType() {
    assertThat(ids(term("title", "quick"))).containsExactly("1", "3");
    assertThat(ids(term("title", "Quick"))).isEmpty();
    assertThat(ids(term("genre", "novel"))).containsExactly("2", "3");
    assertThat(ids(term("year", 1990L))).containsExactly("1");
    assertThat(ids(term("year", "2010"))).containsExactly("3");
    assertThat(ids(term("year", 1990.5))).isEmpty();
    assertThat(ids(term("price", 15.25))).containsExactly("3");
    assertThat(ids(term("rating", "4.5"))).containsExactly("1");
    assertThat(ids(term("available", true))).containsExactly("1", "3");
    assertThat(ids(term("available", "false"))).containsExactly("2");
    assertThat(ids(term("published", "2001-01-15T10:00:00Z"))).containsExactly("2");
    assertThat(ids(term("author.name", "ann"))).containsExactly("1");
    assertThat(ids(term("author.born", 1950))).containsExactly("1");
    assertThat(ids(term("_id", "2"))).containsExactly("2");
    assertThat(ids(term("nothing", "x"))).isEmpty();
    assertThat(ids(new Query.Terms("genre", List.of("fable", "essay"), 1f)))
        .containsExactly("1", "3");
    assertThat(ids(new Query.Terms("year", List.of(1990L, 2001L), 1f))).containsExactly("1", "2");
  }

  @Test
  void numericTermsScaleBeyondTheClauseLimit() {
    List<Object> years = new ArrayList<>();
    for (long y = 0; y < 2005; y++) {
      years.add(y);
    }
    years.add(2001.5);

    assertThat(ids(new Query.Terms("year", years, 1f))).containsExactly("1", "2");
    assertThat(ids(new Query.Terms("price", List.of(9.5, "20"), 1f))).containsExactly("1", "2");
    assertThat(ids(new Query.Terms("published", List.of("1990-05-01"), 1f))).containsExactly("1");
  }

  @Test
  void rangeQueriesOnNumbersDatesAndKeywords() {
    assertThat(ids(range("year", null, 1990L, 2010L, null))).containsExactly("1", "2");
    assertThat(ids(range("year", 1990L, null, null, 2010L))).containsExactly("2", "3");
    assertThat(ids(range("year", null, "1990.5", null, null))).containsExactly("2", "3");
    assertThat(ids(range("price", 9.5, null, null, null))).containsExactly("2", "3");
    assertThat(ids(range("rating", null, 3.5, null, null))).containsExactly("1", "2");
    assertThat(ids(range("published", null, "2001-01-15", null, "2010-12-31")))
        .containsExactly("2", "3");
    assertThat(ids(range("published", "2001-01-15", null, null, null))).containsExactly("3");
    assertThat(ids(range("published", null, null, "2001", null))).containsExactly("1");
    assertThat(ids(range("published", null, 978307200000L, null, null))).containsExactly("2", "3");
    assertThat(ids(new Query.Range("published", null, "01/01/2001", null, null, "MM/dd/yyyy", 1f)))
        .containsExactly("2", "3");
    assertThat(ids(range("published", null, "now-100y", null, "now"))).hasSize(3);
    assertThat(ids(range("genre", null, "f", "o", null))).containsExactly("1", "2", "3");
  }

  @Test
  void boolCombinesClausesLikeOpenSearch() {
    Query.Bool mustAndNot =
        new Query.Bool(
            List.of(match("title", "quick")),
            List.of(),
            List.of(term("genre", "essay")),
            List.of(),
            null,
            1f);
    assertThat(ids(mustAndNot)).containsExactly("1");

    Query.Bool filterWithOptionalShould =
        new Query.Bool(
            List.of(),
            List.of(term("genre", "nothing")),
            List.of(),
            List.of(range("year", null, 2000L, null, null)),
            null,
            1f);
    assertThat(ids(filterWithOptionalShould)).containsExactly("2", "3");

    Query.Bool shouldOnly =
        new Query.Bool(
            List.of(),
            List.of(term("genre", "fable"), term("genre", "essay"), term("year", 2010)),
            List.of(),
            List.of(),
            "2",
            1f);
    assertThat(ids(shouldOnly)).containsExactly("3");

    Query.Bool notOnly =
        new Query.Bool(List.of(), List.of(), List.of(term("genre", "novel")), List.of(), null, 1f);
    assertThat(ids(notOnly)).containsExactly("1");

    Query.Bool empty = new Query.Bool(List.of(), List.of(), List.of(), List.of(), null, 1f);
    assertThat(ids(empty)).containsExactly("1", "2", "3");
  }

  @Test
  void boostRaisesScore() {
    float plain = engine.search(search("books", term("genre", "fable"))).maxScore();
    float boosted = engine.search(search("books", new Query.Term("genre", "fable", 2f))).maxScore();

    assertThat(boosted).isEqualTo(plain * 2);
  }

  @Test
  void badNumbersAreQueryShardExceptions() {
    assertThatThrownBy(() -> engine.search(search("books", term("year", "abc"))))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.type()).isEqualTo("query_shard_exception");
              assertThat(e.reason()).isEqualTo("failed to create query: For input string: \"abc\"");
              assertThat(e.metadata()).containsKeys("index", "index_uuid");
              assertThat(e.causedBy().type()).isEqualTo("number_format_exception");
            });
    assertThatThrownBy(
            () -> engine.search(search("books", range("published", null, "abc", null, null))))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo("parse_exception");
              assertThat(e.causedBy().type()).isEqualTo("illegal_argument_exception");
            });
  }

  @Test
  void mustNotOnlyScoresZero() {
    Query.Bool notOnly =
        new Query.Bool(List.of(), List.of(), List.of(term("genre", "novel")), List.of(), null, 1f);
    SearchResponse response = engine.search(search("books", notOnly));

    assertThat(response.maxScore()).isZero();
    assertThat(response.hits().get(0).score()).isZero();
  }

  @Test
  void badBooleanIsAQueryShardException() {
    assertThatThrownBy(() -> engine.search(search("books", term("available", "abc"))))
        .hasMessage(
            "failed to create query: Can't parse boolean value [abc], expected [true] or [false]");
  }

  @Test
  void sortsByFieldsWithSortValuesAndNoScores() {
    SearchResponse byYear =
        engine.search(search("books", matchAll(), new SortSpec("year", SortSpec.SortOrder.DESC)));
    assertThat(byYear.hits()).extracting(SearchHit::id).containsExactly("3", "2", "1");
    assertThat(byYear.hits().get(0).sortValues()).containsExactly(2010L);
    assertThat(byYear.hits().get(0).score()).isNaN();
    assertThat(byYear.maxScore()).isNaN();

    SearchResponse byRating =
        engine.search(search("books", matchAll(), new SortSpec("rating", null)));
    assertThat(byRating.hits()).extracting(SearchHit::id).containsExactly("2", "1", "3");
    assertThat(byRating.hits().get(0).sortValues()).containsExactly(3.5);
    assertThat(byRating.hits().get(2).sortValues()).containsExactly(Double.POSITIVE_INFINITY);

    SearchResponse byGenre =
        engine.search(
            search(
                "books",
                matchAll(),
                new SortSpec("genre", SortSpec.SortOrder.ASC),
                new SortSpec("published", SortSpec.SortOrder.DESC)));
    assertThat(byGenre.hits()).extracting(SearchHit::id).containsExactly("3", "1", "2");
    assertThat(byGenre.hits().get(0).sortValues()).containsExactly("essay", 1293753600000L);

    SearchResponse byDate =
        engine.search(search("books", matchAll(), new SortSpec("published", null)));
    assertThat(byDate.hits().get(0).sortValues()).containsExactly(641520000000L);

    SearchResponse byScore =
        engine.search(search("books", match("title", "quick fox"), new SortSpec("_score", null)));
    assertThat(byScore.hits().get(0).id()).isEqualTo("1");
    assertThat(byScore.hits().get(0).score()).isPositive();
    assertThat(byScore.hits().get(0).sortValues()).isEmpty();
    assertThat(byScore.maxScore()).isEqualTo(byScore.hits().get(0).score());

    SearchResponse byScoreThenYear =
        engine.search(
            search(
                "books",
                match("title", "quick"),
                new SortSpec("_score", null),
                new SortSpec("year", SortSpec.SortOrder.DESC)));
    assertThat(byScoreThenYear.hits().get(0).sortValues()).hasSize(2);
    assertThat(byScoreThenYear.hits().get(0).sortValues().get(0)).isInstanceOf(Double.class);
  }

  @Test
  void sortingOnTextOrUnmappedFieldsIsRefused() {
    assertThatThrownBy(
            () -> engine.search(search("books", matchAll(), new SortSpec("title", null))))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo("illegal_argument_exception");
              assertThat(e.reason())
                  .startsWith("Text fields are not optimised for operations that require")
                  .contains("set fielddata=true on [title]");
            });
    assertThatThrownBy(() -> engine.search(search("books", matchAll(), new SortSpec("nope", null))))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo("query_shard_exception");
              assertThat(e.reason()).isEqualTo("No mapping found for [nope] in order to sort on");
            });
  }

  @Test
  void pagesWithFromAndSizeAndRefusesLargeWindows() {
    SortSpec byYear = new SortSpec("year", null);
    SearchRequest page =
        new SearchRequest(
            List.of("books"),
            matchAll(),
            1,
            1,
            List.of(byYear),
            SourceFilter.NONE,
            TrackTotalHits.DEFAULT);
    SearchResponse response = engine.search(page);
    assertThat(response.hits()).extracting(SearchHit::id).containsExactly("2");
    assertThat(response.hits().get(0).source()).isNull();
    assertThat(response.totalHits().value()).isEqualTo(3);

    SearchRequest tooLarge =
        new SearchRequest(
            List.of("books"),
            matchAll(),
            10_000,
            1,
            List.of(),
            SourceFilter.ALL,
            TrackTotalHits.DEFAULT);
    assertThatThrownBy(() -> engine.search(tooLarge))
        .hasMessage(
            "Result window is too large, from + size must be less than or equal to: [10000] but"
                + " was [10001]. See the scroll api for a more efficient way to request large data"
                + " sets. This limit can be set by changing the [index.max_result_window] index"
                + " level setting.");
  }

  @Test
  void filtersSourceWithIncludesAndExcludes() {
    SearchRequest request =
        new SearchRequest(
            List.of("books"),
            term("_id", "1"),
            0,
            10,
            List.of(),
            new SourceFilter(true, List.of("title", "author.*"), List.of("author.born")),
            TrackTotalHits.DEFAULT);

    assertThat(json(engine.search(request).hits().get(0).source()))
        .isEqualTo("{\"title\":\"The Quick Brown Fox\",\"author\":{\"name\":\"Ann\"}}");
  }

  @Test
  void tracksTotalHitsUpToTheLimit() {
    List<BulkItem> items = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      items.add(index("many", Integer.toString(i), "{\"n\":" + i + "}"));
    }
    engine.bulk(bulk(items.toArray(BulkItem[]::new)));

    SearchResponse upTo10 =
        engine.search(
            new SearchRequest(
                List.of("many"),
                matchAll(),
                0,
                2,
                List.of(),
                SourceFilter.ALL,
                new TrackTotalHits(true, 10)));
    assertThat(upTo10.totalHits()).isEqualTo(new SearchResponse.TotalHits(10, "gte"));
    assertThat(upTo10.hits()).hasSize(2);

    SearchResponse exact =
        engine.search(
            new SearchRequest(
                List.of("many"),
                matchAll(),
                0,
                2,
                List.of(),
                SourceFilter.ALL,
                TrackTotalHits.EXACT));
    assertThat(exact.totalHits()).isEqualTo(new SearchResponse.TotalHits(30, "eq"));

    SearchResponse none =
        engine.search(
            new SearchRequest(
                List.of("many"),
                matchAll(),
                0,
                0,
                List.of(),
                SourceFilter.ALL,
                TrackTotalHits.DISABLED));
    assertThat(none.totalHits()).isNull();
    assertThat(none.hits()).isEmpty();
  }

  @Test
  void searchesAcrossIndexExpressions() {
    engine.createIndex(
        "books-2",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(Map.of("properties", Map.of("genre", Map.of("type", "keyword")))));
    engine.bulk(bulk(index("books-2", "9", "{\"genre\":\"novel\"}")));

    assertThat(ids(search("books*", term("genre", "novel"))).stream().sorted().toList())
        .containsExactly("2", "3", "9");
    assertThat(engine.search(search("_all", matchAll())).totalShards()).isEqualTo(2);
    assertThat(ids(search("books,books-2", term("_id", "9")))).containsExactly("9");
    assertThat(engine.search(search("nothing*", matchAll())).hits()).isEmpty();
    assertThatThrownBy(() -> engine.search(search("missing", matchAll())))
        .isInstanceOfSatisfying(
            DuetException.class, e -> assertThat(e.type()).isEqualTo("index_not_found_exception"));
    SearchResponse sorted =
        engine.search(
            new SearchRequest(
                Arrays.asList("books", "books-2"),
                matchAll(),
                0,
                10,
                List.of(new SortSpec("genre", SortSpec.SortOrder.DESC)),
                SourceFilter.NONE,
                TrackTotalHits.DEFAULT));
    assertThat(sorted.hits())
        .extracting(SearchHit::index)
        .containsExactly("books", "books", "books-2", "books");
  }

  @Test
  void keywordAndIdTermsScoreTheirBoostLikeOpenSearch() {
    SearchResponse keyword = engine.search(search("books", term("genre", "novel")));
    assertThat(keyword.hits()).extracting(SearchHit::score).containsOnly(1f);
    assertThat(keyword.maxScore()).isEqualTo(1f);
    SearchResponse matchOnKeyword = engine.search(search("books", match("genre", "novel")));
    assertThat(matchOnKeyword.hits()).extracting(SearchHit::score).containsOnly(1f);
    assertThat(engine.search(search("books", new Query.Term("genre", "novel", 2f))).maxScore())
        .isEqualTo(2f);
    assertThat(engine.search(search("books", term("_id", "2"))).maxScore()).isEqualTo(1f);
    // text terms stay scored by relevance
    assertThat(engine.search(search("books", term("title", "quick"))).maxScore()).isNotEqualTo(1f);
  }

  @Test
  void maxScoreIsNullForSizeZeroAndZeroWithoutIndices() {
    SearchResponse counted =
        engine.search(
            new SearchRequest(
                List.of("books"),
                term("genre", "novel"),
                0,
                0,
                List.of(),
                SourceFilter.ALL,
                TrackTotalHits.DEFAULT));
    assertThat(counted.hits()).isEmpty();
    assertThat(counted.totalHits().value()).isEqualTo(2);
    assertThat(counted.maxScore()).isNaN();

    SearchResponse none = engine.search(search("nothing*", matchAll()));
    assertThat(none.maxScore()).isZero();
  }

  @Test
  void sortsByIdWithTheIdAsSortValue() {
    SearchResponse asc =
        engine.search(search("books", matchAll(), new SortSpec("_id", SortSpec.SortOrder.ASC)));
    assertThat(asc.hits()).extracting(SearchHit::id).containsExactly("1", "2", "3");
    assertThat(asc.hits().get(0).sortValues()).containsExactly("1");
    SearchResponse desc =
        engine.search(search("books", matchAll(), new SortSpec("_id", SortSpec.SortOrder.DESC)));
    assertThat(desc.hits()).extracting(SearchHit::id).containsExactly("3", "2", "1");
  }

  @Test
  void refusesAPathBothIncludedAndExcluded() {
    assertThatThrownBy(() -> new SourceFilter(true, List.of("title", "year"), List.of("year")))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.type()).isEqualTo("illegal_argument_exception");
              assertThat(e.reason())
                  .isEqualTo(
                      "The same entry [year] cannot be both included and excluded in _source.");
            });
  }
}
