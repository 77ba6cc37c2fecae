package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A search's {@code collapse}: one hit per value of a single-valued keyword or numeric {@code
 * field}, the best by the search's sort; each hit shows its value under {@code fields}. Each of
 * {@code innerHits} expands every kept hit with the best hits of its group, under its name, as
 * OpenSearch's expand phase does.
 */
public record Collapse(String field, List<InnerHits> innerHits) {
  public Collapse {
    requireNonNull(field, "field");
    innerHits = innerHits == null ? List.of() : List.copyOf(innerHits);
  }

  /** A collapse without inner hits. */
  public Collapse(String field) {
    this(field, List.of());
  }
}
