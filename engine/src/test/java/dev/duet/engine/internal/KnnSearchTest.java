package dev.duet.engine.internal;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.json;
import static dev.duet.engine.internal.EngineFixture.search;
import static dev.duet.engine.internal.EngineFixture.term;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.BulkResponse;
import dev.duet.engine.document.OpType;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** k-NN through the engine: knn_vector mapping, indexing checks, and the knn query's modes. */
public class KnnSearchTest {
  private static final IndexSettings KNN = new IndexSettings(Map.of("index.knn", "true"));

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
  void mappingRendersAsTheKnnPluginDoes() {
    engine.createIndex(
        "v",
        KNN,
        mapping(
            Map.of(
                "type",
                "knn_vector",
                "dimension",
                2,
                "method",
                Map.of(
                    "name",
                    "hnsw",
                    "engine",
                    "lucene",
                    "space_type",
                    "cosinesimil",
                    "parameters",
                    Map.of("m", 8, "ef_construction", 50)))));

    Map<String, Object> field = field(engine.mapping("v").toMap());
    assertThat(field)
        .containsExactly(
            Map.entry("type", "knn_vector"),
            Map.entry("dimension", 2),
            Map.entry(
                "method",
                Map.of(
                    "engine",
                    "lucene",
                    "space_type",
                    "cosinesimil",
                    "name",
                    "hnsw",
                    "parameters",
                    Map.of("ef_construction", 50, "m", 8))));
  }

  @Test
  void refusesWhatTheLuceneEngineCannotServe() {
    assertMappingFails(
        Map.of("type", "knn_vector", "dimension", 2, "method", lucene("l1")),
        "Validation Failed: 1: \"hnsw\" with \"lucene\" configuration does not support space"
            + " type: \"l1\".;");
    assertMappingFails(Map.of("type", "knn_vector"), "Dimension value missing for vector: v");
    assertMappingFails(
        Map.of("type", "knn_vector", "dimension", 2, "space_type", "foo"),
        "Unable to find space: foo . Valid values are: [l2, cosinesimil, l1, linf, innerproduct,"
            + " hamming]");
    assertMappingFails(
        Map.of(
            "type",
            "knn_vector",
            "dimension",
            2,
            "compression_level",
            "32x",
            "method",
            lucene("l2")),
        "Validation Failed: 1: \"lucene\" does not support \"32x\" compression;");
    assertThatThrownBy(
            () ->
                engine.createIndex(
                    "v",
                    IndexSettings.DEFAULTS,
                    mapping(Map.of("type", "knn_vector", "dimension", 2, "method", lucene("l2")))))
        .isInstanceOf(DuetException.class)
        .hasMessageContaining(
            "Cannot set modelId or method parameters when index.knn setting is false");
  }

  @Test
  void badVectorsFailTheirItemAndTheRestOfTheBulkGoesOn() {
    createL2();
    BulkResponse response =
        engine.bulk(
            bulk(
                index("v", "1", "{\"v\":[1,2,3]}"),
                index("v", "2", "{\"v\":[1,\"NaN\"]}"),
                index("v", "3", "{\"v\":[1,2]}")));

    List<BulkItemResponse> items = response.items();
    assertThat(items.get(0).status()).isEqualTo(400);
    assertThat(items.get(0).failure().reason())
        .isEqualTo(
            "failed to parse field [v] of type [knn_vector] in document with id '1'. Preview of"
                + " field's value: 'null'");
    assertThat(items.get(0).failure().getCause())
        .hasMessageContaining("Vector dimension mismatch. Expected: 2, Given: 3");
    assertThat(items.get(1).failure().getCause())
        .hasMessageContaining("KNN vector values cannot be NaN");
    assertThat(items.get(2).status()).isEqualTo(201);
  }

  @Test
  void topKScoresAsTheKnnPluginTranslatesL2() {
    createL2();
    indexThree();

    SearchResponse response = engine.search(search("v", knn(2, null)));

    assertThat(response.hits()).extracting(SearchHit::id).containsExactly("1", "3");
    assertThat(response.hits()).extracting(SearchHit::score).containsExactly(1f, 1f / 3);
    assertThat(response.totalHits().value()).isEqualTo(2);
  }

  @Test
  void filtersDuringTheSearchAndWorksInsideBool() {
    createL2();
    indexThree();

    assertThat(engine.search(search("v", knn(2, term("c", "b")))).hits())
        .extracting(SearchHit::id)
        .containsExactly("2");
    Query bool =
        new Query.Bool(
            List.of(knn(3, null)), List.of(), List.of(), List.of(term("c", "a")), null, 1f);
    assertThat(engine.search(search("v", bool)).hits())
        .extracting(SearchHit::id)
        .containsExactly("1", "3");
  }

  @Test
  void radialSearchByDistanceOrScore() {
    createL2();
    indexThree();

    // max_distance is compared with the squared l2 distance, as the plugin does: [1,1] is at 2.
    Query byDistance = new Query.Knn("v", new float[] {0, 0}, null, null, 2f, null, null, null, 1f);
    Query byScore = new Query.Knn("v", new float[] {0, 0}, null, 0.3f, null, null, null, null, 1f);
    assertThat(engine.search(search("v", byDistance)).hits())
        .extracting(SearchHit::id)
        .containsExactly("1", "3");
    assertThat(engine.search(search("v", byScore)).hits())
        .extracting(SearchHit::id)
        .containsExactly("1", "3");
  }

