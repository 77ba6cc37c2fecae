package dev.duet.engine.internal.search;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.StatsCounter;
import dev.duet.engine.internal.agg.AggregationPhase;
import dev.duet.engine.internal.fetch.FetchSubPhases;
import dev.duet.engine.internal.query.ClockReads;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.internal.suggest.SuggestPhase;
import dev.duet.engine.search.Collapse;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchProfile;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.TrackTotalHits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.index.ExitableDirectoryReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopFieldDocs;
import org.apache.lucene.search.TotalHits;

/**
 * One search over resolved indices, in the phases OpenSearch users know: the query phase on each
 * index as on a shard, rescore included ({@link QueryPhase}); the merge of their top hits, ties
 * broken by index order then doc id, and the collapse ({@link Collapsing}); the fetch of the page
 * ({@link FetchPhase}, then {@link CollapseExpansion} for a collapse's inner hits); aggregations.
 * Repeated {@code size: 0} searches are answered from the {@link RequestCache}.
 */
public final class SearchPhase {

  private SearchPhase() {}

  public static SearchResponse execute(List<LuceneIndex> targets, SearchRequest request) {
    return execute(targets, Collections.nCopies(targets.size(), null), request);
  }

  public static SearchResponse execute(
      List<LuceneIndex> targets,
      List<dev.duet.engine.search.Query> aliasFilters,
      SearchRequest request) {
    return execute(
        targets,
        aliasFilters,
        request,
        SearcherSource.LIVE,
        null,
        AggregationPhase.DEFAULT_MAX_BUCKETS);
  }

  /**
   * A search on the live searchers, answered from and stored in {@code cache} when it may be, with
   * at most {@code maxBuckets} aggregation buckets.
   */
  public static SearchResponse execute(
      List<LuceneIndex> targets,
      List<dev.duet.engine.search.Query> aliasFilters,
      SearchRequest request,
      RequestCache cache,
      int maxBuckets) {
    return execute(targets, aliasFilters, request, SearcherSource.LIVE, cache, maxBuckets);
  }

  /**
   * The same search on the searchers {@code source} lends (a point in time's or a scroll's), from
   * the page start it keeps.
   */
  public static SearchResponse execute(
      List<LuceneIndex> targets,
      List<dev.duet.engine.search.Query> aliasFilters,
      SearchRequest request,
      SearcherSource source,
      int maxBuckets) {
    return execute(targets, aliasFilters, request, source, null, maxBuckets);
  }

