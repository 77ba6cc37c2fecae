package dev.duet.engine.search;

import dev.duet.engine.search.agg.AggregationResult;
import java.util.List;

/**
 * The answer to a {@link SearchRequest}. {@code totalHits} is null when tracking was disabled;
 * {@code maxScore} is NaN when there were no scores (rendered as null); {@code aggregations} is
 * empty when the request asked none; {@code profile} is null unless the request asked one. {@code
 * scrollId} and {@code pitId} name the scroll or point in time the search ran in (null: none).
 */
public record SearchResponse(
    long tookMillis,
    boolean timedOut,
    int totalShards,
    TotalHits totalHits,
    float maxScore,
    List<SearchHit> hits,
    List<AggregationResult> aggregations,
    Boolean terminatedEarly,
    SearchProfile profile,
    String scrollId,
    String pitId) {

  /** A response outside any scroll or point in time. */
  public SearchResponse(
      long tookMillis,
      boolean timedOut,
      int totalShards,
      TotalHits totalHits,
      float maxScore,
      List<SearchHit> hits,
      List<AggregationResult> aggregations,
      Boolean terminatedEarly,
      SearchProfile profile) {
    this(
        tookMillis,
        timedOut,
        totalShards,
        totalHits,
        maxScore,
        hits,
        aggregations,
        terminatedEarly,
        profile,
        null,
        null);
  }

  /** A response without a profile, outside any scroll or point in time. */
  public SearchResponse(
      long tookMillis,
      boolean timedOut,
      int totalShards,
      TotalHits totalHits,
      float maxScore,
      List<SearchHit> hits,
      List<AggregationResult> aggregations,
      Boolean terminatedEarly) {
    this(
        tookMillis,
        timedOut,
        totalShards,
        totalHits,
        maxScore,
        hits,
        aggregations,
        terminatedEarly,
        null,
        null,
        null);
  }

  /** A response without aggregations. */
  public SearchResponse(
      long tookMillis,
      boolean timedOut,
      int totalShards,
      TotalHits totalHits,
      float maxScore,
      List<SearchHit> hits) {
    this(tookMillis, timedOut, totalShards, totalHits, maxScore, hits, List.of(), null);
  }

  /**
   * This response as a page of the scroll {@code scrollId} or of the point in time {@code pitId}.
   */
  public SearchResponse withSession(String scrollId, String pitId) {
    return new SearchResponse(
        tookMillis,
        timedOut,
        totalShards,
        totalHits,
        maxScore,
        hits,
        aggregations,
        terminatedEarly,
        profile,
        scrollId,
        pitId);
  }

  /** This response with other hits. */
  public SearchResponse withHits(List<SearchHit> hits) {
    return new SearchResponse(
        tookMillis,
        timedOut,
        totalShards,
        totalHits,
        maxScore,
        hits,
        aggregations,
        terminatedEarly,
        profile,
        scrollId,
        pitId);
  }

  /** This response with another profile. */
  public SearchResponse withProfile(SearchProfile profile) {
    return new SearchResponse(
        tookMillis,
        timedOut,
        totalShards,
        totalHits,
        maxScore,
        hits,
        aggregations,
        terminatedEarly,
        profile,
        scrollId,
        pitId);
  }

  /** {@code relation} is {@code eq} or {@code gte}. */
  public record TotalHits(long value, String relation) {}
}