  @Test
  void queryChecksNameTheFieldAndTheExpectedValue() {
    createL2();
    indexThree();

    assertThatThrownBy(
            () ->
                engine.search(
                    search(
                        "v",
                        new Query.Knn(
                            "v", new float[] {0, 0, 1}, 2, null, null, null, null, null, 1f))))
        .hasMessage(
            "failed to create query: Query vector has invalid dimension: 3. Dimension should be: 2");
    assertThatThrownBy(
            () ->
                engine.search(
                    search(
                        "v",
                        new Query.Knn(
                            "c", new float[] {0, 0}, 2, null, null, null, null, null, 1f))))
        .hasMessage("failed to create query: Field 'c' is not knn_vector type.");
    assertThatThrownBy(() -> knn(0, null))
        .hasMessage("[knn] requires k to be in the range (0, 10000]");
  }

  @Test
  void packedVectorsIndexAndReadBackLikeJsonOnes() {
    createL2();
    indexThree();
    engine.createIndex("p", KNN, l2Mapping());
    engine.bulk(
        bulk(
            packed("1", "{\"c\":\"a\"}", 0, 0),
            packed("2", "{\"c\":\"b\"}", 3, 4),
            packed("3", "{ }", 1, 1)));

    SearchResponse json = engine.search(search("v", knn(3, null)));
    SearchResponse fast = engine.search(search("p", knn(3, null)));
    assertThat(fast.hits()).extracting(SearchHit::id).isEqualTo(ids(json));
    assertThat(fast.hits()).extracting(SearchHit::score).isEqualTo(scores(json));
    assertThat(json(engine.get("p", "2").source())).isEqualTo("{\"c\":\"b\",\"v\":[3.0,4.0]}");
    assertThat(json(engine.get("p", "3").source())).isEqualTo("{ \"v\":[1.0,1.0]}");

    BulkResponse bad =
        engine.bulk(bulk(packed("4", "{}", 1, 2, 3), packed("5", "{\"c\":\"x\"}", 5, 5)));
    assertThat(bad.items().get(0).failure().getCause())
        .hasMessageContaining("Vector dimension mismatch. Expected: 2, Given: 3");
    assertThat(bad.items().get(1).status()).isEqualTo(201);
  }

  @Test
  void quantizedVectorsAreReadBackAfterARestart() {
    engine.createIndex(
        "q",
        KNN,
        mapping(
            Map.of(
                "type", "knn_vector", "dimension", 2, "mode", "on_disk", "method", lucene("l2"))));
    engine.bulk(
        bulk(
            index("q", "1", "{\"v\":[0,0]}"),
            index("q", "2", "{\"v\":[3,4]}"),
            index("q", "3", "{\"v\":[1,1]}")));
    engine.close();
    engine = Engines.open(data); // segments name their vector format; the default codec reads them

    Query knn = new Query.Knn("v", new float[] {0, 0}, 2, null, null, null, null, null, 1f);
    SearchResponse response = engine.search(search("q", knn));
    assertThat(response.hits()).extracting(SearchHit::id).containsExactly("1", "3");
    assertThat(response.hits()).extracting(SearchHit::score).containsExactly(1f, 1f / 3);
  }

  private void createL2() {
    engine.createIndex("v", KNN, l2Mapping());
  }

  private static Mapping l2Mapping() {
    return Mapping.fromMap(
        Map.of(
            "properties",
            Map.of(
                "v",
                Map.of("type", "knn_vector", "dimension", 2, "method", lucene("l2")),
                "c",
                Map.of("type", "keyword"))));
  }

  private void indexThree() {
    engine.bulk(
        bulk(
            index("v", "1", "{\"v\":[0,0],\"c\":\"a\"}"),
            index("v", "2", "{\"v\":[3,4],\"c\":\"b\"}"),
            index("v", "3", "{\"v\":[1,1],\"c\":\"a\"}")));
  }

  private static BulkItem packed(String id, String source, float... vector) {
    return new BulkItem(
        OpType.INDEX, "p", id, source.getBytes(StandardCharsets.UTF_8), Map.of("v", vector));
  }

  private static Query.Knn knn(int k, Query filter) {
    return new Query.Knn("v", new float[] {0, 0}, k, null, null, filter, null, null, 1f);
  }

  private static List<String> ids(SearchResponse r) {
    return r.hits().stream().map(SearchHit::id).toList();
  }

  private static List<Float> scores(SearchResponse r) {
    return r.hits().stream().map(SearchHit::score).toList();
  }

  private static Map<String, Object> lucene(String space) {
    return Map.of("name", "hnsw", "engine", "lucene", "space_type", space);
  }

  private static Mapping mapping(Map<String, Object> field) {
    return Mapping.fromMap(Map.of("properties", Map.of("v", field)));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> field(Map<String, Object> mapping) {
    return (Map<String, Object>) ((Map<String, Object>) mapping.get("properties")).get("v");
  }

  private void assertMappingFails(Map<String, Object> field, String cause) {
    assertThatThrownBy(() -> engine.createIndex("v", KNN, mapping(field)))
        .isInstanceOf(DuetException.class)
        .hasMessage("Failed to parse mapping [_doc]: " + cause);
  }
}
