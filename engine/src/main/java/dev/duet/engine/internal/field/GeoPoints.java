package dev.duet.engine.internal.field;

import dev.duet.engine.error.DuetException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * OpenSearch's geo point input forms, read from a JSON value (as {@code JsonMaps} reads it): an
 * object {@code {"lat": …, "lon": …}}, a GeoJSON {@code {"type": "Point", "coordinates": [lon,
 * lat]}}, a string {@code "lat,lon"}, a WKT {@code "POINT (lon lat)"}, a geohash, or an array
 * {@code [lon, lat]}; an array of any of these is several points.
 */
public final class GeoPoints {
  private static final String BASE_32 = "0123456789bcdefghjkmnpqrstuvwxyz";

  private GeoPoints() {}

  /** A latitude and longitude in degrees. */
  public record Point(double lat, double lon) {}

  /**
   * Every point of a document value; {@code ignoreZ} false refuses a third coordinate. Throws a 400
   * {@link DuetException} on a value that is no point.
   */
  static List<Point> parseAll(Object value, boolean ignoreZ) {
    List<Point> out = new ArrayList<>();
    if (value instanceof List<?> list && !list.isEmpty() && !(list.get(0) instanceof Number)) {
      for (Object element : list) {
        out.add(parse(element, ignoreZ));
      }
    } else if (!(value instanceof List<?> list && list.isEmpty())) {
      out.add(parse(value, ignoreZ));
    }
    return out;
  }

  /** One point in any of OpenSearch's forms. */
  public static Point parse(Object value, boolean ignoreZ) {
    if (value instanceof Map<?, ?> map) {
      return fromObject(map, ignoreZ);
    }
    if (value instanceof List<?> list) {
      if (list.size() < 2) {
        throw parse("[geo_point] field type should have at least two dimensions");
      }
      if (list.size() > 3) {
        throw parse("[geo_point] field type does not accept more than 3 values");
      }
      double lon = number(list.get(0), "lon");
      double lat = number(list.get(1), "lat");
      if (list.size() == 3) {
        checkZ(number(list.get(2), "z"), ignoreZ);
      }
      return new Point(lat, lon);
    }
    if (value instanceof String text) {
      return fromString(text.trim(), ignoreZ);
    }
    throw parse("geo_point expected");
  }

  private static Point fromObject(Map<?, ?> map, boolean ignoreZ) {
    if (map.containsKey("type") || map.containsKey("coordinates")) {
      Object type = map.get("type");
      if (type == null || !"point".equalsIgnoreCase(type.toString())) {
        throw parse("[type] for geo_point can only be 'Point'");
      }
      if (!(map.get("coordinates") instanceof List<?> coordinates)) {
        throw parse("[coordinates] must be specified");
      }
      return parse(coordinates, ignoreZ);
    }
    Double lat = null;
    Double lon = null;
    String geohash = null;
    for (Map.Entry<?, ?> e : map.entrySet()) {
      String key = String.valueOf(e.getKey());
      switch (key) {
        case "lat" -> lat = number(e.getValue(), "latitude");
        case "lon" -> lon = number(e.getValue(), "longitude");
        case "z" -> checkZ(number(e.getValue(), "z"), ignoreZ);
        case "geohash" -> geohash = String.valueOf(e.getValue());
        default -> throw parse("field must be either [lat], [lon] or [geohash]");
      }
    }
    if (geohash != null) {
      if (lat != null || lon != null) {
        throw parse("field must be either lat/lon or geohash");
      }
      return geohash(geohash);
    }
    if (lat == null) {
      throw parse("field [lat] missing");
    }
    if (lon == null) {
      throw parse("field [lon] missing");
    }
    return new Point(lat, lon);
  }

