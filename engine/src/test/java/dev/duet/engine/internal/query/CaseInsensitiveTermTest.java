package dev.duet.engine.internal.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.QueryString;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SourceFilter;
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
 * {@code term} with {@code case_insensitive} (on keywords with or without an index, on text, and
 * refused on numbers) and a quoted phrase of {@code query_string} on {@code match_only_text},
 * answered as OpenSearch 3.8.0 answered them (its REST suite's {@code 340_doc_values_field} and
 * {@code 200_phrase_search_field_match_only_text}).
 */
class CaseInsensitiveTermTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "ci",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "dv", Map.of("type", "keyword", "index", false),
                    "k", Map.of("type", "keyword"),
                    "n", Map.of("type", "long"),
                    "mot", Map.of("type", "match_only_text")))));
    engine.bulk(
        new BulkRequest(
            List.of(
                doc(
                    "1",
                    "{\"dv\":\"Keyword1\",\"k\":\"Keyword1\",\"n\":1,\"mot\":\"peter piper\"}"),
                doc("2", "{\"dv\":\"keyword1\",\"k\":\"keyword1*\",\"mot\":\"piper peter\"}"),
                doc("3", "{\"dv\":\"other\",\"k\":\"other\"}")),
            RefreshPolicy.IMMEDIATE));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private static BulkItem doc(String id, String json) {
    return new BulkItem(OpType.INDEX, "ci", id, json.getBytes(StandardCharsets.UTF_8));
  }

  private List<String> ids(Query query) {
    return engine
        .search(
            new SearchRequest(
                List.of("ci"), query, 0, 10, List.of(), SourceFilter.ALL, TrackTotalHits.DEFAULT))
        .hits()
        .stream()
        .map(SearchHit::id)
        .sorted()
        .toList();
  }

  @Test
  void caseInsensitiveTermsMatchEveryCase() {
    assertThat(ids(new Query.Term("dv", "Keyword1", 1f))).containsExactly("1");
    assertThat(ids(new Query.Term("dv", "keyword1", true, 1f))).containsExactly("1", "2");
    assertThat(ids(new Query.Term("k", "KEYWORD1", true, 1f))).containsExactly("1");
    // the value is literal: a * in it is no wildcard
    assertThat(ids(new Query.Term("k", "KEYWORD1*", true, 1f))).containsExactly("2");
  }

  @Test
  void numbersRefuseCaseInsensitiveTerms() {
    assertThatThrownBy(() -> ids(new Query.Term("n", 1, true, 1f)))
        .isInstanceOf(DuetException.class)
        .hasMessageContaining(
            "[n] field which is of type [long], does not support case insensitive term queries");
  }

  @Test
  void aQuotedPhraseOnMatchOnlyTextIsConfirmedOnTheSource() {
    QueryString phrase = QueryString.urlParameter("\"peter piper\"~1", "mot", null, null, false);
    assertThat(ids(phrase)).containsExactly("1");
  }
}