  /**
   * {@code aliasFilters} has one entry per target: null, or the filter of the aliases the search
   * reached the target through, which its documents must also match. {@code cache} is null when the
   * search may not be cached.
   */
  private static SearchResponse execute(
      List<LuceneIndex> targets,
      List<dev.duet.engine.search.Query> aliasFilters,
      SearchRequest request,
      SearcherSource source,
      RequestCache cache,
      int maxBuckets) {
    long start = System.nanoTime();
    int from = request.from();
    int size = request.size();
    if (from < 0) {
      throw DuetException.illegalArgument("[from] parameter cannot be negative");
    }
    if (size < 0) {
      throw DuetException.illegalArgument(
          "[size] parameter cannot be negative, found [" + size + "]");
    }
    for (LuceneIndex target : targets) {
      SearchWindows.check(request, target);
    }
    TrackTotalHits track = request.trackTotalHits();
    int shards = 0;
    for (LuceneIndex target : targets) {
      shards += target.metadata().settings().numberOfShards();
    }
    if (targets.isEmpty()) {
      return new SearchResponse(
          tookMillis(start),
          false,
          0,
          track.enabled() ? new SearchResponse.TotalHits(0, "eq") : null,
          0f, // OpenSearch reports 0.0 when no shard took part
          List.of());
    }
    int numHits = (int) Math.max(1, (long) from + size);
    int threshold = track.enabled() ? track.upTo() : 0;
    IndexSearcher[] searchers = new IndexSearcher[targets.size()];
    RequestCache.Key cacheKey = null;
    List<String> groups = request.options().statsGroups();
    long queryStart = SearchCounting.begin(targets, groups, StatsCounter.QUERY_CURRENT);
    boolean inQuery = true; // the query phase counts until it ends, failed or not
    try {
      for (int i = 0; i < searchers.length; i++) {
        searchers[i] = source.acquire(targets.get(i));
      }
      if (cache != null && !request.controls().any()) {
        cacheKey = cache.key(targets, searchers, aliasFilters, request);
        SearchResponse cached = cacheKey == null ? null : cache.get(cacheKey);
        countCache(targets, cached != null);
        if (cached != null) {
          inQuery = false;
          SearchCounting.end(targets, groups, true, true, queryStart);
          return RequestCache.retimed(cached, tookMillis(start));
        }
      }
      ClockReads.begin();
      TopDocs[] results = new TopDocs[targets.size()];
      Query[] queries = new Query[targets.size()];
      SearchGuard guard = SearchGuard.of(request.controls().timeoutNanos(), start);
      LimitedCollection limited = new LimitedCollection(request.controls(), guard);
      // The query phase and aggregations read through searchers that stop at the guard; the
      // fetch reads the plain ones (OpenSearch's timeout covers the query phase) and checks the
      // caller between hits.
      IndexSearcher[] querying = guard.active() ? new IndexSearcher[searchers.length] : searchers;
      List<SearchProfile.Shard> profiles = new ArrayList<>();
      Collapse collapse = request.controls().collapse();
      TrackedScores tracked = request.options().trackScores() ? new TrackedScores() : null;
      if (collapse != null) {
        Collapsing.validate(collapse, targets);
      }
      QueryPhase queryPhase =
          new QueryPhase(request, source, guard, limited, tracked, numHits, threshold);
      queryPhase.run(targets, aliasFilters, searchers, querying, results, queries, profiles);
      List<dev.duet.engine.search.Query> models = queryPhase.models();
      Sort sort = queryPhase.sort();
      List<Object> collapseValues = new ArrayList<>();
      TopDocs merged =
          reduce(sort, from, size, results, collapse, targets, searchers, collapseValues);
      source.emitted(merged);
      guard.throwIfCancelled();
      inQuery = false;
      SearchCounting.end(targets, groups, true, true, queryStart);
      boolean fetching = merged.scoreDocs.length > 0; // OpenSearch skips an empty fetch
      long fetchStart =
          fetching
              ? SearchCounting.begin(targets, groups, StatsCounter.FETCH_CURRENT)
              : System.nanoTime();
      List<SearchHit> hits;
      boolean fetched = false;
      try {
        hits =
            FetchPhase.fetch(
                targets,
                searchers,
                merged,
                sort,
                request,
                FetchSubPhases.of(targets, searchers, queries, request),
                guard);
        fetched = true;
      } finally {
        if (fetching) {
          SearchCounting.end(targets, groups, false, fetched, fetchStart);
        }
      }
      if (collapse != null) {
        hits = Collapsing.withValues(hits, collapse.field(), collapseValues);
        SearcherSource lent = CollapseExpansion.lending(targets, searchers);
        hits =
            CollapseExpansion.expand(
                hits,
                collapseValues,
                collapse,
                request,
                group -> execute(targets, aliasFilters, group, lent, null, maxBuckets));
      }
      long fetchNanos = System.nanoTime() - fetchStart;
      AggregationTargets.Outcome aggregations =
          aggregate(targets, models, querying, request, maxBuckets, guard);
      Boolean terminatedEarly = aggregations.terminatedEarly(size);
      if (limited.terminatedEarly() != null) {
        terminatedEarly = limited.terminatedEarly() || Boolean.TRUE.equals(terminatedEarly);
      }
      SearchResponse response =
          new SearchResponse(
              tookMillis(start),
              limited.timedOut() || guard.expired(),
              shards,
              totalHits(track, results),
              size == 0
                  ? Float.NaN
                  : tracked != null && sort != null ? tracked.max() : maxScore(sort, results, hits),
              hits,
              aggregations.results(),
              terminatedEarly,
              request.controls().profile()
                  ? profile(aggregations.profiled(profiles), fetchNanos)
                  : null);
      if (request.suggest() != null) {
        response =
            response.withSuggest(
                SuggestPhase.run(request.suggest(), targets, searchers, request.source()));
      }
      if (cacheKey != null) {
        cache.put(cacheKey, response, ClockReads.end());
      }
      return response;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (IndexSearcher.TooManyClauses e) {
      throw targets.get(0).clauseLimit().searchFailure(e);
    } finally {
      if (inQuery) {
        SearchCounting.end(targets, groups, true, false, queryStart);
      }
      ClockReads.end();
      for (int i = 0; i < searchers.length; i++) {
        if (searchers[i] != null) {
          source.release(targets.get(i), searchers[i]);
        }
      }
    }
  }

  /** One request-cache look-up on each target, a hit or a miss. */
  private static void countCache(List<LuceneIndex> targets, boolean hit) {
    StatsCounter counter =
        hit ? StatsCounter.REQUEST_CACHE_HITS : StatsCounter.REQUEST_CACHE_MISSES;
    for (int i = 0; i < targets.size(); i++) {
      targets.get(i).counters().increment(counter);
    }
  }

  /**
   * The page of hits merged from every target's top documents; with a {@code collapse}, the
   * collapse phase: every collected match merged, then paged over groups, each group's value added
   * to {@code collapseValues}.
   */
  private static TopDocs reduce(
      Sort sort,
      int from,
      int size,
      TopDocs[] results,
      Collapse collapse,
      List<LuceneIndex> targets,
      IndexSearcher[] searchers,
      List<Object> collapseValues)
      throws IOException {
    if (collapse == null) {
      return merge(sort, from, size, results);
    }
    int collected = 0;
    for (TopDocs docs : results) {
      collected += docs.scoreDocs.length;
    }
    return Collapsing.page(
        merge(sort, 0, collected, results),
        from,
        size,
        collapse,
        targets,
        searchers,
        collapseValues);
  }

  /**
   * The aggregations through the guarded searchers: collection that runs out of time keeps what it
   * collected (as OpenSearch); a timeout before collection answers without aggregations.
   */
  private static AggregationTargets.Outcome aggregate(
      List<LuceneIndex> targets,
      List<dev.duet.engine.search.Query> models,
      IndexSearcher[] searchers,
      SearchRequest request,
      int maxBuckets,
      SearchGuard guard)
      throws IOException {
    guard.throwIfCancelled();
    try {
      AggregationTargets.Outcome outcome =
          AggregationTargets.execute(targets, models, searchers, request, maxBuckets);
      guard.throwIfCancelled();
      return outcome;
    } catch (ExitableDirectoryReader.ExitingReaderException e) {
      if (guard.cancelled()) {
        throw guard.cancelledFailure();
      }
      return AggregationTargets.Outcome.NONE;
    }
  }

  /** The shards' profiles; the fetch ran once for all of them, so each reports its time. */
  private static SearchProfile profile(List<SearchProfile.Shard> shards, long fetchNanos) {
    List<SearchProfile.Shard> out = new ArrayList<>(shards.size());
    for (SearchProfile.Shard s : shards) {
      out.add(
          new SearchProfile.Shard(
              s.node(),
              s.index(),
              s.query(),
              s.rewriteNanos(),
              s.collectors(),
              fetchNanos,
              s.aggregations()));
    }
    return new SearchProfile(out);
  }

  private static TopDocs merge(Sort sort, int from, int size, TopDocs[] results) {
    if (sort == null) {
      return TopDocs.merge(from, size, results);
    }
    TopFieldDocs[] fieldDocs = new TopFieldDocs[results.length];
    for (int i = 0; i < results.length; i++) {
      fieldDocs[i] = (TopFieldDocs) results[i];
    }
    try {
      return TopDocs.merge(sort, from, size, fieldDocs);
    } catch (ClassCastException | IllegalArgumentException e) {
      TopDocs widened = MixedNumericSort.merge(sort, from, size, fieldDocs);
      if (widened == null) {
        throw DuetException.illegalArgument(
            "Can't sort on fields mapped to different types in different indices");
      }
      return widened;
    }
  }

  private static SearchResponse.TotalHits totalHits(TrackTotalHits track, TopDocs[] results) {
    if (!track.enabled()) {
      return null;
    }
    long total = 0;
    boolean lowerBound = false;
    for (TopDocs docs : results) {
      total += docs.totalHits.value();
      lowerBound |= docs.totalHits.relation() == TotalHits.Relation.GREATER_THAN_OR_EQUAL_TO;
    }
    if (total > track.upTo() || lowerBound && total >= track.upTo()) {
      return new SearchResponse.TotalHits(track.upTo(), "gte");
    }
    return new SearchResponse.TotalHits(total, lowerBound ? "gte" : "eq");
  }

  private static float maxScore(Sort sort, TopDocs[] results, List<SearchHit> hits) {
    float max = Float.NaN;
    if (sort == null) {
      for (TopDocs docs : results) {
        if (docs.scoreDocs.length > 0 && !(docs.scoreDocs[0].score <= max)) {
          max = docs.scoreDocs[0].score;
        }
      }
      return max;
    }
    for (SearchHit hit : hits) {
      if (!Float.isNaN(hit.score()) && !(hit.score() <= max)) {
        max = hit.score();
      }
    }
    return max;
  }

  private static long tookMillis(long startNanos) {
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
  }
}
