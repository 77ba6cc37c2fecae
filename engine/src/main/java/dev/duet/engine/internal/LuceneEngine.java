package dev.duet.engine.internal;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.breaker.CircuitBreakers;
import dev.duet.engine.breaker.RequestMemory;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.BulkResponse;
import dev.duet.engine.document.ByQueryRequest;
import dev.duet.engine.document.ByQueryResponse;
import dev.duet.engine.document.GetResult;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.AliasAction;
import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.ForceMerge;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.internal.admin.AliasUpdates;
import dev.duet.engine.internal.admin.AnalyzeService;
import dev.duet.engine.internal.admin.IndexAdmin;
import dev.duet.engine.internal.agg.AggregationPhase;
import dev.duet.engine.internal.analysis.IndexAnalysis;
import dev.duet.engine.internal.bulk.BulkApplier;
import dev.duet.engine.internal.bulk.ByQueryRunner;
import dev.duet.engine.internal.bulk.ReindexChecks;
import dev.duet.engine.internal.document.TimeBasedIds;
import dev.duet.engine.internal.fetch.HitFields;
import dev.duet.engine.internal.knn.KnnSettings;
import dev.duet.engine.internal.knn.VectorSupport;
import dev.duet.engine.internal.meta.FailedIndices;
import dev.duet.engine.internal.meta.IndexMetadata;
import dev.duet.engine.internal.meta.IndexNames;
import dev.duet.engine.internal.meta.IndexResolver;
import dev.duet.engine.internal.meta.IndexSettingsRules;
import dev.duet.engine.internal.meta.MappingLimits;
import dev.duet.engine.internal.query.SliceQuery;
import dev.duet.engine.internal.search.CachedAnswers;
import dev.duet.engine.internal.search.ExplainPhase;
import dev.duet.engine.internal.search.RequestCache;
import dev.duet.engine.internal.search.SearchPhase;
import dev.duet.engine.internal.session.SearchSessions;
import dev.duet.engine.internal.shard.ClauseLimit;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.internal.source.SourceValues;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.AliasFilterDecoder;
import dev.duet.engine.search.NodeLimits;
import dev.duet.engine.search.PointInTime;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SessionLimits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link Engine} on Lucene: a folder per index under {@code <data>/indices/<uuid>/}, reloaded
 * on open. Index creation and deletion serialize on one lock; writes and searches do not.
 */
public final class LuceneEngine implements Engine {
  private static final Logger LOG = LoggerFactory.getLogger(LuceneEngine.class);
  private static final int MAX_ID_BYTES = 512;

  private final Path indicesDir;
  private final Map<String, LuceneIndex> indices = new ConcurrentHashMap<>();
  private final FailedIndices failed = new FailedIndices();
  private final Object adminLock = new Object();
  private final ScheduledExecutorService scheduler;
  // Translog work off the write path: timed syncs (async durability) and size-triggered flushes.
  private final ScheduledExecutorService translogTasks;
  private final BulkApplier bulkApplier =
      new BulkApplier(Runtime.getRuntime().availableProcessors());
  private final IndexAdmin admin;
  private final IndexResolver resolver;
  private final SearchSessions sessions;
  private final RequestCache requestCache = RequestCache.withDefaultSize();
  private volatile int maxBuckets;
  private final CircuitBreakers breakers = new CircuitBreakers();
  private final ClauseLimit clauseLimit;
  private volatile NodeLimits nodeLimits;

