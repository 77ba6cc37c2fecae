package dev.duet.server.grpc;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Query;
import java.util.Map;
import org.opensearch.protobufs.KnnQuery;
import org.opensearch.protobufs.KnnQueryRescore;
import org.opensearch.protobufs.ObjectMap;

/**
 * Decodes {@code KnnQuery} into the same {@link Query.Knn} the REST decoder builds. The vector is a
 * packed repeated float on the wire and is copied into a float array by index, unboxed: no JSON, no
 * per-element objects.
 */
final class KnnQueryDecoder {
  private KnnQueryDecoder() {}

  static Query decode(KnnQuery knn) {
    int n = knn.getVectorCount();
    float[] vector = new float[n];
    for (int i = 0; i < n; i++) {
      vector[i] = knn.getVector(i);
    }
    Query.Knn.checkVector(vector);
    if (knn.hasExpandNestedDocs() && knn.getExpandNestedDocs()) {
      throw DuetException.illegalArgument(
          "Invalid value provided for the [expand_nested_docs] field. [expand_nested_docs] is only"
              + " supported with a nested field.");
    }
    return new Query.Knn(
        knn.getField(),
        vector,
        knn.hasK() ? knn.getK() : null,
        knn.hasMinScore() ? knn.getMinScore() : null,
        knn.hasMaxDistance() ? knn.getMaxDistance() : null,
        knn.hasFilter() ? QueryDecoder.decode(knn.getFilter()) : null,
        knn.hasMethodParameters() ? efSearch(knn.getMethodParameters()) : null,
        knn.hasRescore() ? rescore(knn.getRescore()) : null,
        knn.hasBoost() ? knn.getBoost() : 1f);
  }

  private static Integer efSearch(ObjectMap parameters) {
    Integer efSearch = null;
    for (Map.Entry<String, ObjectMap.Value> e : parameters.getFieldsMap().entrySet()) {
      Query.Knn.checkMethodParameter(e.getKey());
      ObjectMap.Value v = e.getValue();
      efSearch =
          switch (v.getValueCase()) {
            case INT32 -> v.getInt32();
            case INT64 -> (int) v.getInt64();
            case DOUBLE -> (int) v.getDouble();
            case FLOAT -> (int) v.getFloat();
            default ->
                throw DuetException.illegalArgument(
                    "[knn] errors in method parameter [ef_search must be an integer]");
          };
    }
    return efSearch;
  }

  private static Query.Rescore rescore(KnnQueryRescore rescore) {
    return switch (rescore.getKnnQueryRescoreCase()) {
      case ENABLE -> new Query.Rescore(rescore.getEnable(), null);
      case CONTEXT ->
          new Query.Rescore(
              true,
              rescore.getContext().hasOversampleFactor()
                  ? rescore.getContext().getOversampleFactor()
                  : null);
      default -> null;
    };
  }
}
