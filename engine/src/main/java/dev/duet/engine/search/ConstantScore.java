package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;

/** {@code constant_score}: the filter's matches, each scoring the boost. */
public record ConstantScore(Query filter, float boost) implements Query.Compound {
  public ConstantScore {
    if (filter == null) {
      throw DuetException.parsing("[constant_score] requires a 'filter' element");
    }
  }
}
