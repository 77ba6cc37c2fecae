package dev.duet.engine.search;

import java.util.List;

/**
 * The answer to a {@link SearchRequest}. {@code totalHits} is null when tracking was disabled;
 * {@code maxScore} is NaN when there were no scores (rendered as null).
 */
public record SearchResponse(
    long tookMillis,
    boolean timedOut,
    int totalShards,
    TotalHits totalHits,
    float maxScore,
    List<SearchHit> hits) {

  /** {@code relation} is {@code eq} or {@code gte}. */
  public record TotalHits(long value, String relation) {}
}
