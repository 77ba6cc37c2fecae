package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;

/** {@code prefix}: terms that start with {@code value}, scored as a constant. */
public record Prefix(String field, String value, boolean caseInsensitive, float boost)
    implements Query.TermLevel {
  public Prefix {
    if (field == null || field.isEmpty()) {
      throw DuetException.illegalArgument("field name is null or empty");
    }
    if (value == null) {
      throw DuetException.illegalArgument("value cannot be null");
    }
  }
}