  private LuceneEngine(
      Path dataDir,
      AliasFilterDecoder filterDecoder,
      SessionLimits limits,
      InstantSource clock,
      int maxBuckets,
      ClauseLimit clauseLimit)
      throws IOException {
    this.maxBuckets = maxBuckets;
    this.clauseLimit = clauseLimit;
    this.sessions = new SearchSessions(clock, limits, maxBuckets, this::searchTargets);
    this.nodeLimits = new NodeLimits(maxBuckets, clauseLimit.max(), limits);
    this.admin = new IndexAdmin(indices, filterDecoder);
    this.resolver = admin.resolver();
    this.indicesDir = dataDir.resolve("indices");
    Files.createDirectories(indicesDir);
    LOG.info("Lucene vector implementation: {}", VectorSupport.describe());
    ScheduledThreadPoolExecutor refresher =
        new ScheduledThreadPoolExecutor(
            1, Thread.ofPlatform().name("duet-refresh").daemon(true).factory());
    refresher.setRemoveOnCancelPolicy(true); // deleted indices leave no task behind
    this.scheduler = refresher;
    ScheduledThreadPoolExecutor translogThread =
        new ScheduledThreadPoolExecutor(
            1, Thread.ofPlatform().name("duet-translog").daemon(true).factory());
    translogThread.setRemoveOnCancelPolicy(true);
    this.translogTasks = translogThread;
    scheduler.scheduleWithFixedDelay(
        sessions::reap,
        limits.reapIntervalMillis(),
        limits.reapIntervalMillis(),
        TimeUnit.MILLISECONDS);
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(indicesDir)) {
      for (Path dir : dirs) {
        openAtStart(dir);
      }
    }
  }

  /**
   * Opens one index found on disk. Whatever is wrong with it (metadata that does not parse, a
   * translog damaged before its tail) fails that index, never the node.
   */
  private void openAtStart(Path dir) throws IOException {
    if (!Files.exists(dir.resolve(IndexMetadata.FILE)) && isCreationLeftover(dir)) {
      // A creation that crashed before its metadata was written: nothing to keep.
      deleteRecursively(dir);
      return;
    }
    try {
      LuceneIndex index = LuceneIndex.open(dir, scheduler, translogTasks, clauseLimit);
      if (indices.containsKey(index.name()) || failed.contains(index.name())) {
        index.close();
        throw new IOException("another folder holds an index named [" + index.name() + "]");
      }
      indices.put(index.name(), index);
    } catch (IOException | RuntimeException e) {
      String reason = e.getClass().getSimpleName() + ": " + e.getMessage();
      var failure = failed.add(dir, reason, indices.keySet());
      LOG.error(
          "index [{}] (folder [{}]) failed to open and is red; its files are kept as they are."
              + " Delete the index, or repair it offline (a damaged translog: ./duet shard"
              + " remove-corrupted-data) and restart: {}",
          failure.name(),
          dir,
          reason,
          e);
    }
  }

  /** A folder with no metadata and no data: what a creation that crashed at once leaves. */
  private static boolean isCreationLeftover(Path dir) throws IOException {
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
      for (Path file : files) {
        if (!file.getFileName().toString().equals(IndexMetadata.FILE + ".tmp")) {
          return false;
        }
      }
    }
    return true;
  }

  @Override
  public List<dev.duet.engine.index.IndexFailure> failedIndices() {
    return failed.list();
  }

  /** Opens (creating if needed) the engine whose data lives under {@code dataDir}. */
  public static LuceneEngine open(Path dataDir) {
    return open(dataDir, AliasFilterDecoder.NONE);
  }

  /**
   * Opens the engine; {@code filterDecoder} turns alias filters into queries (the query DSL's rules
   * live in the server's codec).
   */
  public static LuceneEngine open(Path dataDir, AliasFilterDecoder filterDecoder) {
    return open(
        dataDir,
        filterDecoder,
        SessionLimits.DEFAULTS,
        InstantSource.system(),
        AggregationPhase.DEFAULT_MAX_BUCKETS);
  }

  /**
   * Opens the engine with a {@code search.max_buckets} of its own: the most buckets a search's
   * aggregations may return before it fails with {@code too_many_buckets_exception}.
   */
  public static LuceneEngine open(Path dataDir, AliasFilterDecoder filterDecoder, int maxBuckets) {
    return open(dataDir, filterDecoder, SessionLimits.DEFAULTS, InstantSource.system(), maxBuckets);
  }

  /**
   * Opens the engine with limits on scrolls and points in time, whose keep-alives run on {@code
   * clock}.
   */
  public static LuceneEngine open(
      Path dataDir, AliasFilterDecoder filterDecoder, SessionLimits limits, InstantSource clock) {
    return open(dataDir, filterDecoder, limits, clock, AggregationPhase.DEFAULT_MAX_BUCKETS);
  }

  /** Opens the engine with session limits, their clock, and a {@code search.max_buckets}. */
  public static LuceneEngine open(
      Path dataDir,
      AliasFilterDecoder filterDecoder,
      SessionLimits limits,
      InstantSource clock,
      int maxBuckets) {
    return open(
        dataDir, filterDecoder, limits, clock, maxBuckets, ClauseLimit.DEFAULT_MAX_CLAUSE_COUNT);
  }

  /**
   * Opens the engine with session limits, their clock, a {@code search.max_buckets} and an {@code
   * indices.query.bool.max_clause_count}.
   */
  public static LuceneEngine open(
      Path dataDir,
      AliasFilterDecoder filterDecoder,
      SessionLimits limits,
      InstantSource clock,
      int maxBuckets,
      int maxClauseCount) {
    requireNonNull(dataDir, "dataDir");
    requireNonNull(filterDecoder, "filterDecoder");
    requireNonNull(limits, "limits");
    requireNonNull(clock, "clock");
    if (maxBuckets < 0) {
      throw new IllegalArgumentException("maxBuckets: " + maxBuckets + " (expected: >= 0)");
    }
    try {
      return new LuceneEngine(
          dataDir, filterDecoder, limits, clock, maxBuckets, new ClauseLimit(maxClauseCount));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public NodeLimits limits() {
    return nodeLimits;
  }

  @Override
  public synchronized void applyLimits(NodeLimits limits) {
    clauseLimit.set(limits.maxClauseCount());
    sessions.apply(limits.sessions(), limits.maxBuckets());
    maxBuckets = limits.maxBuckets();
    breakers.apply(limits.breakers());
    nodeLimits = limits;
  }

  @Override
  public CircuitBreakers breakers() {
    return breakers;
  }

  @Override
  public IndexInfo createIndex(
      String name, IndexSettings settings, Mapping mapping, Map<String, AliasMetadata> aliases) {
    requireNonNull(name, "name");
    IndexNames.validate(name);
    IndexSettings validated =
        IndexSettingsRules.validate(settings == null ? IndexSettings.DEFAULTS : settings);
    KnnSettings.check(validated, mapping == null ? Mapping.EMPTY : mapping);
    MappingLimits.of(validated).check(mapping == null ? Mapping.EMPTY : mapping);
    IndexAnalysis.validate(validated); // a bad analysis definition fails creation, not a search
    synchronized (adminLock) {
      if (resolver.isAlias(name)) {
        throw IndexNames.invalid(name, "already exists as alias");
      }
      Map<String, AliasMetadata> checked = new LinkedHashMap<>();
      if (aliases != null) {
        aliases.forEach(
            (alias, meta) ->
                checked.put(
                    alias, AliasUpdates.validate(alias, meta, admin, admin.filterDecoder())));
      }
      if (failed.contains(name)) {
        throw failed.unavailable(name);
      }
      LuceneIndex existing = indices.get(name);
      if (existing != null) {
        Map<String, String> meta = new LinkedHashMap<>();
        meta.put("index", name);
        meta.put("index_uuid", existing.uuid());
        throw new DuetException(
            400,
            "resource_already_exists_exception",
            "index [" + name + "/" + existing.uuid() + "] already exists",
            meta,
            null);
      }
      return create(name, validated, mapping == null ? Mapping.EMPTY : mapping, checked).info();
    }
  }

  @Override
  public void deleteIndices(String expression, IndicesOptions options) {
    List<String> names;
    synchronized (adminLock) {
      List<String> failedNames = expression.isBlank() ? List.of() : failed.matching(expression);
      List<String> rest = new ArrayList<>();
      for (String part : expression.split(",")) {
        if (!failedNames.contains(part.trim())) {
          rest.add(part);
        }
      }
      names =
          failedNames.isEmpty() || !rest.isEmpty()
              ? resolver.resolveForDelete(List.of(String.join(",", rest)), options)
              : List.of();
      for (String name : failedNames) {
        deleteFailed(name);
      }
    }
    for (String name : names) {
      try {
        deleteIndex(name);
      } catch (DuetException e) {
        // Deleted by a concurrent request: gone either way.
      }
    }
  }

  @Override
  public void putMapping(String expression, IndicesOptions options, Map<String, Object> mapping) {
    failed.checkNotNamed(expression == null ? List.of() : List.of(expression));
    synchronized (adminLock) {
      admin.putMapping(expression, options, mapping);
    }
  }

  @Override
  public void updateSettings(
      String expression, IndicesOptions options, Map<String, String> settings) {
    failed.checkNotNamed(expression == null ? List.of() : List.of(expression));
    synchronized (adminLock) {
      admin.updateSettings(expression, options, settings);
    }
  }

  @Override
  public void updateAliases(List<AliasAction> actions) {
    List<String> deletions;
    synchronized (adminLock) {
      AliasUpdates.Plan plan = AliasUpdates.plan(actions, resolver, admin, admin.filterDecoder());
      admin.applyAliases(plan.aliases());
      deletions = plan.deletions();
    }
    for (String name : deletions) {
      deleteIndex(name);
    }
  }

  @Override
  public String resolveWriteIndex(String nameOrAlias) {
    return resolver.resolveWrite(nameOrAlias);
  }

  @Override
  public void deleteIndex(String name) {
    LuceneIndex index;
    synchronized (adminLock) {
      if (failed.contains(name)) {
        deleteFailed(name);
        return;
      }
      index = indices.remove(name);
      if (index == null) {
        throw DuetException.indexNotFound(name);
      }
    }
    sessions.indexDeleted(index);
    try {
      index.close();
    } catch (IOException | RuntimeException e) {
      LOG.warn("closing deleted index [{}] failed", name, e);
    }
    try {
      deleteRecursively(index.dir());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Removes a failed index and its folder: the one request a failed index answers. */
  private void deleteFailed(String name) {
    Path dir = failed.remove(name);
    LOG.warn("deleting failed index [{}] and its folder [{}]", name, dir);
    try {
      deleteRecursively(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public boolean indexExists(String name) {
    return indices.containsKey(name) || failed.contains(name);
  }

  @Override
  public IndexInfo index(String name) {
    return require(name).info();
  }

  @Override
  public Mapping mapping(String name) {
    return require(name).metadata().mapping();
  }

  @Override
  public List<IndexInfo> indices(String expression) {
    return indices(expression, IndicesOptions.DEFAULTS);
  }

  @Override
  public List<IndexInfo> indices(String expression, IndicesOptions options) {
    failed.checkNotNamed(expression == null ? List.of() : List.of(expression));
    List<String> names =
        resolver.resolveNames(
            expression == null || expression.isEmpty() ? List.of() : List.of(expression), options);
    List<IndexInfo> out = new ArrayList<>(names.size());
    for (String name : names.stream().sorted().toList()) {
      LuceneIndex index = indices.get(name);
      if (index != null) {
        out.add(index.info());
      }
    }
    return out;
  }

  @Override
  public BulkResponse bulk(BulkRequest request) {
    long start = System.nanoTime();
    boolean forced = request.refresh() == RefreshPolicy.IMMEDIATE;
    Set<LuceneIndex> touched = ConcurrentHashMap.newKeySet();
    List<BulkItemResponse> responses =
        bulkApplier.apply(request.items(), item -> applyItem(item, forced, touched));
    boolean errors = false;
    for (BulkItemResponse response : responses) {
      errors |= response.failed();
    }
    for (LuceneIndex index : touched) {
      try {
        index.afterBulk(); // durable before acknowledged
      } catch (DuetException e) {
        // Deleted while the bulk ran; nothing of it is left to make durable.
      }
    }
    if (request.refresh() != RefreshPolicy.NONE) {
      for (LuceneIndex index : touched) {
        try {
          index.refresh();
        } catch (DuetException e) {
          // Deleted while the bulk ran; its items already say what happened.
        }
      }
    }
    return new BulkResponse(
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start), errors, responses);
  }

  @Override
  public GetResult get(String index, String id) {
    String concrete = resolver.resolveRead(index);
    return require(concrete == null ? index : concrete).get(id);
  }

  @Override
  public GetResult get(String index, String id, boolean realtime) {
    String concrete = resolver.resolveRead(index);
    return require(concrete == null ? index : concrete).get(id, realtime);
  }

  @Override
  public Map<String, List<Object>> storedFields(String index, byte[] source, List<String> names) {
    String concrete = resolver.resolveRead(index);
    return HitFields.stored(
        require(concrete == null ? index : concrete).lookup(), names, SourceValues.of(source));
  }

  @Override
  public dev.duet.engine.search.ExplainResult explain(
      String index, String id, dev.duet.engine.search.Query query) {
    String concrete = resolver.resolveRead(index);
    LuceneIndex target = indices.get(concrete == null ? index : concrete);
    if (target == null && failed.contains(index)) {
      throw failed.unavailable(index);
    }
    if (target == null) {
      // A single-document API: OpenSearch resolves an index expression.
      throw DuetException.indexNotFound(index, "index_expression");
    }
    return ExplainPhase.explain(target, id, query);
  }

  @Override
  public dev.duet.engine.analysis.AnalyzeResponse analyze(
      dev.duet.engine.analysis.AnalyzeRequest request) {
    if (request.index() == null) {
      return AnalyzeService.analyze(request, null);
    }
    String concrete = resolver.resolveRead(request.index());
    return AnalyzeService.analyze(request, require(concrete == null ? request.index() : concrete));
  }

  @Override
  public ByQueryResponse byQuery(ByQueryRequest request) {
    failed.checkNotNamed(request.indices());
    List<IndexResolver.Target> resolved =
        resolver.resolveSearch(request.indices(), IndicesOptions.DEFAULTS);
    List<LuceneIndex> targets = new ArrayList<>(resolved.size());
    List<Query> filters = new ArrayList<>(resolved.size());
    for (IndexResolver.Target target : resolved) {
      LuceneIndex index = indices.get(target.index());
      if (index != null) {
        targets.add(index);
        filters.add(admin.aliasFilter(target.filters()));
      }
    }
    return ByQueryRunner.run(targets, filters, request);
  }

  @Override
  public dev.duet.engine.document.ReindexResponse reindex(
      dev.duet.engine.document.ReindexRequest request) {
    failed.checkNotNamed(request.sources());
    failed.checkNotNamed(request.dest() == null ? List.of() : List.of(request.dest()));
    List<IndexResolver.Target> resolved =
        new ArrayList<>(resolver.resolveSearch(request.sources(), IndicesOptions.DEFAULTS));
    // OpenSearch's scroll walks its shards in index-name order.
    resolved.sort(java.util.Comparator.comparing(IndexResolver.Target::index));
    List<LuceneIndex> sources = new ArrayList<>(resolved.size());
    List<Query> filters = new ArrayList<>(resolved.size());
    for (IndexResolver.Target target : resolved) {
      LuceneIndex index = indices.get(target.index());
      if (index != null) {
        sources.add(index);
        filters.add(admin.aliasFilter(target.filters()));
      }
    }
    ReindexChecks.destNotSource(request.dest(), resolver.resolveWrite(request.dest()), sources);
    return ByQueryRunner.reindex(
        sources, filters, request, (item, touched) -> applyItem(item, false, touched));
  }

  @Override
  public List<dev.duet.engine.index.IndexSegments> segments(
      String expression, IndicesOptions options) {
    List<dev.duet.engine.index.IndexSegments> out = new ArrayList<>();
    for (LuceneIndex index : matching(expression, options)) {
      out.add(new dev.duet.engine.index.IndexSegments(index.info(), index.segments()));
    }
    return out;
  }

  @Override
  public void refresh(String expression, IndicesOptions options) {
    matching(expression, options).forEach(LuceneIndex::refresh);
  }

  @Override
  public void flush(String expression, IndicesOptions options) {
    matching(expression, options).forEach(LuceneIndex::flush);
  }

  @Override
  public void forceMerge(String expression, IndicesOptions options, ForceMerge request) {
    matching(expression, options).forEach(index -> index.forceMerge(request));
  }

  /** The open indices an expression names (all when null or empty); 404 for a missing name. */
  private List<LuceneIndex> matching(String expression, IndicesOptions options) {
    failed.checkNotNamed(expression == null ? List.of() : List.of(expression));
    List<String> names =
        resolver.resolveNames(
            expression == null || expression.isEmpty() ? List.of() : List.of(expression), options);
    List<LuceneIndex> matched = new ArrayList<>(names.size());
    for (String name : names) {
      LuceneIndex index = indices.get(name);
      if (index != null) {
        matched.add(index);
      }
    }
    return matched;
  }

  /** The node's request cache statistics (what {@code _stats/request_cache} sums). */
  public RequestCache.Stats requestCacheStats() {
    return requestCache.stats();
  }

  @Override
  public SearchResponse search(SearchRequest request) {
    // What the search holds (buckets, top hits, fetched hits) is on the request breaker until
    // it returns or fails.
    try (RequestMemory memory = breakers.openRequest()) {
      if (request.session() != null) {
        return sessions.search(request);
      }
      SearchSessions.checkShardDoc(request);
      SliceQuery.requireSession(request);
      SearchSessions.Targets targets = searchTargets(request.indices(), request.indicesOptions());
      return SearchPhase.execute(
          targets.indices(), targets.filters(), request, requestCache, maxBuckets);
    }
  }

  @Override
  public SearchResponse cachedSearch(SearchRequest request) {
    if (request.session() != null) {
      return null;
    }
    SearchSessions.Targets targets;
    try {
      targets = searchTargets(request.indices(), request.indicesOptions());
    } catch (DuetException e) {
      return null; // the search itself reports it
    }
    return CachedAnswers.lookup(targets.indices(), targets.filters(), request, requestCache);
  }

  @Override
  public PointInTime createPit(List<String> indices, IndicesOptions options, String keepAlive) {
    return sessions.createPit(indices, options, keepAlive);
  }

  @Override
  public List<String> deletePits(List<String> ids) {
    return sessions.deletePits(ids);
  }

  @Override
  public List<String> deleteAllPits() {
    return sessions.deleteAllPits();
  }

  @Override
  public List<PointInTime> pits() {
    return sessions.pits();
  }

  @Override
  public SearchResponse scroll(String scrollId, String keepAlive) {
    return sessions.scroll(scrollId, keepAlive);
  }

  @Override
  public int clearScrolls(List<String> ids) {
    if (ids == null) {
      sessions.clearAllScrolls();
      return 1; // OpenSearch counts the nodes that cleared all their scrolls: this one
    }
    return sessions.clearScrolls(ids);
  }

  /** The node's scrolls and points in time (for tests in this package). */
  public SearchSessions sessions() {
    return sessions;
  }

  /** The open indices a search names, each with its alias filter. */
  private SearchSessions.Targets searchTargets(List<String> names, IndicesOptions options) {
    failed.checkNotNamed(names);
    List<IndexResolver.Target> resolved = resolver.resolveSearch(names, options);
    List<LuceneIndex> targets = new ArrayList<>(resolved.size());
    List<Query> filters = new ArrayList<>(resolved.size());
    for (IndexResolver.Target target : resolved) {
      LuceneIndex index = indices.get(target.index());
      if (index != null) {
        targets.add(index);
        filters.add(admin.aliasFilter(target.filters()));
      }
    }
    return new SearchSessions.Targets(targets, filters);
  }

  @Override
  public void close() {
    // Never interrupt a running refresh: an interrupt closes Lucene's NIO channels mid-write and
    // invalidates the index's write lock. Periodic refreshes are cancelled by shutdown().
    bulkApplier.close();
    sessions.close();
    scheduler.shutdown();
    translogTasks.shutdown();
    try {
      if (!scheduler.awaitTermination(30, TimeUnit.SECONDS)
          || !translogTasks.awaitTermination(30, TimeUnit.SECONDS)) {
        LOG.warn("refresh or translog thread still busy after 30s; closing indices anyway");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (adminLock) {
      for (LuceneIndex index : indices.values()) {
        try {
          index.close();
        } catch (IOException | RuntimeException e) {
          LOG.error("closing index [{}] failed", index.name(), e);
        }
      }
      indices.clear();
    }
  }

  private BulkItemResponse applyItem(BulkItem item, boolean forced, Set<LuceneIndex> touched) {
    boolean autoId = item.id() == null;
    String id = autoId ? TimeBasedIds.nextId() : item.id();
    LuceneIndex index;
    try {
      if (id.getBytes(StandardCharsets.UTF_8).length > MAX_ID_BYTES) {
        throw new DuetException(
            400,
            "action_request_validation_exception",
            "Validation Failed: 1: id ["
                + id
                + "] is too long, must be no longer than 512 bytes but was: "
                + id.getBytes(StandardCharsets.UTF_8).length
                + ";");
      }
      if (item.requireAlias()
          && item.opType() != OpType.DELETE
          && !resolver.isAlias(item.index())) {
        throw notAnAlias(item.index());
      }
      index =
          item.opType() == OpType.DELETE
              ? existingForDelete(item.index())
              : indexForWrite(item.index());
    } catch (DuetException e) {
      return new BulkItemResponse(item.opType(), item.index(), id, e.status(), null, e);
    }
    touched.add(index);
    return index.apply(item, id, autoId, forced);
  }

  /** OpenSearch's refusal of an item with {@code require_alias} that names no alias. */
  private static DuetException notAnAlias(String name) {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("index", name);
    meta.put("index_uuid", "_na_");
    return new DuetException(
        404,
        "index_not_found_exception",
        "no such index ["
            + name
            + "] and [require_alias] request flag is [true] and ["
            + name
            + "] is not an alias",
        meta,
        null);
  }

  /** Deletes never create their index, as in OpenSearch; the item fails instead. */
  private LuceneIndex existingForDelete(String name) {
    if (failed.contains(name)) {
      throw failed.unavailable(name);
    }
    String concrete = resolver.resolveWrite(name);
    LuceneIndex index = concrete == null ? null : indices.get(concrete);
    if (index != null) {
      return index;
    }
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("index", name);
    meta.put("resource.id", name);
    meta.put("resource.type", "index_expression");
    meta.put("index_uuid", "_na_");
    throw new DuetException(
        404, "index_not_found_exception", "no such index [" + name + "]", meta, null);
  }

  private LuceneIndex indexForWrite(String name) {
    LuceneIndex index = indices.get(name);
    if (index != null) {
      return index;
    }
    if (failed.contains(name)) {
      throw failed.unavailable(name); // never a new, empty index in its place
    }
    String concrete = resolver.resolveWrite(name);
    if (concrete != null) {
      index = indices.get(concrete);
      if (index != null) {
        return index;
      }
    }
    IndexNames.validate(name);
    synchronized (adminLock) {
      concrete = resolver.resolveWrite(name);
      index = concrete == null ? null : indices.get(concrete);
      return index != null ? index : create(name, IndexSettings.DEFAULTS, Mapping.EMPTY, Map.of());
    }
  }

  private LuceneIndex create(
      String name, IndexSettings settings, Mapping mapping, Map<String, AliasMetadata> aliases) {
    String uuid = TimeBasedIds.indexUuid();
    IndexMetadata metadata =
        new IndexMetadata(name, uuid, System.currentTimeMillis(), settings, mapping, aliases);
    try {
      LuceneIndex index =
          LuceneIndex.create(
              indicesDir.resolve(uuid), metadata, scheduler, translogTasks, clauseLimit);
      indices.put(name, index);
      return index;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private LuceneIndex require(String name) {
    LuceneIndex index = indices.get(name);
    if (index == null && failed.contains(name)) {
      throw failed.unavailable(name);
    }
    if (index == null) {
      throw DuetException.indexNotFound(name);
    }
    return index;
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    Files.walkFileTree(
        dir,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            Files.delete(file);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path d, IOException exc) throws IOException {
            Files.delete(d);
            return FileVisitResult.CONTINUE;
          }
        });
  }
}
