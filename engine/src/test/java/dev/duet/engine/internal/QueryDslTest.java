package dev.duet.engine.internal;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.search;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.analysis.AnalyzeRequest;
import dev.duet.engine.analysis.AnalyzeResponse;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.FunctionScore;
import dev.duet.engine.search.MatchPhrasePrefix;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.ScoreFunction;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchOptions;
import dev.duet.engine.search.Wildcard;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The wider query DSL and analysis on a real index: what matches, in which order. */
public class QueryDslTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "docs",
        new IndexSettings(
            Map.of(
                "analysis.normalizer.lower.type", "custom",
                "analysis.normalizer.lower.filter", "lowercase,asciifolding",
                "analysis.analyzer.folded.tokenizer", "standard",
                "analysis.analyzer.folded.filter", "lowercase,asciifolding")),
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "body", Map.of("type", "text", "analyzer", "folded"),
                    "code", Map.of("type", "keyword", "normalizer", "lower"),
                    "n", Map.of("type", "integer"))),
            java.util.Set.of("folded"),
            java.util.Set.of("lower")));
    engine.bulk(
        bulk(
            index("docs", "1", "{\"body\":\"Café brown fox\",\"code\":\"ÀB\",\"n\":1}"),
            index("docs", "2", "{\"body\":\"brown bear\",\"code\":\"ab\",\"n\":5}"),
            index("docs", "3", "{\"body\":\"quick brownie\",\"code\":\"XY\",\"n\":9}")));
    engine.refresh("docs");
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void customAnalyzerAndNormalizerApplyAtIndexAndQueryTime() {
    assertThat(ids(new Query.Match("body", "cafe", Query.Operator.OR, null, 1f)))
        .containsExactly("1");
    assertThat(ids(new Query.Term("code", "Ab", 1f))).containsExactlyInAnyOrder("1", "2");
    AnalyzeResponse tokens =
        engine.analyze(
            new AnalyzeRequest(
                "docs", List.of("Déjà Vu"), "folded", null, null, null, List.of(), List.of()));
    assertThat(tokens.tokens())
        .extracting(AnalyzeResponse.Token::token)
        .containsExactly("deja", "vu");
  }

  @Test
  void phrasePrefixExpandsTheLastTermOnly() {
    assertThat(ids(new MatchPhrasePrefix("body", "brown f", 0, 50, null, false, 1f)))
        .containsExactly("1");
    assertThat(ids(new MatchPhrasePrefix("body", "brown", 0, 50, null, false, 1f)))
        .containsExactlyInAnyOrder("1", "2", "3");
  }

  @Test
  void functionScoreReplacesScoresWithTheFieldValue() {
    Query byN =
        new FunctionScore(
            new Query.MatchAll(1f),
            List.of(
                new ScoreFunction.FieldValueFactor(
                    null, null, "n", 1f, null, ScoreFunction.Modifier.NONE)),
            FunctionScore.ScoreMode.MULTIPLY,
            FunctionScore.BoostMode.REPLACE,
            Float.MAX_VALUE,
            null,
            1f);
    List<SearchHit> hits = engine.search(search("docs", byN)).hits();
    assertThat(hits).extracting(SearchHit::id).containsExactly("3", "2", "1");
    assertThat(hits).extracting(SearchHit::score).containsExactly(9f, 5f, 1f);
  }

  @Test
  void minScoreAndPostFilterNarrowTheHits() {
    var request =
        search("docs", new Query.MatchAll(1f))
            .withOptions(new SearchOptions(null, new Wildcard("code", "a*", false, 1f), List.of()));
    assertThat(engine.search(request).hits()).extracting(SearchHit::id).containsExactly("1", "2");
    var cut =
        search("docs", new Query.MatchAll(1f))
            .withOptions(new SearchOptions(1.5f, null, List.of()));
    assertThat(engine.search(cut).totalHits().value()).isZero();
  }

  @Test
  void multiTermQueriesRefuseNumericFields() {
    assertThatThrownBy(() -> engine.search(search("docs", new Wildcard("n", "1*", false, 1f))))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo("query_shard_exception");
              assertThat(e.reason())
                  .isEqualTo(
                      "Can only use wildcard queries on keyword and text fields - not on [n]"
                          + " which is of type [integer]");
            });
  }

  private List<String> ids(Query query) {
    return engine.search(search("docs", query)).hits().stream().map(SearchHit::id).toList();
  }
}
