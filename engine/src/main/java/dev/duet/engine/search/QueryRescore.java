package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.error.DuetException;

/**
 * One {@code rescore} step: the top {@code windowSize} hits of each index are scored again by
 * {@code query} and the two scores combined by {@code scoreMode} ({@code total}, {@code multiply},
 * {@code avg}, {@code max}, {@code min}) with their weights.
 */
public record QueryRescore(
    int windowSize, Query query, float queryWeight, float rescoreQueryWeight, String scoreMode) {
  public static final int DEFAULT_WINDOW_SIZE = 10;

  public QueryRescore {
    if (query == null) {
      throw DuetException.parsing("missing rescore type");
    }
    requireNonNull(scoreMode, "scoreMode");
  }
}
