package dev.duet.server.rest.codec;

import static dev.duet.server.rest.codec.QueryErrors.error;

import com.fasterxml.jackson.core.JsonParser;
import dev.duet.engine.search.DistanceFeature;
import dev.duet.engine.search.GeoBoundingBox;
import dev.duet.engine.search.GeoDistance;
import dev.duet.engine.search.Query;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The geo queries of {@link QueryDecoder} on {@code geo_point} fields: {@code geo_distance}, {@code
 * geo_bounding_box} and {@code geo_shape} with an {@code envelope} (a bounding box). Points stay as
 * the client wrote them; the engine reads them.
 */
final class GeoQueryDecoder {
  private GeoQueryDecoder() {}

  static Query geoDistance(JsonParser p) throws IOException {
    Map<String, Object> body = body(p);
    String field = null;
    Object point = null;
    Object distance = null;
    boolean ignoreUnmapped = false;
    float boost = 1f;
    for (Map.Entry<String, Object> e : body.entrySet()) {
      switch (e.getKey()) {
        case "distance" -> distance = e.getValue();
        case "ignore_unmapped" -> ignoreUnmapped = bool(e.getValue());
        case "boost" -> boost = Float.parseFloat(String.valueOf(e.getValue()));
        case "distance_type", "validation_method", "unit" -> {}
        case "_name" -> QueryNames.name(e.getValue());
        default -> {
          if (field != null) {
            throw error(
                p,
                "[geo_distance] query doesn't support multiple fields, found ["
                    + field
                    + "] and ["
                    + e.getKey()
                    + "]");
          }
          field = e.getKey();
          point = e.getValue();
        }
      }
    }
    if (field == null) {
      throw error(p, "fieldName must not be null");
    }
    if (distance == null) {
      throw error(p, "geo_distance requires 'distance' to be specified");
    }
    return new GeoDistance(field, point, distance, ignoreUnmapped, boost);
  }

  static Query geoBoundingBox(JsonParser p) throws IOException {
    Map<String, Object> body = body(p);
    String field = null;
    Object box = null;
    boolean ignoreUnmapped = false;
    float boost = 1f;
    for (Map.Entry<String, Object> e : body.entrySet()) {
      switch (e.getKey()) {
        case "ignore_unmapped" -> ignoreUnmapped = bool(e.getValue());
        case "boost" -> boost = Float.parseFloat(String.valueOf(e.getValue()));
        case "type", "validation_method" -> {}
        case "_name" -> QueryNames.name(e.getValue());
        default -> {
          if (field != null) {
            throw error(
                p,
                "[geo_bbox] query doesn't support multiple fields, found ["
                    + field
                    + "] and ["
                    + e.getKey()
                    + "]");
          }
          field = e.getKey();
          box = e.getValue();
        }
      }
    }
    if (!(box instanceof Map<?, ?> corners)) {
      throw error(p, "failed to parse bounding box. Expected start object but found [" + box + "]");
    }
    Object topLeft = corners.get("top_left");
    Object bottomRight = corners.get("bottom_right");
    if (corners.containsKey("top_right") || corners.containsKey("bottom_left")) {
      Object[] tr = lonLat(corners.get("top_right"));
      Object[] bl = lonLat(corners.get("bottom_left"));
      if (tr != null && bl != null) {
        topLeft = List.of(bl[0], tr[1]);
        bottomRight = List.of(tr[0], bl[1]);
      }
    }
    if (corners.containsKey("top")) {
      topLeft = List.of(corners.get("left"), corners.get("top"));
      bottomRight = List.of(corners.get("right"), corners.get("bottom"));
    }
    if (corners.get("wkt") instanceof String wkt) {
      // BBOX (minLon, maxLon, maxLat, minLat)
      String inner = wkt.trim();
      int open = inner.indexOf('(');
      int close = inner.lastIndexOf(')');
      if (!inner.toUpperCase(Locale.ROOT).startsWith("BBOX") || open < 0 || close < open) {
        throw error(p, "failed to parse WKT bounding box");
      }
      String[] parts = inner.substring(open + 1, close).split(",");
      if (parts.length != 4) {
        throw error(p, "failed to parse WKT bounding box");
      }
      topLeft = List.of(parts[0].trim(), parts[2].trim());
      bottomRight = List.of(parts[1].trim(), parts[3].trim());
    }
    return new GeoBoundingBox(field, topLeft, bottomRight, ignoreUnmapped, boost);
  }

