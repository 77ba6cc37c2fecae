package dev.duet.engine.internal.analysis;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.match;
import static dev.duet.engine.internal.EngineFixture.search;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.analysis.AnalyzeRequest;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.FetchOptions;
import dev.duet.engine.search.Highlight;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code _analyze} and analysis definitions within OpenSearch's limits ({@code
 * index.analyze.max_token_count}, {@code index.max_ngram_diff}, {@code index.max_shingle_diff}),
 * bad n-gram sizes and {@code pattern_replace} group references as 400s, and highlighting within
 * {@code index.highlight.max_analyzed_offset}; messages as OpenSearch 3.8 words them.
 */
public class AnalysisLimitsTest {
  private static final Mapping TEXT =
      Mapping.fromMap(Map.of("properties", Map.of("t", Map.of("type", "text"))));

  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void analyzeStopsAtMaxTokenCount() {
    String text = "a ".repeat(10_001);
    DuetException e = refused(null, List.of(text), "standard", List.of());

    assertThat(e.status()).isEqualTo(400);
    assertThat(e.type()).isEqualTo("illegal_state_exception");
    assertThat(e.reason())
        .isEqualTo(
            "The number of tokens produced by calling _analyze has exceeded the allowed maximum of"
                + " [10000]. This limit can be set by changing the [index.analyze.max_token_count]"
                + " index level setting.");

    engine.createIndex("small", new IndexSettings(Map.of("analyze.max_token_count", "3")), TEXT);
    assertThat(refused("small", List.of("a b", "c d"), "standard", List.of()).reason())
        .contains("allowed maximum of [3]");
  }

  @Test
  void ngramWiderThanMaxNgramDiffIsRefusedInAnalyzeAndInIndexSettings() {
    Map<String, Object> wide = Map.of("type", "ngram", "min_gram", 1, "max_gram", 1000);
    String expected =
        "The difference between max_gram and min_gram in NGram Tokenizer must be less than or"
            + " equal to: [1] but was [999]. This limit can be set by changing the"
            + " [index.max_ngram_diff] index level setting.";

    assertThat(refused(null, List.of("abc"), null, List.of(wide)).reason()).isEqualTo(expected);
    DuetException creation =
        catchThrowableOfType(
            DuetException.class,
            () ->
                engine.createIndex(
                    "grams",
                    new IndexSettings(
                        Map.of(
                            "analysis.filter.g.type", "ngram",
                            "analysis.filter.g.min_gram", "1",
                            "analysis.filter.g.max_gram", "1000")),
                    TEXT));
    assertThat(creation.reason()).isEqualTo(expected);

    engine.createIndex("loose", new IndexSettings(Map.of("max_ngram_diff", "5")), TEXT);
    Map<String, Object> three = Map.of("type", "ngram", "min_gram", 1, "max_gram", 3);
    assertThat(analyze("loose", List.of("abc"), List.of(three))).hasSize(6);
  }

  @Test
  void anIndexCreatedBeforeTheLimitsStillOpensButItsRequestsAreChecked() {
    IndexSettings wide =
        new IndexSettings(
            Map.of(
                "analysis.filter.g.type", "ngram",
                "analysis.filter.g.min_gram", "1",
                "analysis.filter.g.max_gram", "3",
                "analysis.analyzer.a.tokenizer", "standard",
                "analysis.analyzer.a.filter", "g"));

    IndexAnalysis opened = IndexAnalysis.of(wide);

    assertThat(opened.analyzer("a")).isNotNull();
    assertThat(catchThrowableOfType(DuetException.class, () -> IndexAnalysis.validate(wide)))
        .isNotNull();
    assertThat(
            catchThrowableOfType(
                DuetException.class,
                () -> opened.components().chain("standard", List.of("g"), List.of(), -1)))
        .extracting(DuetException::reason)
        .asString()
        .contains("[index.max_ngram_diff]");
  }

  @Test
  void badGramSizesAre400s() {
    Map<String, Object> negative = Map.of("type", "ngram", "min_gram", 1, "max_gram", -1);
    assertThat(refused(null, List.of("abc"), null, List.of(negative)).reason())
        .isEqualTo("minGram must not be greater than maxGram");

    // Lucene's edge n-gram tokenizer buffers twice max_gram: capped, it answers like a small one.
    Map<String, Object> huge = Map.of("type", "edge_ngram", "min_gram", 1, "max_gram", 1 << 30);
    AnalyzeRequest tokenizer =
        new AnalyzeRequest(null, List.of("abc"), null, null, null, huge, List.of(), List.of());
    assertThat(engine.analyze(tokenizer).tokens()).hasSize(3);
    assertThat(analyze(null, List.of("abc"), List.of(huge))).hasSize(3);
  }

  @Test
  void shingleWiderThanMaxShingleDiffIsRefused() {
    Map<String, Object> shingle = Map.of("type", "shingle", "max_shingle_size", 10);

    assertThat(refused(null, List.of("abc"), null, List.of(shingle)).reason())
        .isEqualTo(
            "In Shingle TokenFilter the difference between max_shingle_size and min_shingle_size"
                + " (and +1 if outputting unigrams) must be less than or equal to: [3] but was [9]."
                + " This limit can be set by changing the [index.max_shingle_diff] index level"
                + " setting.");
  }

  @Test
  void patternReplaceNamingAMissingGroupIsA400() {
    Map<String, Object> replace =
        Map.of("type", "pattern_replace", "pattern", "a", "replacement", "$99");
    AnalyzeRequest request =
        new AnalyzeRequest(
            null, List.of("abc"), null, null, null, "standard", List.of(), List.of(replace));

    DuetException e = catchThrowableOfType(DuetException.class, () -> engine.analyze(request));

    assertThat(e.status()).isEqualTo(400);
    assertThat(e.reason()).isEqualTo("No group 9");
  }

  @Test
  void highlightingPastMaxAnalyzedOffsetIsRefusedNamingTheSetting() {
    engine.createIndex(
        "hl", new IndexSettings(Map.of("highlight.max_analyzed_offset", "10")), TEXT);
    engine.bulk(bulk(index("hl", "1", "{\"t\":\"hello world this is a long text\"}")));
    Highlight highlight =
        new Highlight(
            List.of(new Highlight.Field("t", Highlight.Options.NONE)), Highlight.Options.NONE);

    DuetException e =
        catchThrowableOfType(
            DuetException.class,
            () ->
                engine.search(
                    search("hl", match("t", "hello"))
                        .withFetch(
                            new FetchOptions(
                                highlight, List.of(), null, false, List.of(), false))));

    assertThat(e.status()).isEqualTo(400);
    assertThat(e.reason())
        .isEqualTo(
            "The length of [t] field of [0] doc of [hl] index has exceeded [10] - maximum allowed"
                + " to be analyzed for highlighting. This maximum can be set by changing the"
                + " [index.highlight.max_analyzed_offset] index level setting. For large texts,"
                + " indexing with offsets or term vectors is recommended!");
  }

  private List<?> analyze(String index, List<String> text, List<Object> filters) {
    return engine
        .analyze(new AnalyzeRequest(index, text, null, null, null, "standard", filters, List.of()))
        .tokens();
  }

  private DuetException refused(
      String index, List<String> text, String analyzer, List<Object> filters) {
    AnalyzeRequest request =
        filters.isEmpty()
            ? new AnalyzeRequest(index, text, analyzer, null, null, null, List.of(), List.of())
            : new AnalyzeRequest(index, text, null, null, null, "standard", filters, List.of());
    return catchThrowableOfType(DuetException.class, () -> engine.analyze(request));
  }
}
