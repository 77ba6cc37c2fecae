package dev.duet.engine.search;

import java.util.List;

/** {@code dis_max}: the best clause's score plus {@code tieBreaker} times the others'. */
public record DisMax(List<Query> queries, float tieBreaker, float boost) implements Query.Compound {
  public DisMax {
    queries = List.copyOf(queries);
  }
}
