package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;
import java.util.List;
import java.util.Objects;

/**
 * What narrows a search's hits beyond its query: {@code minScore} (null: none), {@code postFilter}
 * (null: none; filters hits after aggregations saw them) and {@code searchAfter} (empty: from the
 * start; the sort values of the last hit of the previous page, as the client sent them); and {@code
 * requestCache}, the {@code request_cache} parameter (null: the index's default, which caches
 * {@code size: 0} searches); {@code trackScores}: hits sorted by fields still carry their scores;
 * {@code slice} (null: none) keeps one slice of a scroll's or point in time's documents; {@code
 * indicesBoost} multiplies the scores of each index's hits, the first entry whose index expression
 * names the index winning; {@code statsGroups} (the body's {@code stats}) names the groups whose
 * search figures in {@code _stats} this search also counts in; {@code searchPipeline} the search
 * pipeline it names ({@code search_pipeline}; null: the index's default, {@code _none}: none).
 */
public record SearchOptions(
    Float minScore,
    Query postFilter,
    List<Object> searchAfter,
    Boolean requestCache,
    boolean trackScores,
    Slice slice,
    List<IndexBoost> indicesBoost,
    List<String> statsGroups,
    String searchPipeline) {
  public static final SearchOptions NONE = new SearchOptions(null, null, List.of());

  /** One {@code indices_boost} entry: an index name, alias or wildcard expression and its boost. */
  public record IndexBoost(String index, float boost) {
    public IndexBoost {
      java.util.Objects.requireNonNull(index, "index");
    }
  }

  /** Options naming no search pipeline. */
  public SearchOptions(
      Float minScore,
      Query postFilter,
      List<Object> searchAfter,
      Boolean requestCache,
      boolean trackScores,
      Slice slice,
      List<IndexBoost> indicesBoost,
      List<String> statsGroups) {
    this(
        minScore,
        postFilter,
        searchAfter,
        requestCache,
        trackScores,
        slice,
        indicesBoost,
        statsGroups,
        null);
  }

  /** These options naming the search pipeline {@code id} (null: the index's default). */
  public SearchOptions withSearchPipeline(String id) {
    return new SearchOptions(
        minScore,
        postFilter,
        searchAfter,
        requestCache,
        trackScores,
        slice,
        indicesBoost,
        statsGroups,
        id);
  }

  /** Options with every component but {@code indicesBoost}. */
  public SearchOptions(
      Float minScore,
      Query postFilter,
      List<Object> searchAfter,
      Boolean requestCache,
      boolean trackScores,
      Slice slice) {
    this(minScore, postFilter, searchAfter, requestCache, trackScores, slice, List.of());
  }

  public SearchOptions {
    if (searchAfter != null && searchAfter.stream().anyMatch(Objects::isNull)) {
      // OpenSearch places a null after the missing values; Duet's search_after has no such slot.
      throw DuetException.illegalArgument("[search_after] does not support null values");
    }
    searchAfter = searchAfter == null ? List.of() : List.copyOf(searchAfter);
    indicesBoost = indicesBoost == null ? List.of() : List.copyOf(indicesBoost);
    statsGroups = statsGroups == null ? List.of() : List.copyOf(statsGroups);
  }

  /** Options with every component but {@code statsGroups}. */
  public SearchOptions(
      Float minScore,
      Query postFilter,
      List<Object> searchAfter,
      Boolean requestCache,
      boolean trackScores,
      Slice slice,
      List<IndexBoost> indicesBoost) {
    this(
        minScore,
        postFilter,
        searchAfter,
        requestCache,
        trackScores,
        slice,
        indicesBoost,
        List.of());
  }

  /** These options with the {@code stats} groups a search counts in. */
  public SearchOptions withStatsGroups(List<String> statsGroups) {
    return new SearchOptions(
        minScore,
        postFilter,
        searchAfter,
        requestCache,
        trackScores,
        slice,
        indicesBoost,
        statsGroups,
        searchPipeline);
  }

  /** Options without a slice. */
  public SearchOptions(
      Float minScore,
      Query postFilter,
      List<Object> searchAfter,
      Boolean requestCache,
      boolean trackScores) {
    this(minScore, postFilter, searchAfter, requestCache, trackScores, null);
  }

  /** Options that do not track scores under a field sort. */
  public SearchOptions(
      Float minScore, Query postFilter, List<Object> searchAfter, Boolean requestCache) {
    this(minScore, postFilter, searchAfter, requestCache, false);
  }

  /** Options with the index's default request caching. */
  public SearchOptions(Float minScore, Query postFilter, List<Object> searchAfter) {
    this(minScore, postFilter, searchAfter, null);
  }

  /** These options with {@code request_cache} set (null: the index's default). */
  public SearchOptions withRequestCache(Boolean requestCache) {
    return new SearchOptions(
        minScore,
        postFilter,
        searchAfter,
        requestCache,
        trackScores,
        slice,
        indicesBoost,
        statsGroups,
        searchPipeline);
  }

  /** These options with {@code track_scores} set. */
  public SearchOptions withTrackScores(boolean trackScores) {
    return new SearchOptions(
        minScore,
        postFilter,
        searchAfter,
        requestCache,
        trackScores,
        slice,
        indicesBoost,
        statsGroups,
        searchPipeline);
  }

  /** These options with a {@code slice} (null: none). */
  public SearchOptions withSlice(Slice slice) {
    return new SearchOptions(
        minScore,
        postFilter,
        searchAfter,
        requestCache,
        trackScores,
        slice,
        indicesBoost,
        statsGroups,
        searchPipeline);
  }

  /** These options with {@code indices_boost} entries, in request order. */
  public SearchOptions withIndicesBoost(List<IndexBoost> indicesBoost) {
    return new SearchOptions(
        minScore,
        postFilter,
        searchAfter,
        requestCache,
        trackScores,
        slice,
        indicesBoost,
        statsGroups,
        searchPipeline);
  }

  /** The boost of index {@code name}: the first entry for it, else 1. */
  public float indexBoost(String name) {
    for (IndexBoost b : indicesBoost) {
      if (b.index().equals(name)) {
        return b.boost();
      }
    }
    return 1f;
  }
}
