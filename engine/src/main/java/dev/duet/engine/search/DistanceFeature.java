package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;

/**
 * {@code distance_feature}: scores documents by how near a date, date_nanos or geo_point field's
 * value is to {@code origin} ({@code boost * pivot / (pivot + distance)}); {@code pivot} is a time
 * ({@code 1h}, {@code 100nanos}) or a distance ({@code 1km}), both as the client sent them.
 */
public record DistanceFeature(String field, Object origin, String pivot, float boost)
    implements Query.TermLevel {
  public DistanceFeature {
    if (field == null || field.isEmpty()) {
      throw DuetException.illegalArgument("field must not be null or empty");
    }
    if (origin == null) {
      throw DuetException.illegalArgument("origin must not be null");
    }
    if (pivot == null) {
      throw DuetException.illegalArgument("pivot must not be null");
    }
  }
}
