package dev.duet.engine.mapping;

import java.util.Locale;
import java.util.Map;

/**
 * The typed view of a {@code knn_vector} mapping, in the k-NN plugin's terms: how many dimensions,
 * which space (similarity), which element type, the HNSW graph parameters and the compression the
 * vectors are stored with. {@link #compression} is 1 for full-precision floats; 4, 8, 16 or 32 for
 * the quantized formats Duet maps the plugin's {@code mode} / {@code compression_level} onto.
 */
public record VectorField(
    int dimension,
    SpaceType space,
    DataType dataType,
    int m,
    int efConstruction,
    int compression,
    boolean onDisk) {
  /** The k-NN plugin's HNSW defaults (the Lucene engine's too). */
  public static final int DEFAULT_M = 16;

  public static final int DEFAULT_EF_CONSTRUCTION = 100;

  /** The view of a field whose {@link FieldMapping#type()} is {@code knn_vector}. */
  @SuppressWarnings("unchecked")
  public static VectorField of(FieldMapping field) {
    Map<String, Object> p = field.params();
    Map<String, Object> method = (Map<String, Object>) p.get("method");
    Map<String, Object> params =
        method == null ? Map.of() : (Map<String, Object>) method.get("parameters");
    String space =
        method != null ? (String) method.get("space_type") : (String) p.get("space_type");
    String engine = method == null ? null : (String) method.get("engine");
    boolean onDisk = "on_disk".equals(p.get("mode"));
    return new VectorField(
        ((Number) p.get("dimension")).intValue(),
        SpaceType.of(space == null ? "l2" : space),
        DataType.of((String) p.getOrDefault("data_type", "float")),
        params == null ? DEFAULT_M : ((Number) params.getOrDefault("m", DEFAULT_M)).intValue(),
        params == null
            ? DEFAULT_EF_CONSTRUCTION
            : ((Number) params.getOrDefault("ef_construction", DEFAULT_EF_CONSTRUCTION)).intValue(),
        compression((String) p.get("compression_level"), onDisk, engine, params),
        onDisk);
  }

  /**
   * The compression factor: the explicit level, else the mode's default as the k-NN plugin picks it
   * (on_disk: 32x, or 4x on the Lucene engine; in_memory: 1x), else 4x for the {@code sq} encoder.
   */
  private static int compression(
      String level, boolean onDisk, String engine, Map<String, Object> params) {
    if (level != null && !level.isEmpty()) {
      return Integer.parseInt(level.substring(0, level.length() - 1));
    }
    if (onDisk) {
      return "lucene".equals(engine) ? 4 : 32;
    }
    if (params != null && params.get("encoder") instanceof Map<?, ?> encoder) {
      return "sq".equals(encoder.get("name")) ? 4 : 1;
    }
    return 1;
  }

  /** The k-NN plugin's space types Duet's Lucene HNSW can serve. */
  public enum SpaceType {
    L2("l2"),
    COSINESIMIL("cosinesimil"),
    INNERPRODUCT("innerproduct"),
    L1("l1"),
    LINF("linf"),
    HAMMING("hamming");

    private final String value;

    SpaceType(String value) {
      this.value = value;
    }

    public String value() {
      return value;
    }

    public static SpaceType of(String value) {
      return valueOf(value.toUpperCase(Locale.ROOT));
    }
  }

  /** {@code data_type}: float (default), byte (signed 8-bit integers), binary (packed bits). */
  public enum DataType {
    FLOAT,
    BYTE,
    BINARY;

    public static DataType of(String value) {
      return valueOf(value.toUpperCase(Locale.ROOT));
    }
  }
}
