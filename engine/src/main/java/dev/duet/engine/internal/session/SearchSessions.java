package dev.duet.engine.internal.session;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.error.RequestRefused;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.internal.sort.SortBuilder;
import dev.duet.engine.search.PointInTime;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SearchSession;
import dev.duet.engine.search.SessionLimits;
import dev.duet.engine.search.SortSpec;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The open scrolls and points in time of a node: each a {@link ReaderLease} kept alive for a while
 * past its last use. Owns the leases' lifetimes: creation within the open-context limits, expiry
 * (checked on every use, and swept by {@link #reap}), deletion by id, release when an index is
 * deleted, and release of everything on {@link #close}. Time comes from an injectable clock.
 */
public final class SearchSessions implements AutoCloseable {
  private final Map<Long, OpenSession> contexts = new ConcurrentHashMap<>();
  private final AtomicLong contextIds = new AtomicLong();
  private final AtomicInteger openScrolls = new AtomicInteger();
  private final AtomicInteger openPits = new AtomicInteger();
  private final InstantSource clock;
  // Volatile: PUT _cluster/settings changes them live (apply); a session already open keeps going.
  private volatile SessionLimits limits;
  private volatile int maxBuckets;
  private final Resolver resolver;

  /** {@code maxBuckets} is the node's {@code search.max_buckets}, for searches in a session. */
  public SearchSessions(
      InstantSource clock, SessionLimits limits, int maxBuckets, Resolver resolver) {
    this.clock = requireNonNull(clock, "clock");
    this.limits = requireNonNull(limits, "limits");
    this.maxBuckets = maxBuckets;
    this.resolver = requireNonNull(resolver, "resolver");
  }

  /** The node's new limits; the reap interval stays the one the engine was opened with. */
  public void apply(SessionLimits limits, int maxBuckets) {
    this.limits = requireNonNull(limits, "limits");
    this.maxBuckets = maxBuckets;
  }

  /** Resolves index expressions to open indices and their alias filters. */
  public interface Resolver {
    Targets resolve(List<String> indices, IndicesOptions options);
  }

  /** Open indices, each with the filter of the aliases it was reached through (or null). */
  public record Targets(List<LuceneIndex> indices, List<dev.duet.engine.search.Query> filters) {}

  /** OpenSearch refuses {@code _shard_doc} in a search outside a point in time. */
  public static void checkShardDoc(SearchRequest request) {
    if (request.session() != null && request.session().isPit()) {
      return;
    }
    for (SortSpec spec : request.sort()) {
      if (spec.field().equals(SortBuilder.SHARD_DOC)) {
        throw SessionFailures.validation(
            "_shard_doc is only supported with point-in-time (PIT). Add a PIT or remove"
                + " _shard_doc.");
      }
    }
  }

  public PointInTime createPit(List<String> indices, IndicesOptions options, String keepAlive) {
    if (keepAlive == null) {
      throw SessionFailures.validation("keep alive not specified");
    }
    long keepAliveMillis = KeepAlives.parse(keepAlive, "keep_alive");
    if (keepAliveMillis > limits.pitMaxKeepAliveMillis()) {
      throw KeepAlives.tooLarge(
          keepAliveMillis, limits.pitMaxKeepAliveMillis(), "point_in_time.max_keep_alive");
    }
    Targets targets = resolver.resolve(indices, options);
    String first = targets.indices().isEmpty() ? null : targets.indices().get(0).name();
    if (openPits.incrementAndGet() > limits.maxOpenPits()) {
      openPits.decrementAndGet();
      throw SessionFailures.tooManyPits(limits.maxOpenPits(), first);
    }
    OpenSession session;
    try {
      session = open(SessionIds.PIT, targets, keepAliveMillis, null);
    } catch (RuntimeException e) {
      openPits.decrementAndGet();
      throw e;
    }
    return session.describe();
  }

  /** Searches in a point in time, or opens a scroll and returns its first page. */
  public SearchResponse search(SearchRequest request) {
    SearchSession ask = request.session();
    if (ask.isPit() && ask.isScroll()) {
      throw SessionFailures.validation("using [point in time] is not allowed in a scroll context");
    }
    checkShardDoc(request);
    return ask.isPit() ? searchPit(request, ask) : openScroll(request, ask.scroll());
  }

  /**
   * The next page of a scroll; with {@code keepAlive} null it is the last page: the scroll is freed
   * and the page carries no scroll id, as in OpenSearch.
   */
  public SearchResponse scroll(String scrollId, String keepAlive) {
    if (scrollId == null || scrollId.isEmpty()) {
      throw SessionFailures.validation("scrollId is missing");
    }
    OpenSession session = require(scrollId, SessionIds.SCROLL);
    long keepAliveMillis = keepAlive == null ? -1 : scrollKeepAlive(keepAlive, session);
    SearchResponse page;
    synchronized (session) {
      if (keepAliveMillis >= 0) {
        session.keepAliveMillis = keepAliveMillis;
      }
      session.touch(clock.millis());
      SearchRequest next =
          new SearchRequest(
              List.of(),
              session.request.query(),
              0,
              session.cursor.exhausted() ? 0 : session.request.size(),
              session.request.sort(),
              session.request.source(),
              session.request.trackTotalHits(),
              List.of(),
              session.request.options(),
              session.request.indicesOptions());
      page = session.lease.search(next, session.cursor, maxBuckets);
      // As OpenSearch: every page reports the first page's total and max score.
      page =
          new SearchResponse(
              page.tookMillis(),
              page.timedOut(),
              page.totalShards(),
              session.firstPage.totalHits(),
              session.firstPage.maxScore(),
              page.hits(),
              page.aggregations(),
              page.terminatedEarly());
    }
    if (keepAlive == null) {
      free(session);
      return page;
    }
    return page.withSession(session.id, null);
  }

  /** Frees the scrolls named; the number freed (ids of contexts already gone count none). */
  public int clearScrolls(List<String> scrollIds) {
    if (scrollIds.isEmpty()) {
      throw SessionFailures.validation("no scroll ids specified");
    }
    List<OpenSession> found = new ArrayList<>();
    for (String id : scrollIds) {
      SessionIds.Parsed parsed = SessionIds.decode(id, SessionIds.SCROLL);
      if (parsed == null) {
        throw DuetException.illegalArgument("Cannot parse scroll id");
      }
      OpenSession session = contexts.get(parsed.context());
      if (session != null && session.secret == parsed.secret()) {
        found.add(session);
      }
    }
    int freed = 0;
    for (OpenSession session : found) {
      freed += free(session) ? 1 : 0;
    }
    return freed;
  }

  public int clearAllScrolls() {
    int freed = 0;
    for (OpenSession session : contexts.values()) {
      if (session.kind == SessionIds.SCROLL) {
        freed += free(session) ? 1 : 0;
      }
    }
    return freed;
  }

  /**
   * Deletes the points in time named; OpenSearch reports each as deleted, open or not. 400 for an
   * id that is not one.
   */
  public List<String> deletePits(List<String> pitIds) {
    if (pitIds.isEmpty()) {
      throw SessionFailures.validation("no pit ids specified");
    }
    List<OpenSession> found = new ArrayList<>();
    for (String id : pitIds) {
      SessionIds.Parsed parsed = SessionIds.decode(id, SessionIds.PIT);
      if (parsed == null) {
        throw DuetException.illegalArgument("invalid id: [" + id + "]");
      }
      OpenSession session = contexts.get(parsed.context());
      if (session != null && session.secret == parsed.secret()) {
        found.add(session);
      }
    }
    found.forEach(this::free);
    return List.copyOf(pitIds);
  }

  /** Deletes every point in time; the ids deleted. */
  public List<String> deleteAllPits() {
    List<String> deleted = new ArrayList<>();
    for (PointInTime pit : pits()) {
      OpenSession session = contexts.get(SessionIds.decode(pit.id(), SessionIds.PIT).context());
      if (session != null && free(session)) {
        deleted.add(pit.id());
      }
    }
    return deleted;
  }

  /** The open points in time, oldest first. */
  public List<PointInTime> pits() {
    reap();
    return contexts.values().stream()
        .filter(s -> s.kind == SessionIds.PIT)
        .sorted(
            Comparator.comparingLong((OpenSession s) -> s.creationTime).thenComparing(s -> s.id))
        .map(OpenSession::describe)
        .toList();
  }

  /** The number of open scrolls and points in time. */
  int openContexts() {
    return contexts.size();
  }

  /** Frees every context idle for longer than its keep-alive. */
  public void reap() {
    long now = clock.millis();
    for (OpenSession session : contexts.values()) {
      if (session.expired(now)) {
        free(session);
      }
    }
  }

  /**
   * Releases what the contexts hold of a deleted index: a scroll over it is freed (its id is then
   * missing, as in OpenSearch); a point in time keeps its other readers and answers 404 for the
   * index.
   */
  public void indexDeleted(LuceneIndex index) {
    for (OpenSession session : contexts.values()) {
      if (!session.lease.holds(index)) {
        continue;
      }
      if (session.kind == SessionIds.SCROLL) {
        free(session);
      } else {
        session.lease.indexDeleted(index);
      }
    }
  }

  @Override
  public void close() {
    for (OpenSession session : contexts.values()) {
      free(session);
    }
  }

  private SearchResponse searchPit(SearchRequest request, SearchSession ask) {
    if (!request.indices().isEmpty()) {
      throw SessionFailures.validation("[indices] cannot be used with point in time");
    }
    if (ask.pitId().isEmpty()) {
      throw new RequestRefused("point int time id is not provided");
    }
    OpenSession session = require(ask.pitId(), SessionIds.PIT);
    if (ask.pitKeepAlive() != null) {
      long keepAlive =
          RequestRefused.refusing(() -> KeepAlives.parse(ask.pitKeepAlive(), "keep_alive"));
      if (keepAlive > limits.pitMaxKeepAliveMillis()) {
        throw SessionFailures.onShard(
            KeepAlives.tooLarge(
                keepAlive, limits.pitMaxKeepAliveMillis(), "point_in_time.max_keep_alive"),
            session.lease.firstIndex());
      }
      session.keepAliveMillis = keepAlive;
    }
    session.touch(clock.millis());
    return session
        .lease
        .search(request.withSession(null), null, maxBuckets)
        .withSession(null, session.id);
  }

  private SearchResponse openScroll(SearchRequest request, String keepAlive) {
    // OpenSearch's SearchRequest.validate for a scroll, its problems in its order.
    List<String> problems = new ArrayList<>();
    if (request.from() > 0) {
      problems.add("using [from] is not allowed in a scroll context");
    }
    if (request.size() == 0) {
      problems.add("[size] cannot be [0] in a scroll context");
    }
    if (!request.controls().rescore().isEmpty()) {
      problems.add("using [rescore] is not allowed in a scroll context");
    }
    if (Boolean.TRUE.equals(request.options().requestCache())) {
      problems.add("[request_cache] cannot be used in a scroll context");
    }
    if (!problems.isEmpty()) {
      throw SessionFailures.validation(problems);
    }
    if (request.controls().collapse() != null) {
      throw new DuetException(400, "search_exception", "cannot use `collapse` in a scroll context");
    }
    if (!request.trackTotalHits().enabled()) {
      throw SessionFailures.validation(
          "disabling [track_total_hits] is not allowed in a scroll context");
    }
    Targets targets = resolver.resolve(request.indices(), request.indicesOptions());
    String first = targets.indices().isEmpty() ? null : targets.indices().get(0).name();
    for (LuceneIndex target : targets.indices()) {
      if (request.size() > target.maxResultWindow()) {
        throw SessionFailures.batchTooLarge(target, request.size());
      }
    }
    long keepAliveMillis = RequestRefused.refusing(() -> KeepAlives.parse(keepAlive, "scroll"));
    if (keepAliveMillis > limits.maxKeepAliveMillis()) {
      throw SessionFailures.onShard(
          KeepAlives.tooLarge(
              keepAliveMillis, limits.maxKeepAliveMillis(), "search.max_keep_alive"),
          first);
    }
    if (openScrolls.incrementAndGet() > limits.maxOpenScrolls()) {
      openScrolls.decrementAndGet();
      throw SessionFailures.tooManyScrolls(limits.maxOpenScrolls(), first);
    }
    OpenSession session;
    try {
      session = open(SessionIds.SCROLL, targets, keepAliveMillis, request.withSession(null));
    } catch (RuntimeException e) {
      openScrolls.decrementAndGet();
      throw e;
    }
    try {
      SearchResponse page;
      synchronized (session) {
        page = session.lease.search(session.request, session.cursor, maxBuckets);
        session.firstPage = page;
      }
      return page.withSession(session.id, null);
    } catch (RuntimeException e) {
      free(session);
      throw e;
    }
  }

  private long scrollKeepAlive(String keepAlive, OpenSession session) {
    long millis = KeepAlives.parse(keepAlive, "scroll");
    if (millis > limits.maxKeepAliveMillis()) {
      throw SessionFailures.onShard(
          KeepAlives.tooLarge(millis, limits.maxKeepAliveMillis(), "search.max_keep_alive"),
          session.lease.firstIndex());
    }
    return millis;
  }

  private OpenSession open(
      byte kind, Targets targets, long keepAliveMillis, SearchRequest request) {
    ReaderLease lease =
        new ReaderLease(targets.indices(), targets.filters(), kind == SessionIds.SCROLL);
    long context = contextIds.incrementAndGet();
    long secret = SessionIds.newSecret();
    String id = SessionIds.encode(kind, context, secret, lease.firstIndex());
    OpenSession session =
        new OpenSession(kind, context, secret, id, lease, clock.millis(), keepAliveMillis, request);
    contexts.put(context, session);
    return session;
  }

  /** The open, unexpired context an id names: 400 when it is no id, 404 when it is gone. */
  private OpenSession require(String id, byte kind) {
    SessionIds.Parsed parsed = SessionIds.decode(id, kind);
    if (parsed == null) {
      throw new RequestRefused(
          kind == SessionIds.SCROLL ? "Cannot parse scroll id" : "invalid id: [" + id + "]");
    }
    OpenSession session = contexts.get(parsed.context());
    if (session != null && session.expired(clock.millis())) {
      free(session);
      session = null;
    }
    if (session == null || session.secret != parsed.secret()) {
      throw SessionFailures.missing(parsed);
    }
    return session;
  }

  /** Frees a context once; true when this call freed it. */
  private boolean free(OpenSession session) {
    if (!session.closed.compareAndSet(false, true)) {
      return false;
    }
    contexts.remove(session.context, session);
    (session.kind == SessionIds.SCROLL ? openScrolls : openPits).decrementAndGet();
    session.lease.close();
    return true;
  }
}
