package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;

/**
 * Every action handler of a node, built once over one engine and handed to both transports, so that
 * a request means the same thing on either port.
 */
public final class Actions {
  private final Engine engine;
  private final BulkAction bulk;
  private final SearchAction search;
  private final SearchSessionAction sessions;
  private final DocumentWriteAction documentWrite;
  private final GetAction get;
  private final ByQueryAction byQuery;
  private final ReindexAction reindex;
  private final SegmentsAction segments;
  private final String nodeId;
  private final CreateIndexAction createIndex;
  private final DeleteIndexAction deleteIndex;
  private final RefreshAction refresh;
  private final FlushAction flush;
  private final ForceMergeAction forceMerge;
  private final IndexStatsAction stats;
  private final IndicesAction indices;
  private final IndexMetadataAction indexMetadata;
  private final ClusterSettingsAction clusterSettings;

  public Actions(Engine engine) {
    this(engine, "duet");
  }

  /**
   * @param nodeId how failures name this node (OpenSearch reports the node of a failed shard)
   */
  public Actions(Engine engine, String nodeId) {
    this.engine = requireNonNull(engine, "engine");
    this.bulk = new BulkAction(engine);
    this.search = new SearchAction(engine, nodeId);
    this.sessions = new SearchSessionAction(engine, nodeId);
    this.documentWrite = new DocumentWriteAction(bulk);
    this.get = new GetAction(engine);
    this.byQuery = new ByQueryAction(engine);
    this.reindex = new ReindexAction(engine);
    this.segments = new SegmentsAction(engine);
    this.nodeId = nodeId;
    this.createIndex = new CreateIndexAction(engine);
    this.deleteIndex = new DeleteIndexAction(engine);
    this.refresh = new RefreshAction(engine);
    this.flush = new FlushAction(engine);
    this.forceMerge = new ForceMergeAction(engine);
    this.stats = new IndexStatsAction(engine);
    this.indices = new IndicesAction(engine);
    this.indexMetadata = new IndexMetadataAction(engine);
    this.clusterSettings = new ClusterSettingsAction(engine);
  }

  public Engine engine() {
    return engine;
  }

  public BulkAction bulk() {
    return bulk;
  }

  public SearchAction search() {
    return search;
  }

  /** Points in time and scroll pages. */
  public SearchSessionAction sessions() {
    return sessions;
  }

  public DocumentWriteAction documentWrite() {
    return documentWrite;
  }

  public GetAction get() {
    return get;
  }

  public ByQueryAction byQuery() {
    return byQuery;
  }

  public ReindexAction reindex() {
    return reindex;
  }

  public SegmentsAction segments() {
    return segments;
  }

  /** How this node names itself where OpenSearch gives a node id ({@code _segments} routing). */
  public String nodeId() {
    return nodeId;
  }

  public CreateIndexAction createIndex() {
    return createIndex;
  }

  public DeleteIndexAction deleteIndex() {
    return deleteIndex;
  }

  public RefreshAction refresh() {
    return refresh;
  }

  public FlushAction flush() {
    return flush;
  }

  public ForceMergeAction forceMerge() {
    return forceMerge;
  }

  /** {@code _stats}: index statistics. */
  public IndexStatsAction stats() {
    return stats;
  }

  public IndicesAction indices() {
    return indices;
  }

  public IndexMetadataAction indexMetadata() {
    return indexMetadata;
  }

  /** {@code _cluster/settings}: the node's dynamic settings. */
  public ClusterSettingsAction clusterSettings() {
    return clusterSettings;
  }
}
