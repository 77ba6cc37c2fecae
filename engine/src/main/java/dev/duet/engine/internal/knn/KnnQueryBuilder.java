package dev.duet.engine.internal.knn;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.VectorField;
import dev.duet.engine.search.Query.Knn;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.lucene.search.ByteVectorSimilarityQuery;
import org.apache.lucene.search.FloatVectorSimilarityQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.RescoreTopNQuery;

/**
 * Turns the {@code knn} query model into a Lucene query for one index, the way the k-NN plugin's
 * Lucene engine does: top-k over HNSW with the filter applied during the graph search (Lucene
 * switches to exact scoring of the filtered documents when the filter matches no more than k of a
 * segment's documents, or when the graph search would visit more documents than the filter
 * matches), or radial search ({@code min_score} / {@code max_distance}) with Lucene's similarity
 * threshold query. Scores are Lucene's similarity scores, which are the plugin's translated scores:
 * l2 {@code 1/(1+d²)}, cosinesimil {@code (1+cos)/2}, innerproduct {@code 1+dot} for {@code dot >=
 * 0} else {@code 1/(1-dot)}.
 *
 * <p>Quantized fields (compression above 1x) collect {@code k × oversample} candidates and rescore
 * them with the full-precision vectors, as the plugin's {@code rescore} does.
 */
public final class KnnQueryBuilder {
  /**
   * HNSW candidates when the request gives no {@code ef_search}: the k-NN plugin's index default
   * ({@code index.knn.algo_param.ef_search}, 100). The plugin's Lucene engine itself searches with
   * only k candidates; Duet keeps the wider list for its recall (documented difference).
   */
  public static final int DEFAULT_EF_SEARCH = 100;

  private final String index;
  private final String uuid;

  public KnnQueryBuilder(String index, String uuid) {
    this.index = index;
    this.uuid = uuid;
  }

  /**
   * The Lucene query; {@code field} is the mapped vector field (null: not a {@code knn_vector}),
   * {@code filter} the translated filter or null.
   */
  public Query build(Knn knn, VectorField field, Query filter) {
    if (field == null) {
      throw failure("Field '" + knn.field() + "' is not knn_vector type.");
    }
    float[] vector = knn.vector();
    if (vector.length != field.dimension()) {
      throw failure(
          "Query vector has invalid dimension: "
              + vector.length
              + ". Dimension should be: "
              + field.dimension());
    }
    for (int i = 0; i < vector.length; i++) {
      if (!Float.isFinite(vector[i])) {
        throw failure("non-finite value at vector[" + i + "]=" + vector[i]);
      }
    }
    boolean floats = field.dataType() == VectorField.DataType.FLOAT;
    if (field.space() == VectorField.SpaceType.COSINESIMIL && isZero(vector)) {
      throw failure("zero vector is not supported when space type is [cosinesimil]");
    }
    byte[] bytes = floats ? null : toBytes(vector);
    if (knn.k() == null) {
      float threshold =
          knn.minScore() != null ? knn.minScore() : similarity(field, knn.maxDistance());
      return floats
          ? new FloatVectorSimilarityQuery(knn.field(), vector, threshold, filter)
          : new ByteVectorSimilarityQuery(knn.field(), bytes, threshold, filter);
    }
    int k = knn.k();
    int candidates = Math.max(k, knn.efSearch() != null ? knn.efSearch() : DEFAULT_EF_SEARCH);
    if (!floats) {
      return CandidateKnnQueries.bytes(knn.field(), bytes, k, candidates, filter);
    }
    float oversample = oversample(knn, field);
    if (oversample <= 0) {
      return CandidateKnnQueries.floats(knn.field(), vector, k, candidates, filter);
    }
    int firstPass = (int) Math.min(Knn.MAX_K, Math.ceil(k * (double) oversample));
    Query approximate =
        CandidateKnnQueries.floats(
            knn.field(), vector, firstPass, Math.max(firstPass, candidates), filter);
    return RescoreTopNQuery.createFullPrecisionRescorerQuery(approximate, vector, knn.field(), k);
  }

  /**
   * The first pass's oversampling for quantized fields, 0 when there is nothing to rescore: the
   * request's factor, else the k-NN plugin's defaults by compression (up to 4x: 1, 8x and 16x: 2,
   * 32x: 3; vectors of 1,000 dimensions or more carry enough signal for 2 at 32x... the plugin's
   * rule, kept).
   */
  static float oversample(Knn knn, VectorField field) {
    if (field.compression() <= 1 || knn.rescore() != null && !knn.rescore().enabled()) {
      return 0;
    }
    if (knn.rescore() != null && knn.rescore().oversampleFactor() != null) {
      return knn.rescore().oversampleFactor();
    }
    return switch (field.compression()) {
      case 2, 4 -> 3f;
      case 8 -> 20f;
      default -> 30f;
    };
  }

  /** The similarity score a {@code max_distance} corresponds to in the field's space. */
  private float similarity(VectorField field, float distance) {
    return switch (field.space()) {
      case L2 -> {
        if (distance < 0) {
          throw failure("[knn] requires distance to be non-negative for space type: L2");
        }
        yield 1f / (1f + distance);
      }
      case COSINESIMIL -> (2f - distance) / 2f;
      case INNERPRODUCT -> distance >= 0 ? 1f / (1f + distance) : 1f - distance;
      default -> throw failure("space type [" + field.space().value() + "] is not supported");
    };
  }

  private byte[] toBytes(float[] vector) {
    byte[] out = new byte[vector.length];
    for (int i = 0; i < vector.length; i++) {
      float v = vector[i];
      if (v != (float) Math.floor(v) || v < Byte.MIN_VALUE || v > Byte.MAX_VALUE) {
        throw failure(
            String.format(
                Locale.ROOT,
                "[data_type] field was set as [byte] in index mapping. But, KNN vector values are"
                    + " not within in the byte range [-128, 127] or are floats: [%s]",
                v));
      }
      out[i] = (byte) v;
    }
    return out;
  }

  private static boolean isZero(float[] vector) {
    for (float v : vector) {
      if (v != 0) {
        return false;
      }
    }
    return true;
  }

  private DuetException failure(String reason) {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("index", index);
    meta.put("index_uuid", uuid);
    return new DuetException(
        400,
        "query_shard_exception",
        "failed to create query: " + reason,
        meta,
        DuetException.illegalArgument(reason));
  }
}
