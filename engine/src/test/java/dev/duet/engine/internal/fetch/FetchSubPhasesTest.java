package dev.duet.engine.internal.fetch;

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
import dev.duet.engine.search.ExplainResult;
import dev.duet.engine.search.FetchOptions;
import dev.duet.engine.search.FieldAndFormat;
import dev.duet.engine.search.Highlight;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SourceFilter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Highlight, docvalue/stored/fields and explain in hits, and the {@code _explain} API. */
public class FetchSubPhasesTest {
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
                    "title",
                    Map.of(
                        "type",
                        "text",
                        "store",
                        true,
                        "fields",
                        Map.of("raw", Map.of("type", "keyword"))),
                    "body",
                    Map.of("type", "text"),
                    "tag",
                    Map.of("type", "keyword"),
                    "year",
                    Map.of("type", "integer"),
                    "published",
                    Map.of("type", "date")))));
    engine.bulk(
        bulk(
            index(
                "docs",
                "1",
                "{\"title\":\"The Quick Brown Fox\",\"body\":\"A quick brown fox jumps over the"
                    + " lazy dog. The dog was not amused by the fox at all, and it barked loudly"
                    + " for a long time while the quick fox ran away into the dark forest beyond"
                    + " the hills.\",\"tag\":[\"b\",\"a\"],\"year\":2001,"
                    + "\"published\":\"2001-03-15T10:20:30Z\"}"),
            index(
                "docs",
                "2",
                "{\"title\":\"Lazy Dogs\",\"body\":\"Dogs sleep in the garden.\",\"tag\":\"c\","
                    + "\"year\":1999}")));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private SearchResponse searchWith(dev.duet.engine.search.Query query, FetchOptions fetch) {
    return engine.search(search("docs", query).withFetch(fetch));
  }

  private static FetchOptions highlight(Highlight highlight) {
    return new FetchOptions(highlight, List.of(), null, false, List.of(), false);
  }

  @Test
  void highlightsSentencesBoundedByFragmentSizeWithATagPairPerTerm() {
    Highlight h =
        new Highlight(
            List.of(new Highlight.Field("body", Highlight.Options.NONE)), Highlight.Options.NONE);
    SearchHit hit = searchWith(match("body", "quick fox"), highlight(h)).hits().get(0);
    assertThat(hit.details().highlight().get("body"))
        .containsExactly(
            "A <em>quick</em> brown <em>fox</em> jumps over the lazy dog.",
            "The dog was not amused by the <em>fox</em> at all, and it barked loudly for a long"
                + " time while the <em>quick</em> <em>fox</em> ran");
  }

  @Test
  void highlightOnlyQueriedFieldsUnlessRequireFieldMatchIsOff() {
    Highlight strict =
        new Highlight(
            List.of(new Highlight.Field("title", Highlight.Options.NONE)), Highlight.Options.NONE);
    assertThat(
            searchWith(match("body", "fox"), highlight(strict)).hits().get(0).details().highlight())
        .isEmpty();
    Highlight.Options loose =
        new Highlight.Options(null, null, null, 0, null, false, null, null, null, null, null);
    Highlight any =
        new Highlight(List.of(new Highlight.Field("ti*", Highlight.Options.NONE)), loose);
    assertThat(searchWith(match("body", "fox"), highlight(any)).hits().get(0).details().highlight())
        .containsEntry("title", List.of("The Quick Brown <em>Fox</em>"))
        .doesNotContainKey("title.raw");
  }

  @Test
  void plainHighlighterCutsFixedSizeFragmentsBestFirst() {
    Highlight.Options plain =
        new Highlight.Options(
            List.of("["), List.of("]"), 30, 2, null, null, null, "plain", null, null, null);
    Highlight h =
        new Highlight(List.of(new Highlight.Field("body", Highlight.Options.NONE)), plain);
    List<String> fragments =
        searchWith(match("body", "fox dog"), highlight(h))
            .hits()
            .get(0)
            .details()
            .highlight()
            .get("body");
    assertThat(fragments).hasSize(2).allSatisfy(f -> assertThat(f).contains("["));
  }

  @Test
  void unknownHighlighterTypeFails() {
    Highlight.Options bad =
        new Highlight.Options(null, null, null, null, null, null, null, "fvh2", null, null, null);
    Highlight h = new Highlight(List.of(new Highlight.Field("body", Highlight.Options.NONE)), bad);
    assertThatThrownBy(() -> searchWith(match("body", "fox"), highlight(h)))
        .isInstanceOf(DuetException.class)
        .hasMessage("unknown highlighter type [fvh2] for the field [body]");
  }

  @Test
  void docvalueFieldsAndTheFieldsOptionFormatValues() {
    FetchOptions fetch =
        new FetchOptions(
            null,
            List.of(new FieldAndFormat("published", "yyyy"), new FieldAndFormat("tag", null)),
            null,
            false,
            List.of(new FieldAndFormat("year", null), new FieldAndFormat("title*", null)),
            false);
    SearchHit hit = searchWith(term("year", 2001), fetch).hits().get(0);
    assertThat(hit.details().fields())
        .containsEntry("published", List.of("2001"))
        .containsEntry("tag", List.of("a", "b"))
        .containsEntry("year", List.of(2001L))
        .containsEntry("title", List.of("The Quick Brown Fox"))
        .containsEntry("title.raw", List.of("The Quick Brown Fox"));
  }

  @Test
  void useFieldMappingIsTheFieldsOwnFormat() {
    FetchOptions fetch =
        new FetchOptions(
            null,
            List.of(new FieldAndFormat("year", "use_field_mapping")),
            null,
            false,
            List.of(),
            false);
    SearchHit hit = searchWith(term("year", 2001), fetch).hits().get(0);
    // OpenSearch 3.8.0 shows [2001], not [2001.0]
    assertThat(hit.details().fields()).containsEntry("year", List.of(2001L));
  }

  @Test
  void theFieldsOptionFailsWhenSourceIsDisabled() {
    engine.createIndex(
        "nosource",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "_source",
                Map.of("enabled", false),
                "properties",
                Map.of("keyword", Map.of("type", "keyword")))));
    engine.bulk(bulk(index("nosource", "1", "{\"keyword\":[\"a\"]}")));
    FetchOptions fetch =
        new FetchOptions(
            null, List.of(), null, false, List.of(new FieldAndFormat("keyword", null)), false);
    assertThatThrownBy(() -> engine.search(search("nosource", matchAll()).withFetch(fetch)))
        .isInstanceOf(DuetException.class)
        .satisfies(
            e -> {
              StringBuilder reasons = new StringBuilder();
              for (Throwable t = e; t != null; t = t.getCause()) {
                reasons.append(t.getMessage());
              }
              assertThat(reasons.toString())
                  .contains(
                      "Unable to retrieve the requested [fields] since _source is disabled in the"
                          + " mappings for index [nosource]");
            });
  }

  @Test
  void docvalueFieldsOnTextFail() {
    FetchOptions fetch =
        new FetchOptions(
            null, List.of(new FieldAndFormat("body", null)), null, false, List.of(), false);
    assertThatThrownBy(() -> searchWith(matchAll(), fetch))
        .isInstanceOf(DuetException.class)
        .hasMessageStartingWith("Text fields are not optimised");
  }

  @Test
  void storedFieldsReturnStoreTrueFieldsAndNoneDropsIdAndSource() {
    FetchOptions stored = new FetchOptions(null, List.of(), List.of("*"), false, List.of(), false);
    SearchHit hit = searchWith(term("year", 1999), stored).hits().get(0);
    assertThat(hit.details().fields()).containsOnlyKeys("title");
    FetchOptions none = new FetchOptions(null, List.of(), List.of(), true, List.of(), false);
    SearchHit bare = searchWith(term("year", 1999), none).hits().get(0);
    assertThat(bare.id()).isNull();
    assertThat(bare.source()).isNull();
  }

  @Test
  void getStoredFieldsReadsNamedStoreTrueFieldsOnly() {
    byte[] source = engine.get("docs", "1").source();
    assertThat(engine.storedFields("docs", source, List.of("title", "year", "ti*")))
        .containsOnlyKeys("title")
        .containsEntry("title", List.of("The Quick Brown Fox"));
  }

  @Test
  void explainGivesTheScoreTree() {
    FetchOptions explain = new FetchOptions(null, List.of(), null, false, List.of(), true);
    SearchHit hit = searchWith(match("title", "fox"), explain).hits().get(0);
    assertThat(hit.details().explanation().value().floatValue()).isEqualTo(hit.score());
    assertThat(hit.details().explanation().details()).isNotEmpty();
  }

  @Test
  void explainApiAnswersForMatchingMissingAndNonMatchingDocuments() {
    ExplainResult matching = engine.explain("docs", "1", match("title", "fox"));
    assertThat(matching.found()).isTrue();
    assertThat(matching.matched()).isTrue();
    ExplainResult other = engine.explain("docs", "2", match("title", "fox"));
    assertThat(other.found()).isTrue();
    assertThat(other.matched()).isFalse();
    assertThat(engine.explain("docs", "9", match("title", "fox")).found()).isFalse();
    assertThatThrownBy(() -> engine.explain("nope", "1", matchAll()))
        .isInstanceOf(DuetException.class)
        .hasMessage("no such index [nope]");
  }

  @Test
  void storedFieldsWithoutSourceWhenTheDecoderDropsIt() {
    SearchRequest request =
        search("docs", matchAll())
            .withFetch(new FetchOptions(null, List.of(), List.of("title"), false, List.of(), false))
            .withSource(SourceFilter.NONE);
    assertThat(engine.search(request).hits()).allSatisfy(h -> assertThat(h.source()).isNull());
  }
}
