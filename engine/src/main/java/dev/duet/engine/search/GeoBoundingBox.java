package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;

/**
 * {@code geo_bounding_box} (and a {@code geo_shape} envelope on a {@code geo_point} field):
 * documents with a point of the field in the box between the corners (points in any of OpenSearch's
 * forms, as the client sent them); a box whose {@code left} is east of its {@code right} crosses
 * the dateline.
 */
public record GeoBoundingBox(
    String field, Object topLeft, Object bottomRight, boolean ignoreUnmapped, float boost)
    implements Query.TermLevel {
  public GeoBoundingBox {
    if (field == null || field.isEmpty()) {
      throw DuetException.illegalArgument("Field name must not be empty.");
    }
    if (topLeft == null || bottomRight == null) {
      throw DuetException.parsing("failed to parse bounding box. Missing corner");
    }
  }
}
