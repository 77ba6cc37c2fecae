package dev.duet.engine.internal.search;

import dev.duet.engine.search.SearchProfile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.lucene.sandbox.search.AggregatedQueryLeafProfilerResult;
import org.apache.lucene.sandbox.search.QueryProfilerIndexSearcher;
import org.apache.lucene.sandbox.search.QueryProfilerResult;
import org.apache.lucene.search.IndexSearcher;

/**
 * Lucene's query profiler (sandbox) per index, turned into {@link SearchProfile}: the breakdown
 * keeps OpenSearch's nine timings and their counts (Lucene's extra {@code count} timing is left
 * out, OpenSearch has none).
 */
public final class QueryProfiles {
  /** OpenSearch's timings, each also reported with a {@code _count}. */
  private static final List<String> TIMINGS =
      List.of(
          "advance",
          "build_scorer",
          "compute_max_score",
          "create_weight",
          "match",
          "next_doc",
          "score",
          "set_min_competitive_score",
          "shallow_advance");

  private QueryProfiles() {}

  private static void add(Map<String, Long> breakdown, Map<String, Long> timings) {
    for (Map.Entry<String, Long> e : timings.entrySet()) {
      breakdown.computeIfPresent(e.getKey(), (k, v) -> v + e.getValue());
    }
  }

  /** A profiling searcher over {@code searcher}'s reader, scoring alike. */
  static QueryProfilerIndexSearcher profiling(IndexSearcher searcher) {
    QueryProfilerIndexSearcher profiler = new QueryProfilerIndexSearcher(searcher.getIndexReader());
    profiler.setSimilarity(searcher.getSimilarity());
    profiler.setQueryCache(null); // a cached query would not be measured
    return profiler;
  }

  static SearchProfile.Shard shard(
      String index,
      QueryProfilerIndexSearcher profiler,
      String collector,
      long collectorNanos,
      long fetchNanos) {
    List<SearchProfile.QueryNode> query = new ArrayList<>();
    // Null when the search stopped (its timeout passed) before this index was profiled.
    if (profiler != null) {
      for (QueryProfilerResult result : profiler.getProfileResult()) {
        query.add(node(result));
      }
    }
    return new SearchProfile.Shard(
        null,
        index,
        query,
        profiler == null ? 0 : profiler.getRewriteTime(),
        List.of(new SearchProfile.CollectorNode(collector, "search_top_hits", collectorNanos)),
        fetchNanos);
  }

  private static SearchProfile.QueryNode node(QueryProfilerResult result) {
    // Weight-level timings sit on the result, scorer-level ones per thread: summed here.
    Map<String, Long> breakdown = new TreeMap<>();
    for (String timing : TIMINGS) {
      breakdown.put(timing, 0L);
      breakdown.put(timing + "_count", 0L);
    }
    add(breakdown, result.getTimeBreakdown());
    for (AggregatedQueryLeafProfilerResult leaf : result.getAggregatedQueryLeafBreakdowns()) {
      add(breakdown, leaf.getTimeBreakdown());
    }
    List<SearchProfile.QueryNode> children = new ArrayList<>();
    for (QueryProfilerResult child : result.getProfiledChildren()) {
      children.add(node(child));
    }
    return new SearchProfile.QueryNode(
        result.getQueryName(),
        result.getDescription(),
        result.getTotalTime(),
        new LinkedHashMap<>(breakdown),
        children);
  }
}
