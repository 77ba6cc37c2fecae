package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;

/**
 * Every action handler of a node, built once over one engine and handed to both transports, so that
 * a request means the same thing on either port.
 */
public final class Actions {
  private final IndexAdminAction indexAdmin;
  private final BulkAction bulk;
  private final SearchAction search;
  private final SearchSessionAction sessions;
  private final DocumentWriteAction documentWrite;
  private final GetAction get;
  private final ByQueryAction byQuery;
  private final String nodeId;
  private final ForceMergeAction forceMerge;
  private final IndicesAction indices;
  private final IndexMetadataAction indexMetadata;
  private final ClusterSettingsAction clusterSettings;
  private final Engine engine;

  private final TemplateAction templates;
  private final SnapshotAction snapshots;
  private final NodeTasks tasks;
  private final PipelineAction pipelines;

  public Actions(Engine engine) {
    this(engine, "duet");
  }

  /**
   * @param nodeId how failures name this node (OpenSearch reports the node of a failed shard)
   */
  public Actions(Engine engine, String nodeId) {
    requireNonNull(engine, "engine");
    this.engine = engine;
    this.indexAdmin = new IndexAdminAction(engine);
    this.bulk = new BulkAction(engine);
    this.search = new SearchAction(engine, nodeId);
    this.sessions = new SearchSessionAction(engine, nodeId);
    this.documentWrite = new DocumentWriteAction(bulk);
    this.get = new GetAction(engine);
    this.byQuery = new ByQueryAction(engine);
    this.nodeId = nodeId;
    this.forceMerge = new ForceMergeAction(engine);
    this.indices = new IndicesAction(engine);
    this.indexMetadata = new IndexMetadataAction(engine);
    this.clusterSettings = new ClusterSettingsAction(engine);
    this.templates = new TemplateAction(engine);
    this.snapshots = new SnapshotAction(engine);
    this.pipelines = new PipelineAction(engine);
    this.tasks = new NodeTasks(nodeId, new TaskResultsIndex(engine));
  }

  /** Ingest and search pipelines. */
  public PipelineAction pipelines() {
    return pipelines;
  }

  /** The node's running tasks and the results of finished background ones. */
  public NodeTasks tasks() {
    return tasks;
  }

  /** Snapshot repositories, snapshots and restores. */
  public SnapshotAction snapshots() {
    return snapshots;
  }

  /** Create, delete, refresh, flush, stats and segments of indices. */
  /** Templates and the simulate APIs. */
  public TemplateAction templates() {
    return templates;
  }

  public IndexAdminAction indexAdmin() {
    return indexAdmin;
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

  /** How this node names itself where OpenSearch gives a node id ({@code _segments} routing). */
  public String nodeId() {
    return nodeId;
  }

  public ForceMergeAction forceMerge() {
    return forceMerge;
  }

  public IndicesAction indices() {
    return indices;
  }

  public IndexMetadataAction indexMetadata() {
    return indexMetadata;
  }

  /** The node's circuit breakers, for {@code _nodes/stats}. */
  public dev.duet.engine.breaker.CircuitBreakers breakers() {
    return engine.breakers();
  }

  /** {@code _cluster/settings}: the node's dynamic settings. */
  public ClusterSettingsAction clusterSettings() {
    return clusterSettings;
  }
}
