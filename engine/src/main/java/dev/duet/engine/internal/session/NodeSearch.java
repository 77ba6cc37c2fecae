package dev.duet.engine.internal.session;

import dev.duet.engine.breaker.CircuitBreakers;
import dev.duet.engine.breaker.RequestMemory;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.internal.admin.NodeIndices;
import dev.duet.engine.internal.query.SliceQuery;
import dev.duet.engine.internal.search.CachedAnswers;
import dev.duet.engine.internal.search.ExplainPhase;
import dev.duet.engine.internal.search.RequestCache;
import dev.duet.engine.internal.search.SearchPhase;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.search.ExplainResult;
import dev.duet.engine.search.NodeLimits;
import dev.duet.engine.search.PointInTime;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchOptions;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SessionLimits;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The node's search calls: one-off searches (through the request cache and the request breaker),
 * scrolls and points in time, and {@code _explain}.
 */
public final class NodeSearch implements AutoCloseable {
  private final NodeIndices indices;
  private final SearchSessions sessions;
  private final RequestCache requestCache = RequestCache.withDefaultSize();
  private final CircuitBreakers breakers = new CircuitBreakers();
  private volatile int maxBuckets;
  private volatile dev.duet.engine.internal.ingest.NodePipelines pipelines;

  /**
   * Searches over the indices of {@code indices}; scrolls and points in time live within {@code
   * limits}, expire on {@code clock}, and are reaped on the registry's scheduler.
   */
  public NodeSearch(
      NodeIndices indices, SessionLimits limits, InstantSource clock, int maxBuckets) {
    this.indices = indices;
    this.maxBuckets = maxBuckets;
    this.sessions = new SearchSessions(clock, limits, maxBuckets, this::targets);
    indices.onDelete(sessions::indexDeleted);
    indices
        .scheduler()
        .scheduleWithFixedDelay(
            sessions::reap,
            limits.reapIntervalMillis(),
            limits.reapIntervalMillis(),
            TimeUnit.MILLISECONDS);
  }

  /** The node's search pipelines, which searches run through ({@code search_pipeline}). */
  public void runPipelinesOf(dev.duet.engine.internal.ingest.NodePipelines pipelines) {
    this.pipelines = pipelines;
  }

  /** Applies the search side of new node limits (sessions, buckets, breakers). */
  public void applyLimits(NodeLimits limits) {
    sessions.apply(limits.sessions(), limits.maxBuckets());
    maxBuckets = limits.maxBuckets();
    breakers.apply(limits.breakers());
  }

  /** The node's circuit breakers. */
  public CircuitBreakers breakers() {
    return breakers;
  }

  /** {@code _search}: a one-off search, or the next step of a scroll or point in time. */
  public SearchResponse search(SearchRequest request) {
    // What the search holds (buckets, top hits, fetched hits) is on the request breaker until
    // it returns or fails.
    try (RequestMemory memory = breakers.openRequest()) {
      if (request.session() != null) {
        return sessions.search(request);
      }
      SearchSessions.checkShardDoc(request);
      SliceQuery.requireSession(request);
      SearchSessions.Targets targets = targets(request.indices(), request.indicesOptions());
      dev.duet.engine.internal.ingest.SearchPipeline pipeline = pipeline(request, targets);
      if (pipeline == null) {
        return SearchPhase.execute(
            targets.indices(),
            targets.filters(),
            withIndexBoosts(request),
            requestCache,
            maxBuckets);
      }
      dev.duet.engine.internal.ingest.SearchPipeline.Run run = pipeline.start(request);
      return run.response(
          SearchPhase.execute(
              targets.indices(),
              targets.filters(),
              withIndexBoosts(run.request()),
              requestCache,
              maxBuckets));
    }
  }

  /** The search pipeline {@code request} runs through, or null. */
  private dev.duet.engine.internal.ingest.SearchPipeline pipeline(
      SearchRequest request, SearchSessions.Targets targets) {
    dev.duet.engine.internal.ingest.NodePipelines node = pipelines;
    if (node == null) {
      return null;
    }
    return node.forSearch(
        request.options().searchPipeline(),
        targets.indices().size() == 1 ? targets.indices().get(0).metadata().settings() : null);
  }

