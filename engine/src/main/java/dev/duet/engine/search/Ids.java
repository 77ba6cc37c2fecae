package dev.duet.engine.search;

import java.util.List;

/** {@code ids}: documents by {@code _id}, each scoring the boost. */
public record Ids(List<String> values, float boost) implements Query.TermLevel {
  public Ids {
    values = List.copyOf(values);
  }
}
