package dev.duet.engine.search;

import java.util.List;

/**
 * How a search's query phase collects: {@code terminateAfter} (0: no limit) stops collecting after
 * that many documents per index, and the response says {@code terminated_early}; {@code
 * timeoutNanos} (0: none) returns what was collected when time runs out, with {@code timed_out:
 * true}; {@code collapse} (null: none) keeps one hit per value of a field; {@code rescore} scores
 * the top hits again, step by step; {@code profile} measures the query phase ({@link
 * SearchProfile}).
 */
public record QueryControls(
    int terminateAfter,
    long timeoutNanos,
    Collapse collapse,
    List<QueryRescore> rescore,
    boolean profile) {
  public static final QueryControls NONE = new QueryControls(0, 0, null, List.of(), false);

  /**
   * Controls as a client gives them: a {@code terminate_after} or {@code timeout} of zero or less
   * is none; {@link #NONE} when nothing is asked.
   */
  public static QueryControls of(
      int terminateAfter,
      long timeoutNanos,
      Collapse collapse,
      List<QueryRescore> rescore,
      boolean profile) {
    if (terminateAfter <= 0
        && timeoutNanos <= 0
        && collapse == null
        && rescore.isEmpty()
        && !profile) {
      return NONE;
    }
    return new QueryControls(
        Math.max(0, terminateAfter), Math.max(0, timeoutNanos), collapse, rescore, profile);
  }

  /** Controls without profiling. */
  public QueryControls(
      int terminateAfter, long timeoutNanos, Collapse collapse, List<QueryRescore> rescore) {
    this(terminateAfter, timeoutNanos, collapse, rescore, false);
  }

  public QueryControls {
    rescore = List.copyOf(rescore);
    if (collapse != null && !rescore.isEmpty()) {
      // OpenSearch's shard refuses this with a 500; its words, as the client's error.
      throw new dev.duet.engine.error.DuetException(
          400, "search_exception", "cannot use `collapse` in conjunction with `rescore`");
    }
    if (terminateAfter < 0) {
      throw new IllegalArgumentException("terminateAfter: " + terminateAfter + " (expected: >= 0)");
    }
    if (timeoutNanos < 0) {
      throw new IllegalArgumentException("timeoutNanos: " + timeoutNanos + " (expected: >= 0)");
    }
  }

  /** Whether any control is set. */
  public boolean any() {
    return terminateAfter > 0
        || timeoutNanos > 0
        || collapse != null
        || !rescore.isEmpty()
        || profile;
  }
}
