package dev.duet.engine.internal.suggest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.BulkResponse;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.Suggest;
import dev.duet.engine.search.SuggestResult;
import dev.duet.engine.search.TrackTotalHits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code completion} field and the suggesters through the whole engine, on real Lucene: what
 * OpenSearch 3.8.0 answered to the same documents and requests (index {@code suggest-a} on the
 * oracle).
 */
class SuggestEngineTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "sg",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "s", Map.of("type", "completion"),
                    "c",
                        Map.of(
                            "type",
                            "completion",
                            "contexts",
                            List.of(
                                Map.of("name", "color", "type", "category"),
                                Map.of(
                                    "name",
                                    "loc",
                                    "type",
                                    "geo",
                                    "precision",
                                    "5km",
                                    "path",
                                    "where"))),
                    "m",
                        Map.of(
                            "type",
                            "completion",
                            "fields",
                            Map.of(
                                "raw", Map.of("type", "keyword"),
                                "again", Map.of("type", "completion"))),
                    "body", Map.of("type", "text"),
                    "where", Map.of("type", "geo_point")))));
    write(
        doc(
            "1",
            "{\"s\":{\"input\":[\"bar\",\"baz\"],\"weight\":5},"
                + "\"c\":{\"input\":\"foo red\",\"contexts\":{\"color\":\"red\","
                + "\"loc\":{\"lat\":52.2,\"lon\":4.5}}},\"body\":\"Amsterdam meetup\","
                + "\"m\":{\"input\":\"quick\",\"weight\":3}}"),
        doc(
            "2",
            "{\"s\":\"bart\",\"c\":{\"input\":\"foo blue\",\"contexts\":{\"color\":[\"blue\",\"x\"]}},"
                + "\"where\":{\"lat\":53.31,\"lon\":13.24},"
                + "\"body\":\"amsterdam meeting\",\"m\":\"quiet\"}"),
        doc("3", "{\"s\":[{\"input\":\"bar\",\"weight\":2},{\"input\":\"qux\",\"weight\":9}]}"));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private void write(BulkItem... items) {
    BulkResponse written = engine.bulk(new BulkRequest(List.of(items), RefreshPolicy.IMMEDIATE));
    assertThat(written.errors()).as("%s", written.items()).isFalse();
  }

  private static BulkItem doc(String id, String json) {
    return new BulkItem(OpType.INDEX, "sg", id, json.getBytes(StandardCharsets.UTF_8));
  }

  private List<SuggestResult> suggest(Suggest.Suggester... suggesters) {
    SearchRequest request =
        new SearchRequest(
                List.of("sg"),
                new Query.MatchAll(1f),
                0,
                0,
                List.of(),
                SourceFilter.ALL,
                TrackTotalHits.DEFAULT)
            .withSuggest(new Suggest(List.of(suggesters)));
    return engine.search(request).suggest();
  }

  private static Suggest.Completion prefix(String field, String prefix) {
    return completion(field, prefix, null, false, null, Map.of());
  }

  private static Suggest.Completion completion(
      String field,
      String prefix,
      String regex,
      boolean skipDuplicates,
      Suggest.Fuzzy fuzzy,
      Map<String, List<Object>> contexts) {
    return new Suggest.Completion(
        "r", field, prefix, regex, 5, skipDuplicates, fuzzy, 0xffff, 10000, contexts, null);
  }

  private static List<String> texts(List<SuggestResult> results) {
    return results.get(0).entries().get(0).options().stream()
        .map(SuggestResult.Option::text)
        .toList();
  }

  @Test
  void aPrefixSuggestsEachDocumentOnceByItsBestWeightedInputWithItsSource() {
    List<SuggestResult> results = suggest(prefix("s", "b"));

    SuggestResult.Entry entry = results.get(0).entries().get(0);
    assertThat(entry.text()).isEqualTo("b");
    assertThat(entry.length()).isEqualTo(1);
    // doc 1 holds bar and baz (weight 5): one option, "bar"; doc 3's bar weighs 2, bart 1
    assertThat(entry.options())
        .extracting(SuggestResult.Option::text, o -> o.hit().id(), SuggestResult.Option::score)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("bar", "1", 5f),
            org.assertj.core.groups.Tuple.tuple("bar", "3", 2f),
            org.assertj.core.groups.Tuple.tuple("bart", "2", 1f));
    assertThat(new String(entry.options().get(2).hit().source(), StandardCharsets.UTF_8))
        .contains("\"s\":\"bart\"");
    assertThat(entry.options().get(0).contexts()).isNull();
  }

  @Test
  void skipDuplicatesKeepsOneOptionPerText() {
    assertThat(texts(suggest(completion("s", "b", null, true, null, Map.of()))))
        .containsExactly("bar", "bart");
  }

  @Test
  void fuzzyAndRegexFindWhatThePrefixDoesNot() {
    assertThat(texts(suggest(prefix("s", "bax")))).isEmpty();
    List<SuggestResult> fuzzy =
        suggest(completion("s", "bax", null, false, Suggest.Fuzzy.DEFAULT, Map.of()));
    // OpenSearch: bar 10.0 (weight 5 × the two exact prefix characters), bart 2.0
    assertThat(fuzzy.get(0).entries().get(0).options())
        .extracting(SuggestResult.Option::text, SuggestResult.Option::score)
        .startsWith(org.assertj.core.groups.Tuple.tuple("bar", 10f));
    assertThat(texts(suggest(completion("s", null, "q.x", false, null, Map.of()))))
        .containsExactly("qux");
  }

  @Test
  void categoryAndGeoContextsFilterAndAreShownByName() {
    List<SuggestResult> red =
        suggest(completion("c", "fo", null, false, null, Map.of("color", List.of("red"))));
    assertThat(texts(red)).containsExactly("foo red");
    assertThat(red.get(0).entries().get(0).options().get(0).contexts())
        .containsEntry("color", List.of("red"));
    assertThat(
            texts(
                suggest(
                    completion(
                        "c", "fo", null, false, null, Map.of("color", List.of("blue", "red"))))))
        .containsExactlyInAnyOrder("foo red", "foo blue");
    // doc 2's location comes from the path field "where" (Berlin); a point near Amsterdam finds 1
    assertThat(
            texts(
                suggest(
                    completion(
                        "c",
                        "fo",
                        null,
                        false,
                        null,
                        Map.of("loc", List.of(Map.of("lat", 52.2263, "lon", 4.543)))))))
        .containsExactly("foo red");
    assertThat(
            texts(
                suggest(
                    completion(
                        "c",
                        "fo",
                        null,
                        false,
                        null,
                        Map.of("loc", List.of(Map.of("lat", 53.31, "lon", 13.24)))))))
        .containsExactly("foo blue");
  }

  @Test
  void contextsAreMandatoryOnAContextField() {
    assertThatThrownBy(() -> suggest(prefix("c", "fo")))
        .isInstanceOf(DuetException.class)
        .hasMessageContaining("Missing mandatory contexts in context query");
    BulkResponse refused =
        engine.bulk(
            new BulkRequest(List.of(doc("9", "{\"c\":{\"input\":\"foo\"}}")), RefreshPolicy.NONE));
    assertThat(refused.items().get(0).failure().causedBy().reason())
        .isEqualTo("Contexts are mandatory in context enabled completion field [c]");
  }

  @Test
  void multiFieldsOfACompletionFieldGetEachValue() {
    assertThat(texts(suggest(prefix("m.again", "qui")))).containsExactly("quick", "quiet");
    assertThat(
            engine
                .search(
                    new SearchRequest(
                        List.of("sg"),
                        new Query.Term("m.raw", "quiet", 1f),
                        0,
                        10,
                        List.of(),
                        SourceFilter.ALL,
                        TrackTotalHits.DEFAULT))
                .hits())
        .hasSize(1);
  }

  @Test
  void aSuggesterOnAFieldThatIsNoCompletionFieldIsRefused() {
    assertThatThrownBy(() -> suggest(prefix("body", "b")))
        .hasMessageContaining("Field [body] is not a completion suggest field");
    assertThatThrownBy(() -> suggest(prefix("nope", "b")))
        .hasMessageContaining("no mapping found for field [nope]");
  }

  @Test
  void theTermSuggesterCorrectsEachTokenAsOpenSearchDoes() {
    List<SuggestResult> results =
        suggest(Suggest.Term.defaults("t", "body", "The Amsterdma meetpu"));

    List<SuggestResult.Entry> entries = results.get(0).entries();
    assertThat(entries)
        .extracting(SuggestResult.Entry::text, SuggestResult.Entry::offset)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("the", 0),
            org.assertj.core.groups.Tuple.tuple("amsterdma", 4),
            org.assertj.core.groups.Tuple.tuple("meetpu", 14));
    SuggestResult.Option amsterdam = entries.get(1).options().get(0);
    assertThat(amsterdam.text()).isEqualTo("amsterdam");
    assertThat(amsterdam.score()).isEqualTo(0.8888889f);
    assertThat(amsterdam.freq()).isEqualTo(2L);
    assertThat(entries.get(2).options().get(0).text()).isEqualTo("meetup");
    assertThat(entries.get(2).options().get(0).score()).isEqualTo(0.8333333f);
  }

  @Test
  void thePhraseSuggesterCorrectsOneTermPerOption() {
    List<SuggestResult> results =
        suggest(
            new Suggest.Phrase("p", "body", "amsterdma meetpu", null, 5, 1f, 1f, "<em>", "</em>"));

    List<SuggestResult.Option> options = results.get(0).entries().get(0).options();
    assertThat(options)
        .extracting(SuggestResult.Option::text)
        .contains("amsterdam meetpu", "amsterdma meetup")
        .doesNotContain("amsterdam meetup");
    assertThat(options.get(0).highlighted()).contains("<em>");
  }

  @Test
  void completionSizesNameEachCompletionFieldAndGrowWithItsSuggestions() {
    Map<String, Long> before = engine.completionSizes("sg");
    assertThat(before.keySet()).containsExactly("c", "m", "m.again", "s");
    assertThat(before.values()).allMatch(size -> size > 0);

    write(doc("4", "{\"s\":[\"another\",\"suggestion\",\"entirely\"]}"));

    assertThat(engine.completionSizes("sg").get("s")).isGreaterThan(before.get("s"));
  }

  @Test
  void answersComeInNameOrderWithTheirTypes() {
    List<SuggestResult> results =
        suggest(
            new Suggest.Completion(
                "z", "s", "b", null, 5, false, null, 0xffff, 10000, Map.of(), null),
            Suggest.Term.defaults("a", "body", "meetpu"));
    assertThat(results)
        .extracting(SuggestResult::name, SuggestResult::type)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("a", "term"),
            org.assertj.core.groups.Tuple.tuple("z", "completion"));
  }
}
