package dev.duet.engine.internal.search;

import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.search.IndexSearcher;

/**
 * Answers a search from the request cache without searching, refreshing or waiting, so that a
 * transport can try it on its I/O thread and hand only the misses to a thread that may block: a
 * cached answer then costs no thread hand-off, which is most of its latency. It looks up exactly
 * the key {@link SearchPhase} would, on the same current readers; anything else (no cache, a
 * search-idle index that must refresh first, a miss) is null, and the search runs as usual.
 */
public final class CachedAnswers {
  private CachedAnswers() {}

  /**
   * Whether {@link #lookup} could find anything for {@code request}: checked before its indices are
   * resolved, so that a search the cache never holds costs its caller nothing here.
   */
  public static boolean worthLooking(SearchRequest request, RequestCache cache) {
    return cache != null && !request.controls().any() && cache.mayHold(request);
  }

  /** The cached answer to {@code request} on {@code targets}' current readers, or null. */
  public static SearchResponse lookup(
      List<LuceneIndex> targets,
      List<dev.duet.engine.search.Query> aliasFilters,
      SearchRequest request,
      RequestCache cache) {
    if (targets.isEmpty() || !worthLooking(request, cache)) {
      return null;
    }
    long start = System.nanoTime();
    IndexSearcher[] searchers = new IndexSearcher[targets.size()];
    try {
      for (int i = 0; i < searchers.length; i++) {
        searchers[i] = targets.get(i).acquireSearcherIfRefreshed();
        if (searchers[i] == null) {
          return null; // search-idle: the search must refresh first, which blocks
        }
      }
      RequestCache.Key key = cache.key(targets, searchers, aliasFilters, request);
      SearchResponse cached = key == null ? null : cache.getIfPresent(key);
      return cached == null
          ? null
          : RequestCache.retimed(cached, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
    } finally {
      for (int i = 0; i < searchers.length; i++) {
        if (searchers[i] != null) {
          targets.get(i).releaseSearcher(searchers[i]);
        }
      }
    }
  }
}
