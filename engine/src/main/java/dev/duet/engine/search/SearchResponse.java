package dev.duet.engine.search;

import java.util.List;
import java.util.function.Consumer;

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
    String pitId,
    List<SuggestResult> suggest) {

  /** A response without suggestions. */
  public SearchResponse(
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
        scrollId,
        pitId,
        null);
  }

  /** This response with the suggesters' answers (null: none asked), by suggester name. */
  public SearchResponse withSuggest(List<SuggestResult> suggest) {
    return edit(c -> c.suggest = suggest);
  }

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
    return edit(
        c -> {
          c.scrollId = scrollId;
          c.pitId = pitId;
        });
  }

  /** This response with other hits. */
  public SearchResponse withHits(List<SearchHit> hits) {
    return edit(c -> c.hits = hits);
  }

  /** This response with another profile. */
  public SearchResponse withProfile(SearchProfile profile) {
    return edit(c -> c.profile = profile);
  }

  /** A copy of this response with {@code change} applied to its components. */
  private SearchResponse edit(Consumer<Components> change) {
    Components c = new Components(this);
    change.accept(c);
    return c.response();
  }

  /** The record's components as fields, so that each {@code with*} copy names only its own. */
  private static final class Components {
    long tookMillis;
    boolean timedOut;
    int totalShards;
    TotalHits totalHits;
    float maxScore;
    List<SearchHit> hits;
    List<AggregationResult> aggregations;
    Boolean terminatedEarly;
    SearchProfile profile;
    String scrollId;
    String pitId;
    List<SuggestResult> suggest;

    Components(SearchResponse r) {
      tookMillis = r.tookMillis;
      timedOut = r.timedOut;
      totalShards = r.totalShards;
      totalHits = r.totalHits;
      maxScore = r.maxScore;
      hits = r.hits;
      aggregations = r.aggregations;
      terminatedEarly = r.terminatedEarly;
      profile = r.profile;
      scrollId = r.scrollId;
      pitId = r.pitId;
      suggest = r.suggest;
    }

    SearchResponse response() {
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
          pitId,
          suggest);
    }
  }

  /** {@code relation} is {@code eq} or {@code gte}. */
  public record TotalHits(long value, String relation) {}
}
