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
import dev.duet.engine.search.Exists;
import dev.duet.engine.search.FetchOptions;
import dev.duet.engine.search.FieldAndFormat;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SortSpec;
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
 * A {@code binary} field — base64 values, stored or kept in doc values, never searched — and {@code
 * exists} on fields without doc values, answering as OpenSearch 3.8.0 answered the same requests
 * (its REST suite's {@code search/160_exists_query}).
 */
class BinaryEngineTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "bin",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "b", Map.of("type", "binary", "doc_values", true),
                    "stored", Map.of("type", "binary", "store", true),
                    "plain", Map.of("type", "binary"),
                    "k", Map.of("type", "keyword", "doc_values", false),
                    "n", Map.of("type", "long", "doc_values", false)))));
    BulkResponse written =
        engine.bulk(
            new BulkRequest(
                List.of(
                    doc(
                        "1",
                        "{\"b\":[\"ZGVm\",\"YWJj\",\"ZGVm\"],\"stored\":\"YWJj\",\"k\":\"x\"}"),
                    doc("2", "{\"plain\":\"YWJjZGUxMjM0\",\"n\":1}"),
                    doc("3", "{}")),
                RefreshPolicy.IMMEDIATE));
    assertThat(written.errors()).isFalse();
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private static BulkItem doc(String id, String json) {
    return new BulkItem(OpType.INDEX, "bin", id, json.getBytes(StandardCharsets.UTF_8));
  }

  private static SearchRequest request(Query query, SortSpec... sort) {
    return new SearchRequest(
        List.of("bin"), query, 0, 10, List.of(sort), SourceFilter.ALL, TrackTotalHits.DEFAULT);
  }

  private List<String> ids(Query query) {
    return engine.search(request(query)).hits().stream().map(SearchHit::id).sorted().toList();
  }

  @Test
  void existsFindsValuesWithOrWithoutDocValues() {
    assertThat(ids(new Exists("b", 1f))).containsExactly("1");
    assertThat(ids(new Exists("stored", 1f))).containsExactly("1");
    // keyword and long without doc values: found by _field_names, as OpenSearch finds them
    assertThat(ids(new Exists("k", 1f))).containsExactly("1");
    assertThat(ids(new Exists("n", 1f))).containsExactly("2");
  }

  @Test
  void docvalueFieldsShowTheDistinctValuesInBase64() {
    FetchOptions docValues =
        new FetchOptions(
            null, List.of(new FieldAndFormat("b", null)), null, false, List.of(), false);

    SearchHit hit = engine.search(request(new Exists("b", 1f)).withFetch(docValues)).hits().get(0);

    assertThat(hit.details().fields()).containsEntry("b", List.of("YWJj", "ZGVm"));
  }

  @Test
  void aValueThatIsNotBase64IsRefusedWithJacksonsReason() {
    BulkResponse refused =
        engine.bulk(new BulkRequest(List.of(doc("9", "{\"b\":12}")), RefreshPolicy.NONE));

    assertThat(refused.items().get(0).failure().reason())
        .startsWith("failed to parse field [b] of type [binary] in document with id '9'.");
    assertThat(refused.items().get(0).failure().causedBy().reason())
        .startsWith("Current token (VALUE_NUMBER_INT) not VALUE_STRING or VALUE_EMBEDDED_OBJECT");
  }

  @Test
  void binaryFieldsAreNeitherSearchedNorSorted() {
    assertThatThrownBy(() -> ids(new Query.Term("b", "YWJj", 1f)))
        .isInstanceOf(DuetException.class)
        .hasMessage("Binary fields do not support searching");
    assertThatThrownBy(
            () ->
                engine.search(
                    request(new Query.MatchAll(1f), new SortSpec("b", SortSpec.SortOrder.ASC))))
        .isInstanceOf(DuetException.class)
        .hasMessage("can't sort on binary field");
  }
}
