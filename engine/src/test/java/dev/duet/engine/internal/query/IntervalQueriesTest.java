package dev.duet.engine.internal.query;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.search;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Intervals;
import dev.duet.engine.search.Intervals.Mode;
import dev.duet.engine.search.SearchHit;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code intervals} query on real Lucene, over the documents of OpenSearch's own {@code
 * 230_interval_query} tests; the expected hit counts are what OpenSearch 3.8.0 answers there.
 */
class IntervalQueriesTest {
  @TempDir static Path data;
  static Engine engine;

  @BeforeAll
  static void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "test",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of("text", Map.of("type", "text"), "tag", Map.of("type", "keyword")))));
    engine.bulk(
        bulk(
            index("test", "1", "{\"text\":\"Some like hot and dry, some like it cold and wet\"}"),
            index("test", "2", "{\"text\":\"Its cold outside, theres no kind of atmosphere\"}"),
            index("test", "3", "{\"text\":\"Baby its cold there outside\"}"),
            index("test", "4", "{\"text\":\"Outside it is cold and wet\"}"),
            index("test", "5", "{\"text\":\"cold rain makes it wet\"}"),
            index("test", "6", "{\"text\":\"that is some cold cold rain\",\"tag\":\"x\"}")));
    engine.refresh("test");
  }

  @AfterAll
  static void close() {
    engine.close();
  }

  @Test
  void matchCombinesTheAnalyzedTermsByMode() {
    assertThat(count(match("cold outside", -1, Mode.ORDERED, null))).isEqualTo(2);
    assertThat(count(match("cold outside", -1, Mode.UNORDERED, null))).isEqualTo(3);
    assertThat(count(match("cold wet it", -1, Mode.UNORDERED, null))).isEqualTo(3);
    assertThat(count(match("cold wet it", -1, Mode.UNORDERED_NO_OVERLAP, null))).isEqualTo(2);
  }

  @Test
  void maxGapsBoundsTheGapsAndZeroOrderedIsAPhrase() {
    assertThat(count(match("cold outside", 0, Mode.ORDERED, null))).isEqualTo(1);
    assertThat(count(match("cold outside", 1, Mode.UNORDERED, null))).isEqualTo(2);
  }

  @Test
  void allOfAndAnyOfCombineRules() {
    var coldOrHot =
        new Intervals.AnyOf(
            List.of(
                match("cold", -1, Mode.UNORDERED, null), match("hot", -1, Mode.UNORDERED, null)),
            null);
    var withCold = List.<Intervals.Rule>of(coldOrHot, match("cold", -1, Mode.UNORDERED, null));
    assertThat(count(new Intervals.AllOf(withCold, -1, Mode.UNORDERED, null))).isEqualTo(6);
    assertThat(count(new Intervals.AllOf(withCold, -1, Mode.UNORDERED_NO_OVERLAP, null)))
        .isEqualTo(2);
    var coldOutside =
        List.<Intervals.Rule>of(
            match("cold", -1, Mode.UNORDERED, null), match("outside", -1, Mode.UNORDERED, null));
    assertThat(count(new Intervals.AllOf(coldOutside, -1, Mode.ORDERED, null))).isEqualTo(2);
    assertThat(count(new Intervals.AllOf(coldOutside, 0, Mode.ORDERED, null))).isEqualTo(1);
  }

  @Test
  void filtersRelateTheIntervalsOfTwoRules() {
    var coldOutside =
        List.<Intervals.Rule>of(
            match("cold", -1, Mode.UNORDERED, null), match("outside", -1, Mode.UNORDERED, null));
    var is = match("is", -1, Mode.UNORDERED, null);
    assertThat(
            count(
                new Intervals.AllOf(
                    coldOutside, -1, Mode.UNORDERED, new Intervals.Filter("containing", is))))
        .isEqualTo(1);
    assertThat(
            count(
                new Intervals.AllOf(
                    coldOutside, -1, Mode.UNORDERED, new Intervals.Filter("not_containing", is))))
        .isEqualTo(2);
    var outside = match("outside", -1, Mode.UNORDERED, null);
    assertThat(ids(match("cold", -1, Mode.UNORDERED, new Intervals.Filter("after", outside))))
        .containsExactly("4");
    assertThat(count(match("cold", -1, Mode.UNORDERED, new Intervals.Filter("before", outside))))
        .isEqualTo(2);
  }

  @Test
  void multiTermRulesExpandNormalizedTerms() {
    var cold = match("cold", -1, Mode.UNORDERED, null);
    assertThat(
            count(
                new Intervals.AllOf(
                    List.of(cold, new Intervals.Prefix("OUT", null, null)),
                    -1,
                    Mode.UNORDERED,
                    null)))
        .isEqualTo(3);
    assertThat(
            count(
                new Intervals.AllOf(
                    List.of(cold, new Intervals.Wildcard("out?ide", null, null)),
                    -1,
                    Mode.UNORDERED,
                    null)))
        .isEqualTo(3);
    assertThat(count(new Intervals.Regexp("at[a-z]{2,}here", null, false, null, null)))
        .isEqualTo(1);
    assertThat(count(new Intervals.Regexp("AT[a-z]{2,}HERE", null, false, null, null))).isZero();
    assertThat(count(new Intervals.Regexp("AT[a-z]{2,}HERE", null, true, null, null))).isEqualTo(1);
    assertThat(count(new Intervals.Fuzzy("cald", null, 0, true, null, null))).isEqualTo(6);
    assertThat(count(new Intervals.Fuzzy("cald", "0", 0, true, null, null))).isZero();
  }

  @Test
  void scoresLikeLuceneIntervalQueryWithTheBoost() {
    List<SearchHit> hits =
        engine
            .search(
                search(
                    "test",
                    new Intervals("text", match("cold outside", 0, Mode.ORDERED, null), 2f)))
            .hits();
    assertThat(hits).extracting(SearchHit::id).containsExactly("2");
    assertThat(hits.get(0).score()).isEqualTo(1f);
  }

  @Test
  void refusesNonTextFieldsAndUnknownFiltersAsOpenSearchDoes() {
    assertThatThrownBy(
            () ->
                engine.search(
                    search("test", new Intervals("tag", match("x", -1, Mode.UNORDERED, null), 1f))))
        .isInstanceOf(DuetException.class)
        .hasMessageContaining(
            "Can only use interval queries on text fields - not on [tag] which is of type"
                + " [keyword]");
    var bogus =
        match(
            "cold",
            -1,
            Mode.UNORDERED,
            new Intervals.Filter("bogus", match("x", -1, Mode.UNORDERED, null)));
    assertThatThrownBy(() -> count(bogus))
        .isInstanceOf(DuetException.class)
        .hasMessageContaining("Unknown filter type [bogus]");
    assertThat(count(new Intervals.Match("cold", -1, Mode.UNORDERED, null, "missing", null)))
        .isZero();
    assertThat(
            engine
                .search(
                    search(
                        "test", new Intervals("missing", match("x", -1, Mode.UNORDERED, null), 1f)))
                .hits())
        .isEmpty();
  }

  @Test
  void theModelRefusesWhatOpenSearchsParserRefuses() {
    assertThatThrownBy(() -> new Intervals.Match(null, -1, Mode.UNORDERED, null, null, null))
        .hasMessage("Required [query]");
    assertThatThrownBy(() -> new Intervals.Prefix(null, null, null))
        .hasMessage("Required [prefix]");
    assertThatThrownBy(() -> Mode.of("xx", null))
        .hasMessage("no mode can be parsed from ordinal xx");
    assertThat(Mode.of(null, true)).isEqualTo(Mode.ORDERED);
    assertThat(Mode.of("unordered_no_overlap", true)).isEqualTo(Mode.UNORDERED_NO_OVERLAP);
  }

  private static Intervals.Match match(String text, int maxGaps, Mode mode, Intervals.Filter f) {
    return new Intervals.Match(text, maxGaps, mode, null, null, f);
  }

  private static long count(Intervals.Rule rule) {
    return engine.search(search("test", new Intervals("text", rule, 1f))).totalHits().value();
  }

  private static List<String> ids(Intervals.Rule rule) {
    return engine.search(search("test", new Intervals("text", rule, 1f))).hits().stream()
        .map(SearchHit::id)
        .toList();
  }
}
