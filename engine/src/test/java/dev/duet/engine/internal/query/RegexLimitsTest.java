package dev.duet.engine.internal.query;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.search;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.internal.source.Wildcards;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.Fuzzy;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.QueryString;
import dev.duet.engine.search.Regexp;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.Wildcard;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile regexes and wildcards (found by fuzzing) are refused with 400s naming the limit, before
 * Lucene spends time or heap on them; wildcards of many stars answer.
 */
public class RegexLimitsTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    Mapping mapping =
        Mapping.fromMap(
            Map.of(
                "properties", Map.of("k", Map.of("type", "keyword"), "t", Map.of("type", "text"))));
    engine.createIndex("docs", IndexSettings.DEFAULTS, mapping);
    engine.createIndex("wide", new IndexSettings(Map.of("max_regex_length", "20000")), mapping);
    engine.bulk(
        bulk(
            index("docs", "1", "{\"k\":\"abc\",\"t\":\"hello world\"}"),
            index("wide", "1", "{\"k\":\"abc\",\"t\":\"hello world\"}")));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void regexLongerThanMaxRegexLengthIsRefusedNamingTheSetting() {
    DuetException e = refused("docs", regexp("a".repeat(1001)));

    assertThat(e.type()).isEqualTo("query_shard_exception");
    assertThat(e.reason())
        .isEqualTo(
            "failed to create query: The length of regex [1001] used in the Regexp Query request"
                + " has exceeded the allowed maximum of [1000]. This maximum can be set by changing"
                + " the [index.max_regex_length] index level setting.");
    assertThat(e.causedBy().type()).isEqualTo("illegal_argument_exception");
    assertThat(engine.search(search("wide", regexp("a".repeat(1001)))).hits()).isEmpty();
  }

  @Test
  void queryStringRegexIsBoundByTheSameSetting() {
    Query q =
        new QueryString(
            false,
            "k:/" + "a".repeat(1001) + "/",
            List.of(),
            null,
            Query.Operator.OR,
            null,
            null,
            false,
            1f);

    assertThat(refused("docs", q).reason())
        .contains("The length of regex [1001] used in the [query_string] has exceeded")
        .contains("[index.max_regex_length]");
  }

  @Test
  void hugeRepetitionsAreRefusedBeforeBuildingTheAutomaton() {
    for (String regex : List.of("a{2147483647}", "[a-z]{1,100000}", "a{1,1000}{1,1000}")) {
      DuetException e = refused("docs", regexp(regex));

      assertThat(e.status()).as(regex).isEqualTo(400);
      assertThat(e.causedBy().type()).as(regex).isEqualTo("too_complex_to_determinize_exception");
    }
  }

  @Test
  void automatonTooComplexToDeterminizeIsA400AsOpenSearchWordsIt() {
    DuetException e = refused("docs", regexp("(a|b)*a(a|b){20}"));

    assertThat(e.reason())
        .isEqualTo(
            "failed to create query: Determinizing automaton with 22 states and 22 transitions"
                + " would require more than 10000 effort.");
    assertThat(e.causedBy().type()).isEqualTo("too_complex_to_determinize_exception");
  }

  @Test
  void deeplyNestedGroupsAreA400NotAStackOverflow() {
    String nested = "(".repeat(5000) + "a" + ")".repeat(5000);

    DuetException e = refused("wide", regexp(nested));

    assertThat(e.status()).isEqualTo(400);
    assertThat(e.reason()).contains("nests groups");
  }

  @Test
  void termsIncludeAndExcludeAreBoundToo() {
    assertThat(refusedAgg(new Aggregation.IncludeExclude("a".repeat(1001), null, null, null)))
        .extracting(DuetException::type, DuetException::reason)
        .containsExactly(
            "illegal_argument_exception",
            "The length of regex [1001] used in the request has exceeded the allowed maximum of"
                + " [1000]. This maximum can be set by changing the [index.max_regex_length] index"
                + " level setting.");
    assertThat(refusedAgg(new Aggregation.IncludeExclude(null, "a{1,1000}{1,1000}", null, null)))
        .extracting(DuetException::status, DuetException::type)
        .containsExactly(400, "too_complex_to_determinize_exception");
    assertThat(refusedAgg(new Aggregation.IncludeExclude("[", null, null, null)))
        .extracting(DuetException::type, DuetException::reason)
        .containsExactly("illegal_argument_exception", "unexpected end-of-string");
  }

  @Test
  void wildcardOfThousandsOfStarsAnswers() {
    String stars = "*".repeat(10_000);

    assertThat(engine.search(search("docs", new Wildcard("k", stars, false, 1f))).hits())
        .hasSize(1);
    assertThat(engine.search(search("docs", new Wildcard("k", "a" + stars, true, 1f))).hits())
        .hasSize(1);
    assertThat(engine.search(search("docs", new Wildcard("k", "*?".repeat(3), false, 1f))).hits())
        .hasSize(1);
    assertThat(
            engine.search(search("docs", new Wildcard("k", "*?".repeat(5000), false, 1f))).hits())
        .isEmpty();
  }

  @Test
  void aFuzzyTermLongerThanAnyIndexedTermMatchesNothingWithoutBuildingItsAutomaton() {
    Fuzzy fuzzy = new Fuzzy("k", "a".repeat(1_000_000), "2", 0, 50, true, 1f);

    assertThat(engine.search(search("docs", fuzzy)).hits()).isEmpty();
    Query inQueryString =
        new QueryString(
            false,
            "k:" + "a".repeat(1_000_000) + "~2",
            List.of(),
            null,
            Query.Operator.OR,
            null,
            null,
            false,
            1f);
    assertThat(engine.search(search("docs", inQueryString)).hits()).isEmpty();
  }

  @Test
  void starRunsCollapseToTheirShortestEqualForm() {
    assertThat(Wildcards.collapseRuns("a***b")).isEqualTo("a*b");
    assertThat(Wildcards.collapseRuns("*?*?x")).isEqualTo("??*x");
    assertThat(Wildcards.collapseRuns("a\\**b??")).isEqualTo("a\\**b??");
  }

  private static Regexp regexp(String value) {
    return new Regexp("k", value, null, false, Regexp.DEFAULT_MAX_DETERMINIZED_STATES, 1f);
  }

  private DuetException refused(String index, Query query) {
    return catchThrowableOfType(DuetException.class, () -> engine.search(search(index, query)));
  }

  private DuetException refusedAgg(Aggregation.IncludeExclude filter) {
    Aggregation terms =
        new Aggregation.Terms("t", "k", 10, -1, List.of(), 1, null, filter, List.of());
    return catchThrowableOfType(
        DuetException.class,
        () -> {
          SearchResponse r =
              engine.search(
                  search("docs", new Query.MatchAll(1f)).withAggregations(List.of(terms)));
          assertThat(r).isNull();
        });
  }
}
