package dev.duet.engine.internal.knn;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.mapping.Mapping;
import java.util.Map;

/**
 * The k-NN plugin's index-level rule: {@code index.knn: true} is what allows a {@code knn_vector}
 * field a {@code method}, a {@code mode} or a {@code compression_level}. Without it the plugin
 * keeps vectors for exact search only; Duet indexes them in HNSW either way (documented).
 */
public final class KnnSettings {
  private KnnSettings() {}

  /** 400 {@code mapper_parsing_exception}, as the plugin answers, when the mapping needs it. */
  public static void check(IndexSettings settings, Mapping mapping) {
    String knn = settings.get("knn");
    if (knn != null && !knn.equals("true") && !knn.equals("false")) {
      throw DuetException.illegalArgument(
          "Failed to parse value [" + knn + "] as only [true] or [false] are allowed.");
    }
    if ("true".equals(knn)) {
      return;
    }
    check(mapping.properties(), "");
  }

  private static void check(Map<String, FieldMapping> fields, String prefix) {
    for (Map.Entry<String, FieldMapping> e : fields.entrySet()) {
      FieldMapping field = e.getValue();
      if (field.isObject()) {
        check(field.properties(), prefix + e.getKey() + ".");
        continue;
      }
      if (!field.type().equals("knn_vector")) {
        continue;
      }
      if (field.params().containsKey("method")) {
        throw failure(
            "Cannot set modelId or method parameters when index.knn setting is false",
            "illegal_argument_exception");
      }
      if (field.params().containsKey("mode") || field.params().containsKey("compression_level")) {
        throw failure(
            "Compression and mode can not be specified in a flat mapping configuration for field: "
                + prefix
                + e.getKey(),
            "mapper_parsing_exception");
      }
    }
  }

  private static DuetException failure(String reason, String causeType) {
    return new DuetException(
        400,
        "mapper_parsing_exception",
        "Failed to parse mapping [_doc]: " + reason,
        Map.of(),
        new DuetException(400, causeType, reason));
  }
}