  private static Point fromString(String text, boolean ignoreZ) {
    if (text.regionMatches(true, 0, "POINT", 0, 5)) {
      String inner = text.substring(5).trim();
      if (!inner.startsWith("(") || !inner.endsWith(")")) {
        throw parse("expected '(' in WKT point [" + text + "]");
      }
      String[] parts = inner.substring(1, inner.length() - 1).trim().split("\\s+");
      if (parts.length < 2 || parts.length > 3) {
        throw parse("expected a longitude and a latitude in WKT point [" + text + "]");
      }
      double lon = number(parts[0], "longitude");
      double lat = number(parts[1], "latitude");
      if (parts.length == 3) {
        checkZ(number(parts[2], "z"), ignoreZ);
      }
      return new Point(lat, lon);
    }
    int comma = text.indexOf(',');
    if (comma < 0) {
      return geohash(text);
    }
    String[] parts = text.split(",", -1);
    if (parts.length > 3) {
      throw parse(
          "failed to parse ["
              + text
              + "], expected 2 or 3 coordinates but found: ["
              + parts.length
              + "]");
    }
    double lat = number(parts[0].trim(), "latitude");
    double lon = number(parts[1].trim(), "longitude");
    if (parts.length == 3) {
      checkZ(number(parts[2].trim(), "z"), ignoreZ);
    }
    return new Point(lat, lon);
  }

  /** A geohash's point: its cell's corner, as OpenSearch decodes one. */
  public static Point geohash(String hash) {
    if (hash.isEmpty() || hash.length() > 12) {
      throw parse(
          hash.isEmpty()
              ? "empty geohash"
              : "geohash [" + hash + "] is longer than the maximum precision of 12");
    }
    double minLat = -90;
    double maxLat = 90;
    double minLon = -180;
    double maxLon = 180;
    boolean even = true;
    for (int i = 0; i < hash.length(); i++) {
      int cd = BASE_32.indexOf(Character.toLowerCase(hash.charAt(i)));
      if (cd < 0) {
        throw parse("unsupported symbol [" + hash.charAt(i) + "] in geohash [" + hash + "]");
      }
      for (int mask = 16; mask != 0; mask >>= 1) {
        boolean bit = (cd & mask) != 0;
        if (even) {
          double mid = (minLon + maxLon) / 2;
          if (bit) {
            minLon = mid;
          } else {
            maxLon = mid;
          }
        } else {
          double mid = (minLat + maxLat) / 2;
          if (bit) {
            minLat = mid;
          } else {
            maxLat = mid;
          }
        }
        even = !even;
      }
    }
    return new Point(minLat, minLon);
  }

  /** The geohash of a point at {@code precision} characters (1 to 12). */
  public static String geohash(double lat, double lon, int precision) {
    double minLat = -90;
    double maxLat = 90;
    double minLon = -180;
    double maxLon = 180;
    StringBuilder out = new StringBuilder(precision);
    boolean even = true;
    int bits = 0;
    int cd = 0;
    while (out.length() < precision) {
      if (even) {
        double mid = (minLon + maxLon) / 2;
        if (lon >= mid) {
          cd = cd * 2 + 1;
          minLon = mid;
        } else {
          cd = cd * 2;
          maxLon = mid;
        }
      } else {
        double mid = (minLat + maxLat) / 2;
        if (lat >= mid) {
          cd = cd * 2 + 1;
          minLat = mid;
        } else {
          cd = cd * 2;
          maxLat = mid;
        }
      }
      even = !even;
      if (++bits == 5) {
        out.append(BASE_32.charAt(cd));
        bits = 0;
        cd = 0;
      }
    }
    return out.toString();
  }

  /** Fails on a latitude or longitude out of range, as OpenSearch's geo_point field does. */
  static void validate(Point point, String field) {
    if (Double.isNaN(point.lat()) || point.lat() < -90 || point.lat() > 90) {
      throw DuetException.illegalArgument(
          "illegal latitude value [" + point.lat() + "] for " + field);
    }
    if (Double.isNaN(point.lon()) || point.lon() < -180 || point.lon() > 180) {
      throw DuetException.illegalArgument(
          "illegal longitude value [" + point.lon() + "] for " + field);
    }
  }

  private static void checkZ(double z, boolean ignoreZ) {
    if (!ignoreZ) {
      throw parse(
          "Exception parsing coordinates: found Z value ["
              + z
              + "] but [ignore_z_value] parameter is [false]");
    }
  }

  private static double number(Object value, String what) {
    if (value instanceof Number n) {
      return n.doubleValue();
    }
    if (value instanceof String s) {
      try {
        return Double.parseDouble(s.trim());
      } catch (NumberFormatException e) {
        throw parse(what + " must be a number");
      }
    }
    throw parse(what + " must be a number");
  }

  private static DuetException parse(String reason) {
    return new DuetException(400, "parse_exception", reason);
  }
}
