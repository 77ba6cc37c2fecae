package dev.duet.engine.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Recall@10 of the knn query with default parameters against exact brute force, on generated
 * clustered data (50,000 × 384-dim vectors around 200 centres), for full-precision floats and each
 * compression level Duet maps onto Lucene's quantized HNSW. One index holds a field per level, all
 * with the same vectors, ingested through the packed path. The seed is logged for replay.
 */
@Tag("recall")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public class KnnRecallTest {
  private static final Logger LOG = LoggerFactory.getLogger(KnnRecallTest.class);
  private static final int DOCS = Integer.getInteger("knn.recall.docs", 50_000);
  private static final int DIMS = 384;
  private static final int CENTRES = 200;
  private static final int QUERIES = 50;
  private static final int K = 10;
  private static final List<String> LEVELS = List.of("1x", "4x", "8x", "16x", "32x");

  Engine engine;
  float[][] vectors;
  float[][] queries;

  @BeforeAll
  void index(@TempDir Path data) {
    long seed = Long.getLong("tests.seed", System.nanoTime());
    LOG.info("KnnRecallTest seed: {} (replay with -Dtests.seed={})", seed, seed);
    Random random = new Random(seed);
    float[][] centres = new float[CENTRES][];
    for (int c = 0; c < CENTRES; c++) {
      centres[c] = gaussian(random, null, 1f);
    }
    vectors = new float[DOCS][];
    for (int i = 0; i < DOCS; i++) {
      vectors[i] = gaussian(random, centres[random.nextInt(CENTRES)], 0.35f);
    }
    queries = new float[QUERIES][];
    for (int q = 0; q < QUERIES; q++) {
      queries[q] = gaussian(random, centres[random.nextInt(CENTRES)], 0.35f);
    }
    engine = Engines.open(data);
    Map<String, Object> properties = new LinkedHashMap<>();
    for (String level : LEVELS) {
      properties.put(
          field(level),
          Map.of(
              "type",
              "knn_vector",
              "dimension",
              DIMS,
              "compression_level",
              level,
              "method",
              Map.of("name", "hnsw", "engine", "faiss", "space_type", "l2")));
    }
    engine.createIndex(
        "recall",
        new IndexSettings(Map.of("index.knn", "true", "index.refresh_interval", "-1")),
        Mapping.fromMap(Map.of("properties", properties)));
    long start = System.nanoTime();
    int batch = 1_000;
    for (int from = 0; from < DOCS; from += batch) {
      List<BulkItem> items = new ArrayList<>(batch);
      for (int i = from; i < Math.min(DOCS, from + batch); i++) {
        Map<String, float[]> packed = new LinkedHashMap<>();
        for (String level : LEVELS) {
          packed.put(field(level), vectors[i]);
        }
        items.add(
            new BulkItem(
                OpType.INDEX,
                "recall",
                Integer.toString(i),
                "{}".getBytes(java.nio.charset.StandardCharsets.UTF_8),
                packed));
      }
      engine.bulk(new BulkRequest(items, RefreshPolicy.NONE));
    }
    engine.refresh("recall");
    LOG.info(
        "indexed {} docs x {} fields in {} ms",
        DOCS,
        LEVELS.size(),
        (System.nanoTime() - start) / 1_000_000);
  }

  @AfterAll
  void close() {
    if (engine != null) {
      engine.close();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"1x", "4x", "8x", "16x", "32x"})
  void recallAt10IsAtLeast95PercentWithDefaults(String level) {
    int found = 0;
    for (float[] query : queries) {
      Set<String> exact = bruteForce(query);
      Query knn = new Query.Knn(field(level), query, K, null, null, null, null, null, 1f);
      List<SearchHit> hits =
          engine
              .search(
                  new dev.duet.engine.search.SearchRequest(
                      List.of("recall"),
                      knn,
                      0,
                      K,
                      List.of(),
                      SourceFilter.NONE,
                      TrackTotalHits.DEFAULT))
              .hits();
      for (SearchHit hit : hits) {
        if (exact.contains(hit.id())) {
          found++;
        }
      }
    }
    double recall = found / (double) (QUERIES * K);
    LOG.info("recall@10 for compression {}: {}", level, recall);
    assertThat(recall).isGreaterThanOrEqualTo(0.95);
  }

  private Set<String> bruteForce(float[] query) {
    int[] best = new int[K];
    float[] bestScore = new float[K];
    java.util.Arrays.fill(bestScore, Float.NEGATIVE_INFINITY);
    for (int i = 0; i < DOCS; i++) {
      float s = VectorSimilarityFunction.EUCLIDEAN.compare(query, vectors[i]);
      if (s > bestScore[K - 1]) {
        int j = K - 1;
        while (j > 0 && bestScore[j - 1] < s) {
          bestScore[j] = bestScore[j - 1];
          best[j] = best[j - 1];
          j--;
        }
        bestScore[j] = s;
        best[j] = i;
      }
    }
    Set<String> out = new HashSet<>();
    for (int i : best) {
      out.add(Integer.toString(i));
    }
    return out;
  }

  private static String field(String level) {
    return "v" + level;
  }

  private static float[] gaussian(Random random, float[] centre, float sigma) {
    float[] v = new float[DIMS];
    for (int d = 0; d < DIMS; d++) {
      v[d] = (centre == null ? 0 : centre[d]) + sigma * (float) random.nextGaussian();
    }
    return v;
  }
}
