package dev.duet.engine.internal.fetch;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.match;
import static dev.duet.engine.internal.EngineFixture.matchAll;
import static dev.duet.engine.internal.EngineFixture.search;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.FetchOptions;
import dev.duet.engine.search.FieldAndFormat;
import dev.duet.engine.search.Highlight;
import dev.duet.engine.search.InnerHits;
import dev.duet.engine.search.InnerHitsResult;
import dev.duet.engine.search.Nested;
import dev.duet.engine.search.Prefix;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SourceFilter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What nested inner hits carry beyond their source (highlight, docvalue_fields, version), the
 * {@code fvh} highlighter on term vectors, and {@code store: true} text read for highlighting.
 */
class InnerHitsFetchTest {
  private static final String TEXT = "The quick brown fox is brown.";

  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    Map<String, Object> vectors = Map.of("type", "text", "term_vector", "with_positions_offsets");
    engine.createIndex(
        "docs",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "_source",
                Map.of("excludes", List.of("nested.stored_only")),
                "properties",
                Map.of(
                    "title",
                    vectors,
                    "plain",
                    Map.of("type", "text"),
                    "nested",
                    Map.of(
                        "type",
                        "nested",
                        "properties",
                        Map.of(
                            "field",
                            vectors,
                            "stored_only",
                            Map.of("type", "text", "store", true)))))));
    engine.bulk(
        bulk(
            index(
                "docs",
                "1",
                "{\"title\":\"The quick brown fox is brown\",\"plain\":\"brown\",\"nested\":["
                    + "{\"field\":\"purple octopus\",\"stored_only\":\""
                    + TEXT
                    + "\"},{\"field\":\"purple fish\"}]}")));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private static Highlight highlight(String field, String type) {
    Highlight.Options options =
        new Highlight.Options(null, null, null, null, null, null, null, type, null, null, null);
    return new Highlight(List.of(new Highlight.Field(field, Highlight.Options.NONE)), options);
  }

  private InnerHitsResult innerHits(dev.duet.engine.search.Query inner, FetchOptions fetch) {
    InnerHits spec = new InnerHits(null, 0, 3, List.of(), SourceFilter.ALL, null, fetch);
    Nested nested = new Nested("nested", inner, Nested.ScoreMode.AVG, false, spec, 1f);
    SearchHit hit = engine.search(search("docs", nested)).hits().get(0);
    return hit.details().innerHits().get("nested");
  }

  private static FetchOptions fetch(Highlight highlight) {
    return new FetchOptions(highlight, List.of(), null, false, List.of(), false);
  }

  @Test
  void innerHitsAreHighlightedWithTheNestedQueryByEachHighlighter() {
    for (String type : List.of("unified", "plain", "fvh")) {
      InnerHitsResult result =
          innerHits(match("nested.field", "purple"), fetch(highlight("nested.field", type)));
      assertThat(result.hits())
          .extracting(h -> h.details().highlight().get("nested.field"))
          .as(type)
          .containsExactly(List.of("<em>purple</em> octopus"), List.of("<em>purple</em> fish"));
    }
  }

  @Test
  void aStoredFieldLeftOutOfTheSourceIsHighlightedFromTheDocument() {
    InnerHitsResult result =
        innerHits(
            match("nested.stored_only", "quick fox"),
            fetch(highlight("nested.stored_only", "unified")));
    assertThat(result.hits()).hasSize(1);
    assertThat(result.hits().get(0).details().highlight())
        .containsEntry(
            "nested.stored_only", List.of("The <em>quick</em> brown <em>fox</em> is brown."));
  }

  @Test
  void innerHitsCarryDocvalueFieldsAndVersionsOfTheirRoot() {
    FetchOptions fetch =
        new FetchOptions(
            null,
            List.of(new FieldAndFormat("_seq_no", null)),
            null,
            false,
            List.of(),
            false,
            true,
            false);
    InnerHitsResult result = innerHits(matchAll(), fetch);
    assertThat(result.hits()).hasSize(2);
    for (SearchHit hit : result.hits()) {
      assertThat(hit.details().fields()).containsEntry("_seq_no", List.of(0L));
      assertThat(hit.details().versions().version()).isEqualTo(1L);
    }
  }

  @Test
  void fvhHighlightsTermVectorsWithTheFieldsHighlightQuery() {
    Highlight.Options byPrefix =
        new Highlight.Options(
            null,
            null,
            null,
            null,
            null,
            null,
            new Prefix("title", "br", false, 1f),
            "fvh",
            null,
            null,
            null);
    Highlight h = new Highlight(List.of(new Highlight.Field("title", byPrefix)), byPrefix);
    SearchHit hit = engine.search(search("docs", matchAll()).withFetch(fetch(h))).hits().get(0);
    assertThat(hit.details().highlight())
        .containsEntry("title", List.of("The quick <em>brown</em> fox is <em>brown</em>"));
  }

  @Test
  void fvhRefusesAFieldWithoutTermVectors() {
    assertThatThrownBy(
            () ->
                engine.search(
                    search("docs", match("plain", "brown"))
                        .withFetch(fetch(highlight("plain", "fvh")))))
        .isInstanceOf(DuetException.class)
        .hasMessageContaining(
            "the field [plain] should be indexed with term vector with position offsets to be"
                + " used with fast vector highlighter");
  }
}
