package dev.duet.engine.internal.search;

import dev.duet.engine.index.StatsCounter;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.internal.stats.ShardCounters;
import java.util.List;

/**
 * Counts a search's phases on each index it ran on, as OpenSearch's {@code search} stats count them
 * per shard: {@code query_*} and {@code fetch_*}, also in each {@code stats} group the request
 * names. One start time serves every target; nothing is allocated.
 */
final class SearchCounting {
  private SearchCounting() {}

  /** Marks a phase under way on every target; returns its start. */
  static long begin(List<LuceneIndex> targets, List<String> groups, StatsCounter current) {
    for (int i = 0; i < targets.size(); i++) {
      ShardCounters counters = targets.get(i).counters();
      counters.increment(current);
      for (int g = 0; g < groups.size(); g++) {
        counters.group(groups.get(g)).increment(current);
      }
    }
    return System.nanoTime();
  }

  /** Ends a phase {@link #begin} started; {@code ok} false counts it failed (query phase). */
  static void end(
      List<LuceneIndex> targets, List<String> groups, boolean query, boolean ok, long start) {
    StatsCounter current = query ? StatsCounter.QUERY_CURRENT : StatsCounter.FETCH_CURRENT;
    StatsCounter total = query ? StatsCounter.QUERY_TOTAL : StatsCounter.FETCH_TOTAL;
    StatsCounter time = query ? StatsCounter.QUERY_TIME : StatsCounter.FETCH_TIME;
    long took = ok ? System.nanoTime() - start : 0;
    for (int i = 0; i < targets.size(); i++) {
      LuceneIndex target = targets.get(i);
      ShardCounters counters = target.counters();
      count(counters, ok, query, current, total, time, start);
      if (ok) {
        SearchSlowLog.phase(target.name(), target.metadata().settings(), query, took);
      }
      for (int g = 0; g < groups.size(); g++) {
        count(counters.group(groups.get(g)), ok, query, current, total, time, start);
      }
    }
  }

  private static void count(
      ShardCounters counters,
      boolean ok,
      boolean query,
      StatsCounter current,
      StatsCounter total,
      StatsCounter time,
      long start) {
    if (ok) {
      counters.end(current, total, time, start);
    } else {
      counters.decrement(current);
      if (query) {
        counters.increment(StatsCounter.QUERY_FAILED);
      }
    }
  }
}
