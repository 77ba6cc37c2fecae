package dev.duet.engine.internal.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.document.TermVectorsRequest;
import dev.duet.engine.document.TermVectorsResult;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code _termvectors} as OpenSearch 3.8.0 answered the same requests (figures taken from it): a
 * stored field's vectors from Lucene, other fields analysed again, an artificial document, the
 * statistics, and a document not yet refreshed (found only in realtime).
 */
class TermVectorsTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "tv",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "text", Map.of("type", "text", "term_vector", "with_positions_offsets"),
                    "plain", Map.of("type", "text"),
                    "k", Map.of("type", "keyword"),
                    "n", Map.of("type", "long")))));
    engine.bulk(
        new BulkRequest(
            List.of(
                doc(
                    "1",
                    "{\"text\":\"The quick brown fox is brown.\",\"plain\":\"hello hello world\","
                        + "\"k\":\"Key\",\"n\":5}"),
                doc("2", "{\"text\":\"brown dog\",\"plain\":\"world\"}")),
            RefreshPolicy.IMMEDIATE));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private static BulkItem doc(String id, String json) {
    return new BulkItem(OpType.INDEX, "tv", id, json.getBytes(StandardCharsets.UTF_8));
  }

  private static TermVectorsRequest byId(String id, List<String> fields, boolean termStats) {
    return new TermVectorsRequest(
        "tv", id, null, fields, true, true, true, termStats, true, Map.of(), null, true, null);
  }

  @Test
  void storedVectorsWithTermAndFieldStatistics() {
    TermVectorsResult r = engine.termVectors(byId("1", null, true));

    assertThat(r.found()).isTrue();
    assertThat(r.fields()).containsOnlyKeys("text"); // only the field that stores vectors
    TermVectorsResult.Field text = r.fields().get("text");
    assertThat(text.statistics()).isEqualTo(new TermVectorsResult.FieldStatistics(7, 2, 8));
    assertThat(text.terms()).containsOnlyKeys("brown", "fox", "is", "quick", "the");
    TermVectorsResult.Term brown = text.terms().get("brown");
    assertThat(brown.docFreq()).isEqualTo(2);
    assertThat(brown.totalTermFreq()).isEqualTo(3);
    assertThat(brown.termFreq()).isEqualTo(2);
    assertThat(brown.tokens())
        .containsExactly(
            new TermVectorsResult.Token(2, 10, 15, null),
            new TermVectorsResult.Token(5, 23, 28, null));
  }

  @Test
  void otherFieldsAreAnalysedAgainAndNumbersLeftOut() {
    TermVectorsResult r = engine.termVectors(byId("1", List.of("plain", "k", "n"), false));

    assertThat(r.fields()).containsOnlyKeys("plain", "k");
    assertThat(r.fields().get("plain").statistics())
        .isEqualTo(new TermVectorsResult.FieldStatistics(3, 2, 4));
    assertThat(r.fields().get("plain").terms().get("hello").tokens())
        .containsExactly(
            new TermVectorsResult.Token(0, 0, 5, null),
            new TermVectorsResult.Token(1, 6, 11, null));
    assertThat(r.fields().get("k").terms().get("Key").tokens())
        .containsExactly(new TermVectorsResult.Token(0, 0, 3, null));
    assertThat(r.fields().get("k").terms().get("Key").docFreq()).isNull();
  }

  @Test
  void anArtificialDocumentAndAnotherAnalyzer() {
    TermVectorsResult r =
        engine.termVectors(
            new TermVectorsRequest(
                "tv",
                null,
                "{\"plain\":\"a b a\",\"zz\":\"unmapped\"}".getBytes(StandardCharsets.UTF_8),
                null,
                true,
                true,
                true,
                false,
                true,
                Map.of(),
                null,
                true,
                null));
    assertThat(r.id()).isNull();
    assertThat(r.fields()).containsOnlyKeys("plain");
    assertThat(r.fields().get("plain").terms().get("a").termFreq()).isEqualTo(2);

    TermVectorsResult keyword =
        engine.termVectors(
            new TermVectorsRequest(
                "tv",
                "1",
                null,
                List.of("text"),
                false,
                true,
                true,
                false,
                true,
                Map.of("text", "keyword"),
                null,
                true,
                null));
    assertThat(keyword.fields().get("text").terms())
        .containsOnlyKeys("The quick brown fox is brown.");
  }

  @Test
  void aDocumentNotYetRefreshedIsFoundOnlyInRealtime() {
    engine.bulk(new BulkRequest(List.of(doc("3", "{\"text\":\"late fox\"}")), RefreshPolicy.NONE));

    TermVectorsRequest searcherOnly =
        new TermVectorsRequest(
            "tv", "3", null, null, true, true, true, false, true, Map.of(), null, false, null);
    assertThat(engine.termVectors(searcherOnly).found()).isFalse();
    TermVectorsResult realtime = engine.termVectors(byId("3", null, false));
    assertThat(realtime.found()).isTrue();
    assertThat(realtime.fields().get("text").terms()).containsOnlyKeys("fox", "late");
  }

  @Test
  void neitherIdNorDocIsRefused() {
    assertThatThrownBy(
            () ->
                new TermVectorsRequest(
                    "tv", null, null, null, true, true, true, false, true, Map.of(), null, true,
                    null))
        .isInstanceOf(DuetException.class)
        .hasMessageContaining("id or doc is missing");
  }
}