  /**
   * The request with its {@code indices_boost} expressions resolved to index names, each index
   * keeping the boost of the first entry that names it (a name nothing matches is the request's
   * {@code index_not_found_exception} unless its indices options ignore it), as OpenSearch resolves
   * them.
   */
  private SearchRequest withIndexBoosts(SearchRequest request) {
    List<SearchOptions.IndexBoost> given = request.options().indicesBoost();
    if (given.isEmpty()) {
      return request;
    }
    java.util.Map<String, Float> resolved = new java.util.LinkedHashMap<>();
    for (SearchOptions.IndexBoost b : given) {
      for (String name :
          indices.resolver().resolveNames(List.of(b.index()), request.indicesOptions())) {
        resolved.putIfAbsent(name, b.boost());
      }
    }
    List<SearchOptions.IndexBoost> concrete = new java.util.ArrayList<>();
    resolved.forEach((name, boost) -> concrete.add(new SearchOptions.IndexBoost(name, boost)));
    return request.withOptions(request.options().withIndicesBoost(concrete));
  }

  /** A cached answer to {@code request} without searching, or null. */
  public SearchResponse cachedSearch(SearchRequest request) {
    if (request.session() != null || !CachedAnswers.worthLooking(request, requestCache)) {
      return null;
    }
    SearchSessions.Targets targets;
    try {
      targets = targets(request.indices(), request.indicesOptions());
    } catch (DuetException e) {
      return null; // the search itself reports it
    }
    try {
      if (pipeline(request, targets) != null) {
        return null; // the search runs its pipeline
      }
    } catch (DuetException e) {
      return null; // the search itself reports it
    }
    return CachedAnswers.lookup(targets.indices(), targets.filters(), request, requestCache);
  }

  /** {@code _explain} of one document against {@code query}. */
  public ExplainResult explain(String index, String id, Query query) {
    String concrete = indices.resolver().resolveRead(index);
    LuceneIndex target = indices.get(concrete == null ? index : concrete);
    if (target == null) {
      indices.checkNotClosed(concrete == null ? index : concrete);
    }
    if (target == null && indices.failed().contains(index)) {
      throw indices.failed().unavailable(index);
    }
    if (target == null) {
      // A single-document API: OpenSearch resolves an index expression.
      throw DuetException.indexNotFound(index, "index_expression");
    }
    return ExplainPhase.explain(target, id, query);
  }

  /** The node's request cache statistics (what {@code _stats/request_cache} sums). */
  /**
   * Drops every cached answer ({@code _cache/clear}): the cache keys entries by reader, not by
   * index, so all go; they are refilled by the next searches.
   */
  public void clearRequestCache() {
    requestCache.clear();
  }

  public RequestCache.Stats requestCacheStats() {
    return requestCache.stats();
  }

  /** {@code POST <indices>/_search/point_in_time}. */
  public PointInTime createPit(List<String> names, IndicesOptions options, String keepAlive) {
    return sessions.createPit(names, options, keepAlive);
  }

  /** {@code DELETE _search/point_in_time}. */
  public List<String> deletePits(List<String> ids) {
    return sessions.deletePits(ids);
  }

  /** {@code DELETE _search/point_in_time/_all}. */
  public List<String> deleteAllPits() {
    return sessions.deleteAllPits();
  }

  /** {@code GET _search/point_in_time/_all}. */
  public List<PointInTime> pits() {
    return sessions.pits();
  }

  /** {@code _search/scroll}. */
  public SearchResponse scroll(String scrollId, String keepAlive) {
    return sessions.scroll(scrollId, keepAlive);
  }

  /** {@code DELETE _search/scroll}: the given scrolls, or all of them when {@code ids} is null. */
  public int clearScrolls(List<String> ids) {
    if (ids == null) {
      sessions.clearAllScrolls();
      return 1; // OpenSearch counts the nodes that cleared all their scrolls: this one
    }
    return sessions.clearScrolls(ids);
  }

  /** The node's scrolls and points in time. */
  public SearchSessions sessions() {
    return sessions;
  }

  /** The open indices a search names, each with its alias filter. */
  private SearchSessions.Targets targets(List<String> names, IndicesOptions options) {
    NodeIndices.Targets targets = indices.targets(names, options);
    for (var index : targets.indices()) {
      dev.duet.engine.internal.meta.IndexBlocks.checkRead(
          index.name(), index.metadata().settings());
    }
    return new SearchSessions.Targets(targets.indices(), targets.filters());
  }

  /** Releases every scroll and point in time. */
  @Override
  public void close() {
    sessions.close();
  }
}
