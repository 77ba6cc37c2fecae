package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.source.JsonMaps;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.LatLonDocValuesField;
import org.apache.lucene.document.LatLonPoint;
import org.apache.lucene.geo.GeoEncodingUtils;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.search.IndexOrDocValuesQuery;
import org.apache.lucene.search.Query;

/**
 * OpenSearch's {@code geo_point}: a latitude/longitude in any of OpenSearch's input forms ({@link
 * GeoPoints}), indexed as Lucene's {@link LatLonPoint} and kept as {@link LatLonDocValuesField}
 * (for distance sorts and geo aggregations). Term and range queries are refused as OpenSearch
 * refuses them; geo queries ({@code geo_distance}, {@code geo_bounding_box}, {@code geo_shape}) are
 * built by {@link #distanceQuery} and {@link #boxQuery}. The {@code fields} option shows a point as
 * GeoJSON.
 */
public final class GeoPointType extends FieldType {
  static final String NAME = "geo_point";
  private static final Set<String> PARAMETERS =
      Set.of("ignore_malformed", "ignore_z_value", "null_value");

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public boolean aggregatable(FieldMapping field) {
    return docValues(field);
  }

  @Override
  public Set<String> parameters() {
    return PARAMETERS;
  }

  @Override
  public List<String> parameterOrder() {
    return List.of(
        "index", "doc_values", "store", "ignore_malformed", "ignore_z_value", "null_value");
  }

  @Override
  public boolean structuredValues() {
    return true;
  }

  @Override
  public void index(
      JsonParser p,
      JsonToken t,
      String path,
      FieldMapping field,
      IndexContext context,
      List<IndexableField> out)
      throws IOException {
    Object value =
        JsonMaps.read(p, t); // the whole value first: a failure leaves the parser past it
    boolean ignoreZ = !Boolean.FALSE.equals(field.params().get("ignore_z_value"));
    for (GeoPoints.Point point : GeoPoints.parseAll(value, ignoreZ)) {
      GeoPoints.validate(point, path);
      if (indexed(field)) {
        out.add(new LatLonPoint(path, point.lat(), point.lon()));
      }
      if (docValues(field)) {
        out.add(new LatLonDocValuesField(path, point.lat(), point.lon()));
      }
    }
  }

  @Override
  public Query termQuery(String name, FieldMapping field, Object value, QueryContext context) {
    throw context.failure(
        "Geometry fields do not support exact searching, use dedicated geometry queries instead: ["
            + name
            + "]",
        null);
  }

  @Override
  public Query rangeQuery(
      String name,
      FieldMapping field,
      Object lower,
      Object upper,
      boolean includeLower,
      boolean includeUpper,
      String format,
      QueryContext context) {
    String reason = "Field [" + name + "] of type [" + NAME + "] does not support range queries";
    throw context.failure(
        "failed to create query: " + reason, DuetException.illegalArgument(reason));
  }

  @Override
  public Query distanceFeatureQuery(
      String name,
      FieldMapping field,
      Object origin,
      String pivot,
      float boost,
      QueryContext context) {
    requireIndexed(name, field, context);
    GeoPoints.Point at;
    double meters;
    try {
      at = GeoPoints.parse(origin, true);
      meters = dev.duet.engine.search.GeoDistance.meters(pivot);
    } catch (DuetException e) {
      throw context.failure("failed to create query: " + e.reason(), e);
    }
    return LatLonPoint.newDistanceFeatureQuery(name, boost, at.lat(), at.lon(), meters);
  }

  /** Documents with a point within {@code meters} of the centre. */
  public static Query distanceQuery(
      String name, FieldMapping field, double lat, double lon, double meters) {
    Query points = indexed(field) ? LatLonPoint.newDistanceQuery(name, lat, lon, meters) : null;
    if (!docValues(field)) {
      return points;
    }
    Query slow = LatLonDocValuesField.newSlowDistanceQuery(name, lat, lon, meters);
    return points == null ? slow : new IndexOrDocValuesQuery(points, slow);
  }

  /** Documents with a point in the box (a box crossing the dateline when minLon > maxLon). */
  public static Query boxQuery(
      String name, FieldMapping field, double minLat, double maxLat, double minLon, double maxLon) {
    Query points =
        indexed(field) ? LatLonPoint.newBoxQuery(name, minLat, maxLat, minLon, maxLon) : null;
    if (!docValues(field)) {
      return points;
    }
    Query slow = LatLonDocValuesField.newSlowBoxQuery(name, minLat, maxLat, minLon, maxLon);
    return points == null ? slow : new IndexOrDocValuesQuery(points, slow);
  }

  /** OpenSearch's earth mean radius, in meters ({@code GeoUtils.EARTH_MEAN_RADIUS}). */
  public static final double EARTH_MEAN_RADIUS = 6371008.7714;

  /**
   * The distance in meters between two points as OpenSearch's {@code arc} (haversine) or {@code
   * plane} distance computes it.
   */
  public static double distance(double lat1, double lon1, double lat2, double lon2, boolean plane) {
    if (plane) {
      double x = Math.toRadians(lon2 - lon1) * Math.cos(Math.toRadians((lat2 + lat1) / 2.0));
      double y = Math.toRadians(lat2 - lat1);
      return Math.sqrt(x * x + y * y) * EARTH_MEAN_RADIUS;
    }
    double x1 = Math.toRadians(lat1);
    double x2 = Math.toRadians(lat2);
    double h1 = 1 - Math.cos(x1 - x2);
    double h2 = 1 - Math.cos(Math.toRadians(lon1 - lon2));
    double h = h1 + Math.cos(x1) * Math.cos(x2) * h2;
    return EARTH_MEAN_RADIUS * 2 * Math.asin(Math.min(1, Math.sqrt(h * 0.5)));
  }

  /** A point's doc value ({@code docvalue_fields}) as OpenSearch shows it: {@code "lat, lon"}. */
  @Override
  public Object docValue(long raw, FieldMapping field, String format) {
    double lat = GeoEncodingUtils.decodeLatitude((int) (raw >>> 32));
    double lon = GeoEncodingUtils.decodeLongitude((int) raw);
    return lat + ", " + lon;
  }

  @Override
  public Object sourceValue(Object value, FieldMapping field, String format) {
    GeoPoints.Point point = GeoPoints.parse(value, true);
    Map<String, Object> geoJson = new LinkedHashMap<>();
    geoJson.put("coordinates", List.of(point.lon(), point.lat()));
    geoJson.put("type", "Point");
    return geoJson;
  }
}
