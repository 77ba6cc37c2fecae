package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;

/** {@code exists}: documents with any indexed value for the field (or fields, for a pattern). */
public record Exists(String field, float boost) implements Query.TermLevel {
  public Exists {
    if (field == null) {
      throw DuetException.parsing("[exists] must be provided with a [field]");
    }
  }
}
