package dev.duet.engine.internal.search;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.meta.IndexSettingsRules;
import dev.duet.engine.internal.query.NestedQueries;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.QueryRescore;
import dev.duet.engine.search.SearchRequest;
import java.util.List;

/**
 * The per-index bounds on how much one search may ask for, checked before it runs, with
 * OpenSearch's words: {@code index.max_result_window}, {@code index.max_rescore_window}, {@code
 * index.max_inner_result_window} (nested inner hits and {@code top_hits}) and {@code
 * index.max_docvalue_fields_search}.
 */
public final class SearchWindows {
  private SearchWindows() {}

  static void check(SearchRequest request, LuceneIndex target) {
    long window = (long) request.from() + request.size();
    int maxResult = target.maxResultWindow();
    if (window > maxResult) {
      throw DuetException.illegalArgument(
          "Result window is too large, from + size must be less than or equal to: ["
              + maxResult
              + "] but was ["
              + window
              + "]. See the scroll api for a more efficient way to request large data sets."
              + " This limit can be set by changing the [index.max_result_window] index level"
              + " setting.");
    }
    int maxRescore = target.maxRescoreWindow();
    for (QueryRescore rescore : request.controls().rescore()) {
      if (rescore.windowSize() > maxRescore) {
        throw DuetException.illegalArgument(
            "Rescore window ["
                + rescore.windowSize()
                + "] is too large. It must be less than ["
                + maxRescore
                + "]. This prevents allocating massive heaps for storing the results to be"
                + " rescored. This limit can be set by changing the [index.max_rescore_window]"
                + " index level setting.");
      }
    }
    int maxInner = IndexSettingsRules.maxInnerResultWindow(target.metadata().settings());
    NestedQueries.forEachNested(
        request.query(),
        n -> {
          if (n.innerHits() != null) {
            long inner = (long) n.innerHits().from() + n.innerHits().size();
            if (inner > maxInner) {
              throw DuetException.illegalArgument(
                  "Inner result window is too large, the inner hit definition's ["
                      + n.innerHits().name()
                      + "]'s from + size must be less than or equal to: ["
                      + maxInner
                      + "] but was ["
                      + inner
                      + "]. This limit can be set by changing the [index.max_inner_result_window]"
                      + " index level setting.");
            }
          }
        });
    checkTopHits(request.aggregations(), maxInner);
    int maxDocvalueFields =
        IndexSettingsRules.maxDocvalueFieldsSearch(target.metadata().settings());
    int docvalueFields = request.fetch().docvalueFields().size();
    if (docvalueFields > maxDocvalueFields) {
      throw DuetException.illegalArgument(
          "Trying to retrieve too many docvalue_fields. Must be less than or equal to: ["
              + maxDocvalueFields
              + "] but was ["
              + docvalueFields
              + "]. This limit can be set by changing the [index.max_docvalue_fields_search]"
              + " index level setting.");
    }
  }

  private static void checkTopHits(List<Aggregation> aggregations, int maxInner) {
    for (Aggregation a : aggregations) {
      if (Aggregation.bare(a) instanceof Aggregation.TopHits t) {
        long window = (long) t.from() + t.size();
        if (window > maxInner) {
          throw DuetException.illegalArgument(
              "Top hits result window is too large, the top hits aggregator ["
                  + t.name()
                  + "]'s from + size must be less than or equal to: ["
                  + maxInner
                  + "] but was ["
                  + window
                  + "]. This limit can be set by changing the [index.max_inner_result_window]"
                  + " index level setting.");
        }
      }
      checkTopHits(a.subAggregations(), maxInner);
    }
  }
}
