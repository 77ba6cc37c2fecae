package dev.duet.server.rest;

import static com.linecorp.armeria.common.HttpMethod.DELETE;
import static com.linecorp.armeria.common.HttpMethod.GET;
import static com.linecorp.armeria.common.HttpMethod.HEAD;
import static com.linecorp.armeria.common.HttpMethod.POST;
import static com.linecorp.armeria.common.HttpMethod.PUT;

import dev.duet.engine.index.ResizeRequest;
import dev.duet.server.action.Actions;

/** The REST API Duet serves: every OpenSearch path it answers, bound to its handler. */
public final class RestRoutes {
  private RestRoutes() {}

  public static RestRouter build(Actions actions, NodeIdentity node) {
    RootHandler root = new RootHandler(node);
    IndexHandlers index = new IndexHandlers(actions);
    ClusterHandlers cluster = new ClusterHandlers(actions, node);
    ClusterSettingsHandlers clusterSettings = new ClusterSettingsHandlers(actions, node);
    DocumentHandlers docs = new DocumentHandlers(actions);
    MultiGetHandler mget = new MultiGetHandler(actions);
    ByQueryHandler byQuery = new ByQueryHandler(actions);
    SearchHandler search = new SearchHandler(actions);
    AliasHandlers aliases = new AliasHandlers(actions);
    AnalyzeHandler analyze = new AnalyzeHandler(actions);
    ValidateQueryHandler validate = new ValidateQueryHandler(actions);
    MultiSearchHandler msearch = new MultiSearchHandler(actions);
    SearchSessionHandlers sessions = new SearchSessionHandlers(actions);
    ExplainHandler explain = new ExplainHandler(actions);
    TermVectorsHandler termVectors = new TermVectorsHandler(actions);
    ForceMergeHandler forceMerge = new ForceMergeHandler(actions);
    IndexStatsHandler stats = new IndexStatsHandler(actions);
    CatHandlers cat = new CatHandlers(actions, node);
    SegmentsHandler segments = new SegmentsHandler(actions);
    IndexStateHandlers state = new IndexStateHandlers(actions);
    TemplateHandlers templates = new TemplateHandlers(actions);
    NodesHandlers nodes = new NodesHandlers(actions, node);
    VotingExclusions exclusions = new VotingExclusions();
    ClusterStateHandler clusterState = new ClusterStateHandler(actions, node, exclusions);
    ClusterOpsHandlers clusterOps = new ClusterOpsHandlers(actions, node, exclusions, clusterState);
    ShardViewHandlers shardViews = new ShardViewHandlers(actions, node);
    FieldMappingHandler fieldMapping = new FieldMappingHandler(actions);
    CatNodeHandlers catNodes = new CatNodeHandlers(actions, node);
    SnapshotHandlers snapshots = new SnapshotHandlers(actions, node);
    TaskHandlers tasks = new TaskHandlers(actions, node);
    // Finished background tasks leave their GET _tasks answer in .tasks, written as REST writes it.
    actions.tasks().storeResults(TaskHandlers::resultDocument);
    PipelineHandlers pipelines = new PipelineHandlers(actions);
    return new RestRouter()
        .add("/", root, GET, HEAD)
        .add("/_cluster/health", cluster::health, GET)
        .add("/_cluster/health/{index}", cluster::health, GET)
        .add("/_cluster/settings", clusterSettings::get, GET)
        .add("/_cluster/settings", clusterSettings::put, PUT)
        .add("/_cluster/state", clusterState::handle, GET)
        .add("/_cluster/state/{metric}", clusterState::handle, GET)
        .add("/_cluster/state/{metric}/{index}", clusterState::handle, GET)
        .add("/_cluster/voting_config_exclusions", clusterOps::postVotingExclusions, POST)
        .add("/_cluster/voting_config_exclusions", clusterOps::deleteVotingExclusions, DELETE)
        .add("/_cluster/reroute", clusterOps::reroute, POST)
        .add("/_cluster/pending_tasks", clusterOps::pendingTasks, GET)
        .add("/_remote/info", clusterOps::remoteInfo, GET)
        .add("/_cluster/allocation/explain", clusterOps::allocationExplain, GET, POST)
        .add("/_cluster/stats", clusterOps::stats, GET)
        .add("/_cluster/stats/nodes/{node_id}", clusterOps::stats, GET)
        .add("/_recovery", shardViews::recovery, GET)
        .add("/{index}/_recovery", shardViews::recovery, GET)
        .add("/_upgrade", shardViews::upgradeStatus, GET)
        .add("/_upgrade", shardViews::upgrade, POST)
        .add("/{index}/_upgrade", shardViews::upgradeStatus, GET)
        .add("/{index}/_upgrade", shardViews::upgrade, POST)
        .add("/_shard_stores", shardViews::shardStores, GET)
        .add("/{index}/_shard_stores", shardViews::shardStores, GET)
        .add("/_field_caps", new FieldCapsHandler(actions), GET, POST)
        .add("/{index}/_field_caps", new FieldCapsHandler(actions), GET, POST)
        .add("/_mapping/field/{fields}", fieldMapping, GET)
        .add("/{index}/_mapping/field/{fields}", fieldMapping, GET)
        .add("/_nodes", nodes::info, GET)
        .add("/_nodes/{node_id}", nodes::info, GET)
        .add("/_nodes/{node_id}/{metric}", nodes::info, GET)
        .add("/_nodes/stats", nodes::stats, GET)
        .add("/_nodes/stats/{metric}", nodes::stats, GET)
        .add("/_nodes/stats/{metric}/{index_metric}", nodes::stats, GET)
        .add("/_nodes/{node_id}/stats", nodes::stats, GET)
        .add("/_nodes/{node_id}/stats/{metric}", nodes::stats, GET)
        .add("/_nodes/{node_id}/stats/{metric}/{index_metric}", nodes::stats, GET)
        .add("/_cat/indices", cluster::catIndices, GET)
        .add("/_cat/indices/{index}", cluster::catIndices, GET)
        .add("/_cat/count", cat::count, GET)
        .add("/_cat/allocation", catNodes::allocation, GET)
        .add("/_cat/allocation/{node_id}", catNodes::allocation, GET)
        .add("/_cat/nodes", catNodes::nodes, GET)
        .add("/_cat/shards", catNodes::shards, GET)
        .add("/_cat/shards/{index}", catNodes::shards, GET)
        .add("/_cat/cluster_manager", catNodes::clusterManager, GET)
        .add("/_cat/master", catNodes::clusterManager, GET)
        .add("/_cat/thread_pool", catNodes::threadPool, GET)
        .add("/_cat/thread_pool/{thread_pool_patterns}", catNodes::threadPool, GET)
        .add("/_cat/nodeattrs", catNodes::nodeattrs, GET)
        .add("/_cat/plugins", catNodes::plugins, GET)
        .add("/_cat/fielddata", catNodes::fielddata, GET)
        .add("/_cat/fielddata/{fields}", catNodes::fielddata, GET)
        .add("/_cat/repositories", catNodes::repositories, GET)
        .add("/_cat/tasks", tasks::cat, GET)
        .add("/_cat/segments", segments::cat, GET)
        .add("/_cat/segments/{index}", segments::cat, GET)
        .add("/_segments", segments::segments, GET)
        .add("/{index}/_segments", segments::segments, GET)
        .add("/_cat/count/{index}", cat::count, GET)
        .add("/_cat/health", cat::health, GET)
        .add("/_cat/aliases", cat::aliases, GET)
        .add("/_cat/aliases/{name}", cat::aliases, GET)
        .add("/_mapping", index::mapping, GET)
        .add("/_refresh", index::refresh, GET, POST)
        .add("/_flush", index::flush, GET, POST)
        .add("/_forcemerge", forceMerge, POST)
        .add("/_stats", stats, GET)
        .add("/_stats/{metric}", stats, GET)
        .add("/_bulk", docs::bulk, POST, PUT)
        .add("/_search", search, GET, POST)
        .add("/_count", search::count, GET, POST)
        .add("/_search/point_in_time", sessions::deletePits, DELETE)
        .add("/_search/point_in_time/_all", sessions::allPits, GET)
        .add("/_search/point_in_time/_all", sessions::deleteAllPits, DELETE)
        .add("/{index}/_search/point_in_time", sessions::createPit, POST)
        .add("/_search/scroll", sessions::scroll, GET, POST)
        .add("/_search/scroll", sessions::clearScroll, DELETE)
        .add("/_search/scroll/{scroll_id}", sessions::scroll, GET, POST)
        .add("/_search/scroll/{scroll_id}", sessions::clearScroll, DELETE)
        .add("/_analyze", analyze, GET, POST)
        .add("/{index}/_analyze", analyze, GET, POST)
        .add("/_validate/query", validate, GET, POST)
        .add("/_msearch", msearch, GET, POST)
        .add("/{index}/_msearch", msearch, GET, POST)
        .add("/{index}/_validate/query", validate, GET, POST)
        .add("/{index}", index::create, PUT)
        .add("/{index}", index::delete, DELETE)
        .add("/{index}", index::exists, HEAD)
        .add("/{index}", index::get, GET)
        .add("/{index}/_mapping", index::mapping, GET)
        .add("/{index}/_refresh", index::refresh, GET, POST)
        .add("/{index}/_flush", index::flush, GET, POST)
        .add("/{index}/_forcemerge", forceMerge, POST)
        .add("/{index}/_stats", stats, GET)
        .add("/{index}/_stats/{metric}", stats, GET)
        .add("/{index}/_bulk", docs::bulk, POST, PUT)
        .add("/{index}/_search", search, GET, POST)
        .add("/{index}/_count", search::count, GET, POST)
        .add("/{index}/_explain/{id}", explain, GET, POST)
        .add("/{index}/_termvectors", termVectors::single, GET, POST)
        .add("/{index}/_termvectors/{id}", termVectors::single, GET, POST)
        .add("/_mtermvectors", termVectors::multi, GET, POST)
        .add("/{index}/_mtermvectors", termVectors::multi, GET, POST)
        .add("/{index}/_doc", docs::index, POST)
        .add("/{index}/_doc/{id}", docs::index, PUT, POST)
        .add("/{index}/_doc/{id}", docs::get, GET)
        .add("/{index}/_doc/{id}", docs::exists, HEAD)
        .add("/{index}/_doc/{id}", docs::delete, DELETE)
        .add("/{index}/_source/{id}", docs::source, GET)
        .add("/{index}/_source/{id}", docs::sourceExists, HEAD)
        .add("/{index}/_create/{id}", docs::create, PUT, POST)
        .add("/{index}/_update/{id}", docs::update, POST)
        .add("/_mget", mget, GET, POST)
        .add("/{index}/_mget", mget, GET, POST)
        .add("/{index}/_delete_by_query", byQuery::deleteByQuery, POST)
        .add("/{index}/_update_by_query", byQuery::updateByQuery, POST)
        .add("/_reindex", new ReindexHandler(actions)::reindex, POST)
        .add("/{index}/_mapping", index::putMapping, PUT, POST)
        .add("/_settings", index::settings, GET)
        .add("/_settings", index::putSettings, PUT)
        .add("/_settings/{name}", index::settings, GET)
        .add("/{index}/_settings", index::settings, GET)
        .add("/{index}/_settings", index::putSettings, PUT)
        .add("/{index}/_settings/{name}", index::settings, GET)
        .add("/_aliases", aliases::update, POST)
        .add("/_alias", aliases::get, GET)
        .add("/_alias/{name}", aliases::get, GET)
        .add("/_alias/{name}", aliases::exists, HEAD)
        .add("/{index}/_alias", aliases::get, GET)
        .add("/{index}/_alias/{name}", aliases::get, GET)
        .add("/{index}/_alias/{name}", aliases::exists, HEAD)
        .add("/{index}/_alias/{name}", aliases::put, PUT, POST)
        .add("/{index}/_alias/{name}", aliases::delete, DELETE)
        .add("/{index}/_aliases/{name}", aliases::put, PUT, POST)
        .add("/{index}/_aliases/{name}", aliases::delete, DELETE)
        .add("/{index}/_alias", aliases::put, PUT)
        .add("/{index}/_aliases", aliases::put, PUT)
        .add("/_alias/{name}", aliases::put, PUT, POST)
        .add("/_aliases/{name}", aliases::put, PUT, POST)
        .add("/_alias", aliases::put, PUT)
        .add("/_cache/clear", index::clearCache, POST)
        .add("/{index}/_cache/clear", index::clearCache, POST)
        .add("/{index}/_rollover", new RolloverHandler(actions), POST)
        .add(
            "/{index}/_shrink/{target}",
            new ResizeHandler(actions, ResizeRequest.Type.SHRINK),
            PUT,
            POST)
        .add(
            "/{index}/_split/{target}",
            new ResizeHandler(actions, ResizeRequest.Type.SPLIT),
            PUT,
            POST)
        .add(
            "/{index}/_clone/{target}",
            new ResizeHandler(actions, ResizeRequest.Type.CLONE),
            PUT,
            POST)
        .add("/_tasks", tasks::list, GET)
        .add("/_resolve/index/{name}", new ResolveIndexHandler(actions), GET)
        .add("/_search_shards", new SearchShardsHandler(actions, node, clusterState), GET, POST)
        .add(
            "/{index}/_search_shards",
            new SearchShardsHandler(actions, node, clusterState),
            GET,
            POST)
        .add("/_nodes/reload_secure_settings", new SecureSettingsHandler(node), POST)
        .add("/_nodes/{node_id}/reload_secure_settings", new SecureSettingsHandler(node), POST)
        .add("/_tasks/_cancel", tasks::cancel, POST)
        .add("/_tasks/{task_id}", tasks::get, GET)
        .add("/_tasks/{task_id}/_cancel", tasks::cancel, POST)
        .add(
            "/_delete_by_query/{task_id}/_rethrottle",
            r -> tasks.rethrottle(r, "indices:data/write/delete/byquery"),
            POST)
        .add(
            "/_update_by_query/{task_id}/_rethrottle",
            r -> tasks.rethrottle(r, "indices:data/write/update/byquery"),
            POST)
        .add(
            "/_reindex/{task_id}/_rethrottle",
            r -> tasks.rethrottle(r, "indices:data/write/reindex"),
            POST)
        .add("/{index}/_rollover/{new_index}", new RolloverHandler(actions), POST)
        .add("/{index}/_close", state::close, POST)
        .add("/{index}/_open", state::open, POST)
        .add("/{index}/_block/{block}", state::block, PUT)
        .add("/_template", templates::getLegacy, GET)
        .add("/_template/{name}", templates::getLegacy, GET)
        .add("/_template/{name}", templates::existsLegacy, HEAD)
        .add("/_template/{name}", templates::putLegacy, PUT, POST)
        .add("/_template/{name}", templates::deleteLegacy, DELETE)
        .add("/_index_template", templates::getComposable, GET)
        .add("/_index_template/{name}", templates::getComposable, GET)
        .add("/_index_template/{name}", templates::existsComposable, HEAD)
        .add("/_index_template/{name}", templates::putComposable, PUT, POST)
        .add("/_index_template/{name}", templates::deleteComposable, DELETE)
        .add("/_index_template/_simulate_index/{name}", templates::simulateIndex, POST)
        .add("/_index_template/_simulate", templates::simulateTemplate, POST)
        .add("/_index_template/_simulate/{name}", templates::simulateTemplate, POST)
        .add("/_component_template", templates::getComponent, GET)
        .add("/_component_template/{name}", templates::getComponent, GET)
        .add("/_component_template/{name}", templates::existsComponent, HEAD)
        .add("/_component_template/{name}", templates::putComponent, PUT, POST)
        .add("/_component_template/{name}", templates::deleteComponent, DELETE)
        .add("/_cat/templates", templates::cat, GET)
        .add("/_cat/templates/{name}", templates::cat, GET)
        .add("/_ingest/pipeline", pipelines::getIngest, GET)
        .add("/_ingest/pipeline/_simulate", pipelines::simulate, GET, POST)
        .add("/_ingest/pipeline/{id}", pipelines::getIngest, GET)
        .add("/_ingest/pipeline/{id}", pipelines::putIngest, PUT)
        .add("/_ingest/pipeline/{id}", pipelines::deleteIngest, DELETE)
        .add("/_ingest/pipeline/{id}/_simulate", pipelines::simulate, GET, POST)
        .add("/_ingest/processor/grok", pipelines::grok, GET)
        .add("/_search/pipeline", pipelines::getSearch, GET)
        .add("/_search/pipeline/{id}", pipelines::getSearch, GET)
        .add("/_search/pipeline/{id}", pipelines::putSearch, PUT)
        .add("/_search/pipeline/{id}", pipelines::deleteSearch, DELETE)
        .add("/_script_context", pipelines::scriptContext, GET)
        .add("/_script_language", pipelines::scriptLanguage, GET)
        .add("/_snapshot", snapshots::getRepositories, GET)
        .add("/_snapshot/{repository}", snapshots::getRepositories, GET)
        .add("/_snapshot/{repository}", snapshots::putRepository, PUT, POST)
        .add("/_snapshot/{repository}", snapshots::deleteRepository, DELETE)
        .add("/_snapshot/{repository}/_verify", snapshots::verifyRepository, POST)
        .add("/_snapshot/{repository}/_cleanup", snapshots::cleanupRepository, POST)
        .add("/_snapshot/{repository}/{snapshot}", snapshots::create, PUT, POST)
        .add("/_snapshot/{repository}/{snapshot}", snapshots::get, GET)
        .add("/_snapshot/{repository}/{snapshot}", snapshots::delete, DELETE)
        .add(
            "/_snapshot/{repository}/{snapshot}/_clone/{target_snapshot}",
            snapshots::cloneSnapshot,
            PUT)
        .add("/_snapshot/{repository}/{snapshot}/_restore", snapshots::restore, POST)
        .add("/_snapshot/_status", snapshots::status, GET)
        .add("/_snapshot/{repository}/_status", snapshots::status, GET)
        .add("/_snapshot/{repository}/{snapshot}/_status", snapshots::status, GET)
        .add("/_snapshot/{repository}/{snapshot}/{index}/_status", snapshots::status, GET)
        .add("/_cat/snapshots", snapshots::cat, GET)
        .add("/_cat/snapshots/{repository}", snapshots::cat, GET);
  }
}
