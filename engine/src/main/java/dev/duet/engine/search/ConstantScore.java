package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

/** {@code constant_score}: the filter's matches, each scoring the boost. */
public record ConstantScore(Query filter, float boost) implements Query.Compound {
  public ConstantScore {
    requireNonNull(filter, "filter");
  }
}
