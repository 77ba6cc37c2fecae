package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.breaker.BreakerLimits;

/**
 * The node-level search limits that OpenSearch lets {@code PUT _cluster/settings} change live:
 * {@code search.max_buckets}, {@code indices.query.bool.max_clause_count} and the scroll and point
 * in time limits of {@link SessionLimits}, the circuit breakers' {@link BreakerLimits} and {@code
 * search.allow_expensive_queries}.
 */
public record NodeLimits(
    int maxBuckets,
    int maxClauseCount,
    SessionLimits sessions,
    BreakerLimits breakers,
    boolean allowExpensiveQueries) {
  /** With OpenSearch's default breaker limits. */
  public NodeLimits(int maxBuckets, int maxClauseCount, SessionLimits sessions) {
    this(maxBuckets, maxClauseCount, sessions, BreakerLimits.DEFAULTS);
  }

  /** Allowing expensive queries, as OpenSearch does by default. */
  public NodeLimits(
      int maxBuckets, int maxClauseCount, SessionLimits sessions, BreakerLimits breakers) {
    this(maxBuckets, maxClauseCount, sessions, breakers, true);
  }

  public NodeLimits {
    if (maxBuckets < 0) {
      throw new IllegalArgumentException("maxBuckets: " + maxBuckets + " (expected: >= 0)");
    }
    if (maxClauseCount < 1) {
      throw new IllegalArgumentException("maxClauseCount: " + maxClauseCount + " (expected: >= 1)");
    }
    requireNonNull(sessions, "sessions");
    requireNonNull(breakers, "breakers");
  }

  public NodeLimits withBreakers(BreakerLimits breakers) {
    return new NodeLimits(maxBuckets, maxClauseCount, sessions, breakers, allowExpensiveQueries);
  }

  /** {@code search.allow_expensive_queries}: false refuses the queries OpenSearch refuses then. */
  public NodeLimits withAllowExpensiveQueries(boolean allow) {
    return new NodeLimits(maxBuckets, maxClauseCount, sessions, breakers, allow);
  }
}
