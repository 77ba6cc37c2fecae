package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

/**
 * A search's {@code collapse}: one hit per value of a single-valued keyword or numeric {@code
 * field}, the best by the search's sort; each hit shows its value under {@code fields}.
 */
public record Collapse(String field) {
  public Collapse {
    requireNonNull(field, "field");
  }
}
