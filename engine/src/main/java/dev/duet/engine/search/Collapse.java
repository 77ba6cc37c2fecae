package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.error.DuetException;
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

  /**
   * {@code max_concurrent_group_searches}, checked as OpenSearch checks it and otherwise unused
   * (the expansion runs each group's search in turn).
   */
  public static int checkMaxConcurrentGroupSearches(int value) {
    if (value <= 0) {
      throw DuetException.illegalArgument("maxConcurrentGroupRequests` must be positive");
    }
    return value;
  }

  /** A collapse without inner hits. */
  public Collapse(String field) {
    this(field, List.of());
  }
}
