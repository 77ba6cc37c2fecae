package dev.duet.engine.mapping;

import dev.duet.engine.error.DuetException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Parses a {@code knn_vector} field in the k-NN plugin's mapping format, with the plugin's checks
 * and messages, into a {@link FieldMapping} whose params are already in the order and form {@code
 * GET _mapping} shows them (the plugin moves {@code space_type} into {@code method} and fills in
 * the method's defaults). Only Lucene's HNSW exists here: a {@code faiss} method is served by it
 * too (a documented difference); {@code nmslib}, {@code binary} vectors and the l1 / linf / hamming
 * spaces are refused with a 400.
 */
public final class KnnVectorMapping {
  static final int MAX_DIMENSION = 16_000;

  /** The parameters a {@code knn_vector} field accepts. */
  public static final Set<String> PARAMETERS =
      Set.of(
          "type",
          "dimension",
          "space_type",
          "method",
          "data_type",
          "mode",
          "compression_level",
          "model_id",
          "doc_values",
          "store",
          "index",
          "meta");

  private static final List<String> LEVELS = List.of("", "1x", "2x", "4x", "8x", "16x", "32x");

  private KnnVectorMapping() {}

  /** A {@code knn_vector} field's mapping, validated as the k-NN plugin validates it. */
  public static FieldMapping parse(String name, Map<?, ?> node) {
    for (Object key : node.keySet()) {
      if (!PARAMETERS.contains(String.valueOf(key))) {
        throw MappingParser.failure(
            "unknown parameter [" + key + "] on mapper [" + name + "] of type [knn_vector]");
      }
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("dimension", dimension(name, node.get("dimension")));
    String dataType = dataType(node.get("data_type"));
    if (!dataType.equals("float")) {
      out.put("data_type", dataType.toUpperCase(java.util.Locale.ROOT));
    }
    String topSpace = node.get("space_type") == null ? null : space(node.get("space_type"));
    Object mode = node.get("mode");
    Object level = node.get("compression_level");
    if (mode != null && !"in_memory".equals(mode) && !"on_disk".equals(mode)) {
      throw MappingParser.failure(
          "Unknown value ["
              + mode
              + "] for field [mode] - accepted values are [null, in_memory, on_disk]");
    }
    if (level != null && !LEVELS.contains(String.valueOf(level))) {
      throw MappingParser.failure(
          "Unknown value ["
              + level
              + "] for field [compression_level] - accepted values are [, 1x, 2x, 4x, 8x, 16x,"
              + " 32x]");
    }
    if (node.get("method") instanceof Map<?, ?> method) {
      out.put("method", method(name, method, topSpace, dataType, level));
    } else if (topSpace != null) {
      checkSpace(topSpace, dataType, "hnsw", "lucene");
      out.put("space_type", topSpace);
    } else if (dataType.equals("binary")) {
      throw refused("data_type [binary] needs the hamming space, which Lucene's HNSW lacks");
    }
    if (mode != null) {
      out.put("mode", mode);
    }
    if (level != null) {
      out.put("compression_level", level);
    }
    if (node.get("model_id") != null) {
      throw refused("[model_id] needs trained faiss models, which Duet does not have");
    }
    return new FieldMapping("knn_vector", out, Map.of(), Map.of());
  }

  private static Map<String, Object> method(
      String name, Map<?, ?> method, String topSpace, String dataType, Object level) {
    Object methodName = method.get("name");
    if (methodName == null) {
      throw MappingParser.failure("name needs to be set");
    }
    if (!"hnsw".equals(methodName)) {
      throw DuetException.illegalArgument("Invalid method name: " + methodName);
    }
    String engine = method.get("engine") == null ? "faiss" : String.valueOf(method.get("engine"));
    if (engine.equals("nmslib")) {
      throw DuetException.illegalArgument(
          "nmslib engine is deprecated in OpenSearch  and cannot be used for new index creation in"
              + " OpenSearch from  3.0.0.");
    }
    if (!engine.equals("lucene") && !engine.equals("faiss")) {
      throw DuetException.illegalArgument("Invalid engine type: " + engine);
    }
    String space = method.get("space_type") == null ? null : space(method.get("space_type"));
    if (space != null && topSpace != null && !space.equals(topSpace)) {
      throw MappingParser.failure(
          "Cannot specify conflicting space types: \"[" + space + "]\" \"[" + topSpace + "]\"");
    }
    if (space == null) {
      space = topSpace != null ? topSpace : dataType.equals("binary") ? "hamming" : "l2";
    }
    checkSpace(space, dataType, "hnsw", engine);
    if (engine.equals("lucene") && level != null) {
      String l = String.valueOf(level);
      if (!l.isEmpty() && !l.equals("1x") && !l.equals("4x")) {
        throw validation("\"lucene\" does not support \"" + l + "\" compression");
      }
    }
    Map<String, Object> params = new TreeMap<>();
    if (method.get("parameters") instanceof Map<?, ?> given) {
      for (Map.Entry<?, ?> e : given.entrySet()) {
        String key = String.valueOf(e.getKey());
        switch (key) {
          case "m", "ef_construction" -> params.put(key, positiveInt(key, e.getValue()));
          case "encoder" -> params.put(key, encoder(e.getValue()));
          default -> throw validation("Unknown parameter '" + key + "' found");
        }
      }
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("engine", engine);
    out.put("space_type", space);
    out.put("name", "hnsw");
    out.put("parameters", params);
    return out;
  }

  private static Map<String, Object> encoder(Object value) {
    if (!(value instanceof Map<?, ?> encoder) || !"sq".equals(encoder.get("name"))) {
      throw validation("Duet supports the [sq] encoder only; use compression_level instead");
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("name", "sq");
    out.put(
        "parameters",
        encoder.get("parameters") instanceof Map<?, ?> p ? new TreeMap<>(p) : Map.of());
    return out;
  }

  private static int dimension(String name, Object value) {
    if (value == null) {
      throw DuetException.illegalArgument("Dimension value missing for vector: " + name);
    }
    int dimension;
    try {
      dimension =
          value instanceof Number n ? n.intValue() : Integer.parseInt(String.valueOf(value));
    } catch (NumberFormatException e) {
      throw DuetException.illegalArgument(
          "Unable to parse [dimension] from provided value ["
              + value
              + "] for vector ["
              + name
              + "]");
    }
    if (dimension <= 0) {
      throw DuetException.illegalArgument(
          "Dimension value must be greater than 0 for vector: " + name);
    }
    if (dimension > MAX_DIMENSION) {
      throw validation(
          "Dimension value cannot be greater than "
              + MAX_DIMENSION
              + " for vector with engine: faiss");
    }
    return dimension;
  }

  private static String dataType(Object value) {
    String v = value == null ? "float" : String.valueOf(value).toLowerCase(java.util.Locale.ROOT);
    if (!v.equals("float") && !v.equals("byte") && !v.equals("binary")) {
      throw DuetException.illegalArgument(
          "Invalid value provided for [data_type] field. Supported values are [binary,byte,float]");
    }
    if (v.equals("binary")) {
      throw refused("data_type [binary] needs the hamming space, which Lucene's HNSW lacks");
    }
    return v;
  }

  private static String space(Object value) {
    String v = String.valueOf(value);
    try {
      VectorField.SpaceType.of(v);
    } catch (IllegalArgumentException e) {
      throw DuetException.illegalArgument(
          "Unable to find space: "
              + v
              + " . Valid values are: [l2, cosinesimil, l1, linf, innerproduct, hamming]");
    }
    return v;
  }

  private static void checkSpace(String space, String dataType, String method, String engine) {
    if (space.equals("hamming") && !dataType.equals("binary")) {
      throw DuetException.illegalArgument(
          "Space type [hamming] is not supported with [" + dataType + "] data type");
    }
    if (space.equals("l1") || space.equals("linf") || space.equals("hamming")) {
      throw validation(
          "\""
              + method
              + "\" with \""
              + engine
              + "\" configuration does not support space type: \""
              + space
              + "\".");
    }
  }

  private static int positiveInt(String key, Object value) {
    // JSON integers arrive as Integer or Long depending on the decoder; both are integers here.
    if (!(value instanceof Integer || value instanceof Long || value instanceof Short)
        || ((Number) value).longValue() > Integer.MAX_VALUE) {
      throw validation("value is not an instance of Integer for Integer parameter [" + key + "].");
    }
    int i = ((Number) value).intValue();
    if (i <= 0) {
      throw validation("parameter validation failed for Integer parameter [" + key + "].");
    }
    return i;
  }

  private static DuetException validation(String problem) {
    return new DuetException(400, "validation_exception", "Validation Failed: 1: " + problem + ";");
  }

  private static DuetException refused(String reason) {
    return DuetException.illegalArgument(reason);
  }
}
