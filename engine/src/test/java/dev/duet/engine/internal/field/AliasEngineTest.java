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
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.Aggregation.BucketOrder;
import dev.duet.engine.search.AggregationResult;
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
 * A field {@code alias} read as its target (searched, sorted, aggregated, shown in {@code
 * docvalue_fields} and {@code fields}, found by {@code exists}) and refused as OpenSearch 3.8.0
 * refuses it: a path naming nothing, another alias or itself, another nested scope, a write.
 */
class AliasEngineTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "al",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "n", Map.of("type", "alias", "path", "num"),
                    "num", Map.of("type", "integer"),
                    "t", Map.of("type", "alias", "path", "title"),
                    "title", Map.of("type", "text")))));
    BulkResponse written =
        engine.bulk(
            new BulkRequest(
                List.of(
                    doc("1", "{\"num\":1,\"title\":\"red fox\"}"),
                    doc("2", "{\"num\":25,\"title\":\"blue fox\"}"),
                    doc("3", "{\"title\":\"no number\"}")),
                RefreshPolicy.IMMEDIATE));
    assertThat(written.errors()).isFalse();
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private static BulkItem doc(String id, String json) {
    return new BulkItem(OpType.INDEX, "al", id, json.getBytes(StandardCharsets.UTF_8));
  }

  private static SearchRequest request(Query query, SortSpec... sort) {
    return new SearchRequest(
        List.of("al"), query, 0, 10, List.of(sort), SourceFilter.ALL, TrackTotalHits.DEFAULT);
  }

  private List<String> ids(Query query, SortSpec... sort) {
    return engine.search(request(query, sort)).hits().stream().map(SearchHit::id).toList();
  }

  @Test
  void queriesSortsAndExistsReadTheTarget() {
    assertThat(ids(new Query.Term("n", 25, 1f))).containsExactly("2");
    assertThat(ids(new Query.Match("t", "fox", Query.Operator.OR, null, 1f)))
        .containsExactlyInAnyOrder("1", "2");
    assertThat(ids(new Exists("n", 1f))).containsExactlyInAnyOrder("1", "2");
    assertThat(ids(new Exists("t", 1f))).containsExactlyInAnyOrder("1", "2", "3");
    assertThat(ids(new Exists("n", 1f), new SortSpec("n", SortSpec.SortOrder.DESC)))
        .containsExactly("2", "1");
  }

  @Test
  void aggregationsAndDocvalueFieldsReadTheTargetUnderTheAliasName() {
    var terms =
        new Aggregation.Terms(
            "by_n", "n", 10, -1, List.of(BucketOrder.KEY_ASC), 1, null, null, List.of());
    var results =
        engine.search(request(new Exists("n", 1f)).withAggregations(List.of(terms))).aggregations();
    assertThat(((AggregationResult.Buckets) results.get(0)).buckets())
        .extracting(b -> b.key())
        .containsExactly(1L, 25L);

    FetchOptions fetch =
        new FetchOptions(
            null,
            List.of(new FieldAndFormat("n", null)),
            null,
            false,
            List.of(new FieldAndFormat("t", null)),
            false);
    SearchHit hit =
        engine.search(request(new Query.Term("n", 1, 1f)).withFetch(fetch)).hits().get(0);
    assertThat(hit.details().fields())
        .containsEntry("n", List.of(1L))
        .containsEntry("t", List.of("red fox"));
  }

  @Test
  void aDocumentMayNotWriteToAnAlias() {
    BulkResponse refused =
        engine.bulk(new BulkRequest(List.of(doc("9", "{\"n\":3}")), RefreshPolicy.NONE));

    assertThat(refused.items().get(0).failure().reason()).isEqualTo("failed to parse");
    assertThat(refused.items().get(0).failure().causedBy().reason())
        .isEqualTo("Cannot write to a field alias [n].");
  }

  @Test
  void anAliasAddedByAMappingUpdateIsReadWithoutARefresh() {
    engine.putMapping(
        "al",
        IndicesOptions.DEFAULTS,
        Map.of("properties", Map.of("late", Map.of("type", "alias", "path", "num"))));

    assertThat(ids(new Query.Term("late", 1, 1f))).containsExactly("1");
  }

  @Test
  void pathsAreCheckedAsOpenSearchChecksThem() {
    assertThatThrownBy(() -> create(Map.of("a", Map.of("type", "alias"))))
        .isInstanceOf(DuetException.class)
        .hasMessageContaining("The [path] property must be specified for field [a].");
    assertThatThrownBy(() -> create(Map.of("a", Map.of("type", "alias", "path", "nope"))))
        .hasMessageContaining(
            "Invalid [path] value [nope] for field alias [a]: an alias must refer to an existing"
                + " field in the mappings.");
    assertThatThrownBy(
            () ->
                create(
                    Map.of(
                        "a", Map.of("type", "alias", "path", "b"),
                        "b", Map.of("type", "alias", "path", "c"),
                        "c", Map.of("type", "long"))))
        .hasMessageContaining("an alias cannot refer to another alias.");
    assertThatThrownBy(() -> create(Map.of("a", Map.of("type", "alias", "path", "a"))))
        .hasMessageContaining("an alias cannot refer to itself.");
    assertThatThrownBy(
            () ->
                create(
                    Map.of(
                        "n",
                        Map.of(
                            "type",
                            "nested",
                            "properties",
                            Map.of("a", Map.of("type", "alias", "path", "c"))),
                        "c",
                        Map.of("type", "long"))))
        .hasMessageContaining(
            "an alias must have the same nested scope as its target. The alias's nested scope is"
                + " [n], but the target is not nested.");
    assertThatThrownBy(
            () ->
                create(
                    Map.of(
                        "a",
                        Map.of("type", "alias", "path", "c", "index", false),
                        "c",
                        Map.of("type", "long"))))
        .hasMessageContaining(
            "Mapping definition for [a] has unsupported parameters:  [index : false]");
  }

  private void create(Map<String, Object> properties) {
    engine.createIndex(
        "bad", IndexSettings.DEFAULTS, Mapping.fromMap(Map.of("properties", properties)));
  }
}