  /**
   * {@code geo_shape} on a {@code geo_point} field: an {@code envelope} ({@code [[minLon, maxLat],
   * [maxLon, minLat]]}) is a bounding box; other shapes are refused.
   */
  static Query geoShape(JsonParser p) throws IOException {
    Map<String, Object> body = body(p);
    String field = null;
    Object spec = null;
    boolean ignoreUnmapped = false;
    float boost = 1f;
    for (Map.Entry<String, Object> e : body.entrySet()) {
      switch (e.getKey()) {
        case "ignore_unmapped" -> ignoreUnmapped = bool(e.getValue());
        case "boost" -> boost = Float.parseFloat(String.valueOf(e.getValue()));
        case "_name" -> QueryNames.name(e.getValue());
        default -> {
          field = e.getKey();
          spec = e.getValue();
        }
      }
    }
    if (!(spec instanceof Map<?, ?> shapeSpec)
        || !(shapeSpec.get("shape") instanceof Map<?, ?> shape)) {
      throw error(p, "[geo_shape] query: only an inline [shape] is supported");
    }
    Object relation = shapeSpec.get("relation");
    if (relation != null
        && !List.of("intersects", "within")
            .contains(relation.toString().toLowerCase(Locale.ROOT))) {
      throw error(
          p, "[geo_shape] query on a geo_point supports the relations [intersects] and [within]");
    }
    Object type = shape.get("type");
    if (type == null
        || !type.toString().equalsIgnoreCase("envelope")
        || !(shape.get("coordinates") instanceof List<?> coordinates)
        || coordinates.size() != 2) {
      throw error(
          p, "[geo_shape] query: only an [envelope] shape is supported on a geo_point field");
    }
    return new GeoBoundingBox(field, coordinates.get(0), coordinates.get(1), ignoreUnmapped, boost);
  }

  /** {@code distance_feature} on a date, date_nanos or geo_point field. */
  static Query distanceFeature(JsonParser p) throws IOException {
    Map<String, Object> body = body(p);
    String field = null;
    Object origin = null;
    String pivot = null;
    float boost = 1f;
    for (Map.Entry<String, Object> e : body.entrySet()) {
      switch (e.getKey()) {
        case "field" -> field = String.valueOf(e.getValue());
        case "origin" -> origin = e.getValue();
        case "pivot" -> pivot = String.valueOf(e.getValue());
        case "boost" -> boost = Float.parseFloat(String.valueOf(e.getValue()));
        case "_name" -> QueryNames.name(e.getValue());
        default -> throw error(p, "[distance_feature] query does not support [" + e.getKey() + "]");
      }
    }
    return new DistanceFeature(field, origin, pivot, boost);
  }

  private static Object[] lonLat(Object point) {
    if (point instanceof Map<?, ?> m && m.containsKey("lat") && m.containsKey("lon")) {
      return new Object[] {m.get("lon"), m.get("lat")};
    }
    if (point instanceof List<?> l && l.size() >= 2) {
      return new Object[] {l.get(0), l.get(1)};
    }
    if (point instanceof String s && s.contains(",")) {
      String[] parts = s.split(",");
      return new Object[] {parts[1].trim(), parts[0].trim()};
    }
    return null;
  }

  private static Map<String, Object> body(JsonParser p) throws IOException {
    Object body = Json.readValue(p); // leaves the parser at the body's END_OBJECT
    @SuppressWarnings("unchecked")
    Map<String, Object> map =
        body instanceof Map<?, ?> m ? (Map<String, Object>) m : new LinkedHashMap<>();
    return map;
  }

  private static boolean bool(Object value) {
    return Boolean.parseBoolean(String.valueOf(value));
  }
}
