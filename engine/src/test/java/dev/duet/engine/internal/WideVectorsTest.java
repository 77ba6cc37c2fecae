package dev.duet.engine.internal;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.search;
import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.BulkResponse;
import dev.duet.engine.document.OpType;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchHit;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Embedding-sized vectors: the k-NN plugin accepts up to 16,000 dimensions where Lucene's default
 * formats stop at 1,024, so 1,536-dim (OpenAI-sized) vectors must index, for float and quantized
 * fields, and be read back after a restart.
 */
public class WideVectorsTest {
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

  @ParameterizedTest
  @ValueSource(strings = {"1x", "4x", "32x"})
  void vectorsWiderThanLucenesDefaultLimitIndexAndSearch(String compression) {
    int dims = 1536;
    Map<String, Object> field = new HashMap<>();
    field.put("type", "knn_vector");
    field.put("dimension", dims);
    // the Lucene engine takes 1x and 4x only; faiss requests map onto Lucene's formats too
    String engineName = compression.equals("32x") ? "faiss" : "lucene";
    field.put("method", Map.of("name", "hnsw", "engine", engineName, "space_type", "l2"));
    if (!compression.equals("1x")) {
      field.put("mode", "on_disk");
      field.put("compression_level", compression);
    }
    engine.createIndex("w", KNN, Mapping.fromMap(Map.of("properties", Map.of("v", field))));

    BulkResponse response =
        engine.bulk(bulk(vector("near", dims, 0.1f), vector("far", dims, 0.9f)));
    assertThat(response.items()).extracting(BulkItemResponse::failure).containsOnlyNulls();
    engine.close();
    engine = Engines.open(data);

    float[] query = new float[dims];
    Arrays.fill(query, 0.1f);
    Query knn = new Query.Knn("v", query, 1, null, null, null, null, null, 1f);
    assertThat(engine.search(search("w", knn)).hits())
        .extracting(SearchHit::id)
        .containsExactly("near");
  }

  private static BulkItem vector(String id, int dims, float value) {
    float[] v = new float[dims];
    Arrays.fill(v, value);
    v[0] = -value; // not a constant vector, which cosine-like quantizers treat specially
    return new BulkItem(
        OpType.INDEX, "w", id, "{}".getBytes(StandardCharsets.UTF_8), Map.of("v", v));
  }
}
