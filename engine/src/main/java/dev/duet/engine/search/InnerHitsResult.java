package dev.duet.engine.search;

import java.util.List;

/**
 * One named set of inner hits of a hit: how many objects matched, the best score ({@link Float#NaN}
 * when none or sorted by field), the page of them asked for, and the sort keys their sort values
 * follow (empty when by score).
 */
public record InnerHitsResult(
    SearchResponse.TotalHits totalHits, float maxScore, List<SearchHit> hits, List<SortSpec> sort) {
  public InnerHitsResult {
    hits = List.copyOf(hits);
    sort = List.copyOf(sort);
  }
}
