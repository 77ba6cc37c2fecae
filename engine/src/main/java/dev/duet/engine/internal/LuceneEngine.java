package dev.duet.engine.internal;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.analysis.AnalyzeRequest;
import dev.duet.engine.analysis.AnalyzeResponse;
import dev.duet.engine.breaker.CircuitBreakers;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.BulkResponse;
import dev.duet.engine.document.ByQueryRequest;
import dev.duet.engine.document.ByQueryResponse;
import dev.duet.engine.document.GetResult;
import dev.duet.engine.document.ReindexRequest;
import dev.duet.engine.document.ReindexResponse;
import dev.duet.engine.index.AliasAction;
import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.ForceMerge;
import dev.duet.engine.index.IndexFailure;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndexSegments;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.IndexTemplate;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.internal.admin.FieldCapabilities;
import dev.duet.engine.internal.admin.NodeAdmin;
import dev.duet.engine.internal.admin.NodeIndices;
import dev.duet.engine.internal.admin.Rollover;
import dev.duet.engine.internal.agg.AggregationPhase;
import dev.duet.engine.internal.bulk.NodeDocuments;
import dev.duet.engine.internal.ingest.NodePipelines;
import dev.duet.engine.internal.knn.VectorSupport;
import dev.duet.engine.internal.meta.ShardRouting;
import dev.duet.engine.internal.search.RequestCache;
import dev.duet.engine.internal.session.NodeSearch;
import dev.duet.engine.internal.session.SearchSessions;
import dev.duet.engine.internal.shard.ClauseLimit;
import dev.duet.engine.internal.snapshot.NodeSnapshots;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.AliasFilterDecoder;
import dev.duet.engine.search.ExplainResult;
import dev.duet.engine.search.FieldCapsRequest;
import dev.duet.engine.search.FieldCapsResponse;
import dev.duet.engine.search.NodeLimits;
import dev.duet.engine.search.PointInTime;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SessionLimits;
import dev.duet.engine.snapshot.Snapshots;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link Engine} on Lucene: a thin facade over the node's indices ({@link NodeIndices}), their
 * documents ({@link NodeDocuments}), searches ({@link NodeSearch}) and admin calls ({@link
 * NodeAdmin}). Index creation and deletion serialize on one lock; writes and searches do not.
 */
public final class LuceneEngine implements Engine {
  private static final Logger LOG = LoggerFactory.getLogger(LuceneEngine.class);

  private final NodeIndices indices;
  private final NodeDocuments documents;
  private final NodeSearch search;
  private final NodeAdmin admin;
  private final NodeSnapshots snapshots;
  private final NodePipelines pipelines;
  private final Rollover rollover;
  private final dev.duet.engine.internal.admin.IndexResize resize;
  private final ClauseLimit clauseLimit;
  private volatile NodeLimits nodeLimits;

  private LuceneEngine(
      Path dataDir,
      AliasFilterDecoder filterDecoder,
      SessionLimits limits,
      InstantSource clock,
      int maxBuckets,
      ClauseLimit clauseLimit,
      List<Path> repoPaths)
      throws IOException {
    this.clauseLimit = clauseLimit;
    this.nodeLimits = new NodeLimits(maxBuckets, clauseLimit.max(), limits);
    this.indices = new NodeIndices(dataDir, filterDecoder, clauseLimit);
    this.search = new NodeSearch(indices, limits, clock, maxBuckets);
    this.pipelines = new NodePipelines(dataDir);
    this.documents = new NodeDocuments(indices, pipelines);
    this.admin = new NodeAdmin(indices);
    this.snapshots = new NodeSnapshots(dataDir, repoPaths, indices);
    this.rollover = new Rollover(indices, admin, clock);
    Path resizeStaging = dataDir.resolve("resize-staging");
    org.apache.lucene.util.IOUtils.rm(resizeStaging); // resizes a crash interrupted
    this.resize = new dev.duet.engine.internal.admin.IndexResize(indices, resizeStaging);
    LOG.info("Lucene vector implementation: {}", VectorSupport.describe());
    indices.openAll();
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
    return open(dataDir, filterDecoder, limits, clock, maxBuckets, maxClauseCount, List.of());
  }

