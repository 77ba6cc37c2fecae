package dev.duet.engine.search;

import java.util.List;

/**
 * One named set of inner hits of a hit: how many objects matched, the best score ({@link Float#NaN}
 * when none or sorted by field) and the page of them asked for.
 */
public record InnerHitsResult(
    SearchResponse.TotalHits totalHits, float maxScore, List<SearchHit> hits) {
  public InnerHitsResult {
    hits = List.copyOf(hits);
  }
}
