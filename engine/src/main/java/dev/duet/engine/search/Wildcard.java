package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;

/** {@code wildcard}: terms matching a pattern of {@code *} and {@code ?}, scored as a constant. */
public record Wildcard(String field, String value, boolean caseInsensitive, float boost)
    implements Query.TermLevel {
  public Wildcard {
    if (field == null || field.isEmpty()) {
      throw DuetException.illegalArgument("field name is null or empty");
    }
    if (value == null) {
      throw DuetException.illegalArgument("value cannot be null");
    }
  }
}
