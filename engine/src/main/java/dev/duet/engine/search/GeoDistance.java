package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;
import java.util.Locale;

/**
 * {@code geo_distance}: documents with a point of the {@code geo_point} field within {@code
 * distance} ({@link #meters}) of the centre {@code point} (any of OpenSearch's point forms, as the
 * client sent it: the engine reads it by the field); {@code ignoreUnmapped} answers no documents,
 * rather than an error, on an index that does not map the field.
 */
public record GeoDistance(
    String field, Object point, Object distance, boolean ignoreUnmapped, float boost)
    implements Query.TermLevel {
  public GeoDistance {
    if (field == null || field.isEmpty()) {
      throw DuetException.illegalArgument("fieldName must not be null");
    }
    if (point == null) {
      throw DuetException.illegalArgument("center point must not be null");
    }
    if (distance == null) {
      throw DuetException.illegalArgument("geo_distance requires 'distance' to be specified");
    }
    double meters = meters(distance);
    if (!(meters > 0) || Double.isInfinite(meters)) {
      throw DuetException.illegalArgument("distance must be greater than zero");
    }
  }

  /**
   * A distance in OpenSearch's units ({@code 12km}, {@code 200m}, {@code 1.5mi}; a bare number is
   * meters) in meters.
   */
  public static double meters(Object distance) {
    if (distance instanceof Number n) {
      return n.doubleValue();
    }
    String text = String.valueOf(distance).trim().toLowerCase(Locale.ROOT);
    String[][] units = {
      {"nmi", "1852"},
      {"km", "1000"},
      {"kilometers", "1000"},
      {"mi", "1609.344"},
      {"miles", "1609.344"},
      {"yd", "0.9144"},
      {"yards", "0.9144"},
      {"ft", "0.3048"},
      {"feet", "0.3048"},
      {"in", "0.0254"},
      {"inch", "0.0254"},
      {"cm", "0.01"},
      {"centimeters", "0.01"},
      {"mm", "0.001"},
      {"millimeters", "0.001"},
      {"nm", "1852"},
      {"m", "1"},
      {"meters", "1"}
    };
    for (String[] unit : units) {
      if (text.endsWith(unit[0])) {
        String number = text.substring(0, text.length() - unit[0].length()).trim();
        try {
          return Double.parseDouble(number) * Double.parseDouble(unit[1]);
        } catch (NumberFormatException e) {
          break;
        }
      }
    }
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw DuetException.parsing("failed to parse distance [" + distance + "]");
    }
  }
}