  /**
   * Opens the engine with its node limits and {@code path.repo}: the folders snapshot repositories
   * may be in.
   */
  public static LuceneEngine open(
      Path dataDir,
      AliasFilterDecoder filterDecoder,
      SessionLimits limits,
      InstantSource clock,
      int maxBuckets,
      int maxClauseCount,
      List<Path> repoPaths) {
    requireNonNull(dataDir, "dataDir");
    requireNonNull(repoPaths, "repoPaths");
    requireNonNull(filterDecoder, "filterDecoder");
    requireNonNull(limits, "limits");
    requireNonNull(clock, "clock");
    if (maxBuckets < 0) {
      throw new IllegalArgumentException("maxBuckets: " + maxBuckets + " (expected: >= 0)");
    }
    try {
      return new LuceneEngine(
          dataDir,
          filterDecoder,
          limits,
          clock,
          maxBuckets,
          new ClauseLimit(maxClauseCount),
          repoPaths);
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
    clauseLimit.allowExpensiveQueries(limits.allowExpensiveQueries());
    search.applyLimits(limits);
    nodeLimits = limits;
  }

  @Override
  public dev.duet.engine.ingest.Pipelines pipelines() {
    return pipelines;
  }

  @Override
  public Snapshots snapshots() {
    return snapshots;
  }

  @Override
  public CircuitBreakers breakers() {
    return search.breakers();
  }

  // The node's indices.

  @Override
  public List<IndexFailure> failedIndices() {
    return indices.failedIndices();
  }

  @Override
  public void onTranslogFsync(java.util.function.LongConsumer nanos) {
    indices.fsyncs().listen(nanos);
  }

  @Override
  public IndexInfo createIndex(
      String name, IndexSettings settings, Mapping mapping, Map<String, AliasMetadata> aliases) {
    return indices.createIndex(name, settings, mapping, aliases);
  }

  @Override
  public void deleteIndices(String expression, IndicesOptions options) {
    indices.deleteIndices(expression, options);
  }

  @Override
  public void deleteIndex(String name) {
    indices.deleteIndex(name);
  }

  @Override
  public boolean indexExists(String name) {
    return indices.exists(name);
  }

  @Override
  public IndexInfo index(String name) {
    return indices.require(name).info();
  }

  @Override
  public Map<String, Long> completionSizes(String index) {
    return indices.require(index).completionSizes();
  }

  @Override
  public Mapping mapping(String name) {
    return indices.require(name).metadata().mapping();
  }

  @Override
  public List<IndexInfo> indices(String expression) {
    return indices(expression, IndicesOptions.DEFAULTS);
  }

  @Override
  public List<IndexInfo> indices(String expression, IndicesOptions options) {
    List<IndexInfo> out = new ArrayList<>(indices.infos(expression, options));
    out.sort(Comparator.comparing(IndexInfo::name));
    return out;
  }

  @Override
  public int shardOf(IndexSettings settings, String id, String routing) {
    return ShardRouting.shardOf(settings, id, routing);
  }

  @Override
  public String resize(dev.duet.engine.index.ResizeRequest request) {
    return resize.resize(request);
  }

  @Override
  public dev.duet.engine.index.RolloverResponse rollover(
      dev.duet.engine.index.RolloverRequest request) {
    return rollover.rollover(request);
  }

  @Override
  public FieldCapsResponse fieldCaps(FieldCapsRequest request) {
    List<IndexInfo> targets = new ArrayList<>();
    for (IndexInfo index : indices(request.expression(), request.options())) {
      if (index.closed()) {
        continue;
      }
      if (request.indexFilter() == null || mayMatch(index.name(), request.indexFilter())) {
        targets.add(index);
      }
    }
    return FieldCapabilities.of(request, targets);
  }

  // Whether the filter matches a document of the index (OpenSearch asks its can_match phase).
  private boolean mayMatch(String index, Query filter) {
    SearchResponse response =
        search.search(
            new SearchRequest(
                List.of(index),
                filter,
                0,
                0,
                List.of(),
                dev.duet.engine.search.SourceFilter.NONE,
                dev.duet.engine.search.TrackTotalHits.DEFAULT));
    return response.totalHits() != null && response.totalHits().value() > 0;
  }

  @Override
  public String resolveWriteIndex(String nameOrAlias) {
    return indices.resolver().resolveWrite(nameOrAlias);
  }

  // Admin.

  @Override
  public List<String> closeIndices(String expression, IndicesOptions options) {
    return indices.closeIndices(expression, options);
  }

  @Override
  public List<String> openIndices(String expression, IndicesOptions options) {
    return indices.openIndices(expression, options);
  }

  @Override
  public List<String> addBlock(String expression, IndicesOptions options, String block) {
    return admin.addBlock(expression, options, block);
  }

  @Override
  public void checkMetadataReadable(String expression, IndicesOptions options) {
    admin.checkMetadataReadable(expression, options);
  }

  @Override
  public void clearCaches(String expression, IndicesOptions options) {
    // what it names must exist and be open
    for (var index : indices.matching(expression, options)) {
      index.clearFielddata();
    }
    search.clearRequestCache();
  }

  @Override
  public void putTemplate(IndexTemplate template, boolean create) {
    indices.templates().put(template, create);
  }

  @Override
  public List<IndexTemplate> templates(IndexTemplate.Kind kind, String names) {
    return indices.templates().get(kind, names);
  }

  @Override
  public void deleteTemplates(IndexTemplate.Kind kind, String names) {
    indices.templates().delete(kind, names);
  }

  @Override
  public IndexTemplate.Resolved simulateIndex(String index, IndexTemplate candidate) {
    return indices.templates().resolve(index, candidate);
  }

  @Override
  public IndexTemplate.Resolved simulateTemplate(IndexTemplate template) {
    return indices.templates().simulate(template);
  }

  @Override
  public void putMapping(String expression, IndicesOptions options, Map<String, Object> mapping) {
    admin.putMapping(expression, options, mapping);
  }

  @Override
  public void updateSettings(
      String expression, IndicesOptions options, Map<String, String> settings) {
    admin.updateSettings(expression, options, settings);
  }

  @Override
  public void updateAliases(List<AliasAction> actions) {
    admin.updateAliases(actions);
  }

  @Override
  public AnalyzeResponse analyze(AnalyzeRequest request) {
    return admin.analyze(request);
  }

  @Override
  public List<IndexSegments> segments(String expression, IndicesOptions options) {
    return admin.segments(expression, options);
  }

  @Override
  public List<dev.duet.engine.index.IndexStats> stats(String expression, IndicesOptions options) {
    return admin.stats(expression, options);
  }

  @Override
  public void refresh(String expression, IndicesOptions options) {
    admin.refresh(expression, options);
  }

  @Override
  public void flush(String expression, IndicesOptions options) {
    admin.flush(expression, options);
  }

  @Override
  public void forceMerge(String expression, IndicesOptions options, ForceMerge request) {
    admin.forceMerge(expression, options, request);
  }

  // Documents.

  @Override
  public BulkResponse bulk(BulkRequest request) {
    return documents.bulk(request);
  }

  @Override
  public GetResult get(String index, String id) {
    return documents.get(index, id);
  }

  @Override
  public GetResult get(String index, String id, boolean realtime) {
    return documents.get(index, id, realtime);
  }

  @Override
  public dev.duet.engine.document.TermVectorsResult termVectors(
      dev.duet.engine.document.TermVectorsRequest request) {
    return dev.duet.engine.internal.admin.TermVectors.of(
        documents.readTarget(request.index()), request);
  }

  @Override
  public GetResult get(String index, String id, String routing, boolean realtime) {
    return documents.get(index, id, routing, realtime);
  }

  @Override
  public Map<String, List<Object>> storedFields(String index, byte[] source, List<String> names) {
    return documents.storedFields(index, source, names);
  }

  @Override
  public ByQueryResponse byQuery(ByQueryRequest request) {
    return documents.byQuery(request);
  }

  @Override
  public ReindexResponse reindex(ReindexRequest request) {
    return documents.reindex(request);
  }

  // Searches.

  @Override
  public SearchResponse search(SearchRequest request) {
    return search.search(request);
  }

  @Override
  public SearchResponse cachedSearch(SearchRequest request) {
    return search.cachedSearch(request);
  }

  @Override
  public ExplainResult explain(String index, String id, Query query) {
    return search.explain(index, id, query);
  }

  /** The node's request cache statistics (what {@code _stats/request_cache} sums). */
  public RequestCache.Stats requestCacheStats() {
    return search.requestCacheStats();
  }

  @Override
  public PointInTime createPit(List<String> indices, IndicesOptions options, String keepAlive) {
    return search.createPit(indices, options, keepAlive);
  }

  @Override
  public List<String> deletePits(List<String> ids) {
    return search.deletePits(ids);
  }

  @Override
  public List<String> deleteAllPits() {
    return search.deleteAllPits();
  }

  @Override
  public List<PointInTime> pits() {
    return search.pits();
  }

  @Override
  public SearchResponse scroll(String scrollId, String keepAlive) {
    return search.scroll(scrollId, keepAlive);
  }

  @Override
  public int clearScrolls(List<String> ids) {
    return search.clearScrolls(ids);
  }

  /** The node's scrolls and points in time (for tests in this package). */
  public SearchSessions sessions() {
    return search.sessions();
  }

  @Override
  public void close() {
    snapshots.close();
    documents.close();
    search.close();
    indices.close();
  }
}
