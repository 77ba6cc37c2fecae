package dev.duet.engine.internal.field;

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
import dev.duet.engine.search.MatchPhrase;
import dev.duet.engine.search.Prefix;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.Regexp;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SortSpec;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import dev.duet.engine.search.Wildcard;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code match_only_text}, {@code wildcard}, {@code constant_keyword} and text's {@code fielddata}
 * through the whole engine, answering as OpenSearch 3.8.0 answered the same requests.
 */
class TextFieldTypesEngineTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "t",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "mot", Map.of("type", "match_only_text"),
                    "w",
                        Map.of(
                            "type",
                            "wildcard",
                            "fields",
                            Map.of("lower", Map.of("type", "wildcard", "normalizer", "lowercase"))),
                    "c", Map.of("type", "constant_keyword", "value", "fixed"),
                    "fd", Map.of("type", "text", "fielddata", true)))));
    BulkResponse written =
        engine.bulk(
            new BulkRequest(
                List.of(
                    doc(
                        "1",
                        "{\"mot\":\"quick brown fox\",\"w\":\"NodeDisconnectedException: x\","
                            + "\"c\":\"fixed\",\"fd\":\"zebra apple\"}"),
                    doc("2", "{\"mot\":\"brown quick fox\",\"w\":\"AbCd\",\"fd\":\"mango\"}"),
                    doc("3", "{\"w\":\"ABCD\"}")),
                RefreshPolicy.IMMEDIATE));
    assertThat(written.errors()).isFalse();
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private static BulkItem doc(String id, String json) {
    return new BulkItem(OpType.INDEX, "t", id, json.getBytes(StandardCharsets.UTF_8));
  }

  private SearchResponse search(Query query, SortSpec... sort) {
    return engine.search(
        new SearchRequest(
            List.of("t"), query, 0, 10, List.of(sort), SourceFilter.ALL, TrackTotalHits.DEFAULT));
  }

  private List<String> ids(Query query) {
    return search(query).hits().stream().map(SearchHit::id).sorted().toList();
  }

  @Test
  void matchOnlyTextAnswersPhrasesFromTheSourceWithConstantScores() {
    SearchResponse phrase = search(new MatchPhrase("mot", "quick brown", 0, null, false, 1f));

    assertThat(phrase.hits()).extracting(SearchHit::id).containsExactly("1");
    assertThat(phrase.hits().get(0).score()).isEqualTo(1f);
    assertThat(ids(new MatchPhrase("mot", "brown quick", 0, null, false, 1f))).containsExactly("2");
    assertThat(ids(new MatchPhrase("mot", "quick fox", 0, null, false, 1f))).containsExactly("2");
    assertThat(ids(new MatchPhrase("mot", "quick fox", 1, null, false, 1f)))
        .containsExactly("1", "2");
    assertThat(search(new Query.Term("mot", "fox", 1f)).hits())
        .extracting(SearchHit::score)
        .containsExactly(1f, 1f);
  }

  @Test
  void wildcardFieldsMatchPatternsAgainstTheWholeValue() {
    assertThat(ids(new Wildcard("w", "*Node*Exception*", false, 1f))).containsExactly("1");
    assertThat(ids(new Wildcard("w", "*node*exception*", false, 1f))).isEmpty();
    assertThat(ids(new Wildcard("w.lower", "*NODE*EXCEPTION*", false, 1f))).containsExactly("1");
    assertThat(ids(new Wildcard("w", "AbCd", true, 1f))).containsExactly("2", "3");
    assertThat(ids(new Wildcard("w", "*", false, 1f))).containsExactly("1", "2", "3");
    assertThat(ids(new Query.Term("w", "AbCd", 1f))).containsExactly("2");
    assertThat(ids(new Query.Term("w", "Ab", 1f))).isEmpty();
    assertThat(ids(new Prefix("w", "Node", false, 1f))).containsExactly("1");
    assertThat(
            ids(
                new Regexp(
                    "w",
                    ".*Disconnected.*",
                    null,
                    false,
                    Regexp.DEFAULT_MAX_DETERMINIZED_STATES,
                    1f)))
        .containsExactly("1");
  }

  @Test
  void constantKeywordDecidesEachQueryOnItsValueAndRefusesAnother() {
    assertThat(ids(new Query.Term("c", "fixed", 1f))).containsExactly("1", "2", "3");
    assertThat(ids(new Query.Term("c", "other", 1f))).isEmpty();
    assertThat(ids(new Query.Range("c", "fixe", null, null, null, null, 1f)))
        .containsExactly("1", "2", "3");
    assertThat(ids(new Query.Range("c", "fixed", null, null, null, null, 1f))).isEmpty();
    assertThat(ids(new Regexp("c", "f.x[a-z]d", null, false, 10000, 1f))).hasSize(3);

    BulkResponse refused =
        engine.bulk(new BulkRequest(List.of(doc("4", "{\"c\":\"nope\"}")), RefreshPolicy.NONE));
    assertThat(refused.items().get(0).failure().causedBy().reason())
        .isEqualTo("constant keyword field [c] must have a value of [fixed]");
  }

  @Test
  void fielddataLetsATextFieldSortOnItsTerms() {
    SearchResponse sorted =
        search(
            new dev.duet.engine.search.Exists("fd", 1f),
            new SortSpec("fd", SortSpec.SortOrder.ASC));

    // Ascending takes each document's smallest term: apple (1), mango (2).
    assertThat(sorted.hits()).extracting(SearchHit::id).containsExactly("1", "2");
    assertThat(sorted.hits().get(0).sortValues()).containsExactly("apple");
    assertThatThrownBy(
            () -> search(new Query.MatchAll(1f), new SortSpec("mot", SortSpec.SortOrder.ASC)))
        .isInstanceOf(DuetException.class)
        .hasMessageContaining("set fielddata=true on [mot]");
  }

  @Test
  void flatObjectKeepsLeafValuesByDottedPathWithoutMappingThem() {
    engine.createIndex(
        "flat",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(Map.of("properties", Map.of("cat", Map.of("type", "flat_object")))));
    BulkResponse written =
        engine.bulk(
            new BulkRequest(
                List.of(
                    new BulkItem(
                        OpType.INDEX,
                        "flat",
                        "1",
                        "{\"cat\":{\"title\":\"Lucene\",\"author\":{\"given\":\"Mike\"},\"n\":[1,2]}}"
                            .getBytes(StandardCharsets.UTF_8)),
                    new BulkItem(
                        OpType.INDEX,
                        "flat",
                        "2",
                        "{\"cat\":{\"title\":\"Mike\"}}".getBytes(StandardCharsets.UTF_8)),
                    new BulkItem(
                        OpType.INDEX,
                        "flat",
                        "3",
                        "{\"cat\":\"flat\"}".getBytes(StandardCharsets.UTF_8))),
                RefreshPolicy.IMMEDIATE));

    assertThat(written.items().get(2).failure().type()).isEqualTo("mapper_parsing_exception");
    assertThat(engine.mapping("flat").toMap().toString())
        .isEqualTo("{properties={cat={type=flat_object}}}");
    assertThat(flatIds(new Query.Term("cat", "Mike", 1f))).containsExactly("1", "2");
    assertThat(flatIds(new Query.Term("cat.author.given", "Mike", 1f))).containsExactly("1");
    assertThat(flatIds(new Query.Term("cat.title", "Mike", 1f))).containsExactly("2");
    assertThat(flatIds(new Query.Term("cat.n", "2", 1f))).containsExactly("1");
    assertThat(flatIds(new dev.duet.engine.search.Exists("cat.author.given", 1f)))
        .containsExactly("1");
    assertThat(flatIds(new Prefix("cat.title", "Luc", false, 1f))).containsExactly("1");
    assertThat(flatIds(new Query.Range("cat.title", null, "M", null, null, null, 1f)))
        .containsExactly("2");
  }

  private List<String> flatIds(Query query) {
    return engine
        .search(
            new SearchRequest(
                List.of("flat"), query, 0, 10, List.of(), SourceFilter.ALL, TrackTotalHits.DEFAULT))
        .hits()
        .stream()
        .map(SearchHit::id)
        .sorted()
        .toList();
  }
}
