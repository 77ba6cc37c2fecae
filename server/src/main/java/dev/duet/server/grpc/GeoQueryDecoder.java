package dev.duet.server.grpc;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.GeoBoundingBox;
import dev.duet.engine.search.GeoDistance;
import dev.duet.engine.search.Query;
import java.util.List;
import java.util.Map;
import org.opensearch.protobufs.GeoBoundingBoxQuery;
import org.opensearch.protobufs.GeoBounds;
import org.opensearch.protobufs.GeoDistanceQuery;
import org.opensearch.protobufs.GeoLocation;

/**
 * The geo queries of {@link QueryDecoder} ({@code geo_distance}, {@code geo_bounding_box}) into the
 * model the REST decoder also produces: points in OpenSearch's neutral forms (an object of lat/lon,
 * a geohash or "lat,lon" text, a [lon, lat] array), read by the engine.
 */
final class GeoQueryDecoder {
  private GeoQueryDecoder() {}

  static Query geoDistance(GeoDistanceQuery q) {
    if (q.getLocationCount() != 1) {
      throw DuetException.parsing("[geo_distance] query requires exactly one field and point");
    }
    Map.Entry<String, GeoLocation> entry = q.getLocationMap().entrySet().iterator().next();
    String distance = q.getDistance();
    if (q.hasUnit()
        && !distance.isEmpty()
        && Character.isDigit(distance.charAt(distance.length() - 1))) {
      distance = distance + unit(q.getUnit());
    }
    return new GeoDistance(
        entry.getKey(),
        point(entry.getValue()),
        distance,
        q.hasIgnoreUnmapped() && q.getIgnoreUnmapped(),
        q.hasBoost() ? q.getBoost() : 1f);
  }

  static Query geoBoundingBox(GeoBoundingBoxQuery q) {
    if (q.getBoundingBoxCount() != 1) {
      throw DuetException.parsing("[geo_bbox] query requires exactly one field and bounding box");
    }
    Map.Entry<String, GeoBounds> entry = q.getBoundingBoxMap().entrySet().iterator().next();
    GeoBounds bounds = entry.getValue();
    Object topLeft;
    Object bottomRight;
    switch (bounds.getGeoBoundsCase()) {
      case TLBR -> {
        topLeft = point(bounds.getTlbr().getTopLeft());
        bottomRight = point(bounds.getTlbr().getBottomRight());
      }
      case COORDS -> {
        topLeft = List.of(bounds.getCoords().getLeft(), bounds.getCoords().getTop());
        bottomRight = List.of(bounds.getCoords().getRight(), bounds.getCoords().getBottom());
      }
      case TRBL -> {
        GeoLocation tr = bounds.getTrbl().getTopRight();
        GeoLocation bl = bounds.getTrbl().getBottomLeft();
        if (!tr.hasLatlon() || !bl.hasLatlon()) {
          throw DuetException.parsing(
              "[geo_bbox] top_right/bottom_left corners are taken as lat/lon objects");
        }
        topLeft = List.of(bl.getLatlon().getLon(), tr.getLatlon().getLat());
        bottomRight = List.of(tr.getLatlon().getLon(), bl.getLatlon().getLat());
      }
      default -> throw DuetException.parsing("failed to parse bounding box. Missing corner");
    }
    return new GeoBoundingBox(
        entry.getKey(),
        topLeft,
        bottomRight,
        q.hasIgnoreUnmapped() && q.getIgnoreUnmapped(),
        q.hasBoost() ? q.getBoost() : 1f);
  }

  private static Object point(GeoLocation location) {
    return switch (location.getGeoLocationCase()) {
      case LATLON ->
          Map.of("lat", location.getLatlon().getLat(), "lon", location.getLatlon().getLon());
      case GEOHASH -> location.getGeohash().getGeohash();
      case COORDS -> List.copyOf(location.getCoords().getDoubleArrayList());
      case TEXT -> location.getText();
      default -> throw DuetException.parsing("geo_point expected");
    };
  }

  private static String unit(org.opensearch.protobufs.DistanceUnit unit) {
    String name = unit.name();
    return switch (name) {
      case "DISTANCE_UNIT_CM" -> "cm";
      case "DISTANCE_UNIT_FT" -> "ft";
      case "DISTANCE_UNIT_IN" -> "in";
      case "DISTANCE_UNIT_KM" -> "km";
      case "DISTANCE_UNIT_MI" -> "mi";
      case "DISTANCE_UNIT_MM" -> "mm";
      case "DISTANCE_UNIT_NMI" -> "nmi";
      case "DISTANCE_UNIT_YD" -> "yd";
      default -> "m";
    };
  }
}
