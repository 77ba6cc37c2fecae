package dev.duet.engine.internal.fetch;

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
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.FetchOptions;
import dev.duet.engine.search.Highlight;
import dev.duet.engine.search.Prefix;
import dev.duet.engine.search.SearchHit;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What highlighters leave alone, as OpenSearch 3.8.0's: text past {@code max_analyzer_offset}
 * (instead of refusing a text over {@code index.highlight.max_analyzed_offset}), any length of a
 * field indexed with offsets for the unified highlighter, and keyword values over {@code
 * ignore_above}.
 */
class HighlightLimitsTest {
  private static final String TEXT = "The quick brown fox went to the forest and saw another fox.";

  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "test1",
        new IndexSettings(Map.of("highlight.max_analyzed_offset", "10")),
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "field1", Map.of("type", "text"),
                    "field2", Map.of("type", "text", "index_options", "offsets"),
                    "k1", Map.of("type", "keyword"),
                    "k2", Map.of("type", "keyword", "ignore_above", 3)))));
    engine.bulk(
        bulk(
            index("test1", "1", "{\"field1\":\"" + TEXT + "\",\"field2\":\"" + TEXT + "\"}"),
            index("test1", "2", "{\"k1\":\"123\",\"k2\":\"123\"}"),
            index("test1", "3", "{\"k1\":\"1234\",\"k2\":\"1234\"}")));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private List<SearchHit> highlighted(
      dev.duet.engine.search.Query query, String field, Highlight.Options options) {
    Highlight h =
        new Highlight(List.of(new Highlight.Field(field, options)), Highlight.Options.NONE);
    return engine
        .search(
            search("test1", query)
                .withFetch(new FetchOptions(h, List.of(), null, false, List.of(), false)))
        .hits();
  }

  private static Highlight.Options options(String type, Integer maxAnalyzerOffset, Boolean match) {
    return new Highlight.Options(
        null, null, null, null, null, match, null, type, null, null, null, maxAnalyzerOffset);
  }

  @Test
  void maxAnalyzerOffsetHighlightsOnlyTheTextBeforeIt() {
    assertThat(highlighted(match("field1", "quick"), "field1", options("unified", 10, null)))
        .singleElement()
        .satisfies(
            hit ->
                assertThat(hit.details().highlight().get("field1"))
                    .containsExactly(
                        "The <em>quick</em> brown fox went to the forest and saw another fox."));
    assertThat(highlighted(match("field1", "quick"), "field1", options("plain", 10, null)))
        .singleElement()
        .satisfies(
            hit ->
                assertThat(hit.details().highlight().get("field1"))
                    .containsExactly("The <em>quick</em> "));
  }

  @Test
  void offsetsLetTheUnifiedHighlighterPastTheIndexLimitButNotThePlainOne() {
    assertThat(highlighted(match("field2", "fox"), "field2", options("unified", null, null)))
        .singleElement()
        .satisfies(
            hit ->
                assertThat(hit.details().highlight().get("field2"))
                    .containsExactly(
                        "The quick brown <em>fox</em> went to the forest and saw another"
                            + " <em>fox</em>."));
    assertThatThrownBy(
            () -> highlighted(match("field2", "fox"), "field2", options("plain", null, null)))
        .isInstanceOf(DuetException.class)
        .hasMessageContaining("has exceeded [10] - maximum allowed to be analyzed");
    assertThatThrownBy(
            () -> highlighted(match("field1", "fox"), "field1", options("unified", null, null)))
        .isInstanceOf(DuetException.class)
        .hasMessageContaining("has exceeded [10] - maximum allowed to be analyzed");
  }

  @Test
  void keywordValuesOverIgnoreAboveAreNotHighlighted() {
    for (String type : List.of("plain", "unified")) {
      List<SearchHit> hits =
          highlighted(new Prefix("k1", "12", false, 1f), "k2", options(type, null, false));
      assertThat(hits).extracting(SearchHit::id).containsExactly("2", "3");
      assertThat(hits.get(0).details().highlight().get("k2")).containsExactly("<em>123</em>");
      assertThat(hits.get(1).details().highlight()).isEmpty();
    }
  }
}
