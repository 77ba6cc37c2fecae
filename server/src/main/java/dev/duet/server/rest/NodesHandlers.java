package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.breaker.CircuitBreakers;
import dev.duet.engine.breaker.MemorySize;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexStats;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.server.action.Actions;
import dev.duet.server.pool.WorkPool;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code GET /_nodes[/{node_id}][/{metric}]} and {@code GET /_nodes[/{node_id}]/stats[/{metric}[/
 * {index_metric}]]}: the one node, in OpenSearch's shapes, with the sections Duet has figures for
 * (JVM, OS, process and file system from the platform; pools, breakers and indexing pressure from
 * the node; indices from the engine). Node ids select as {@link NodeSelection} says; a selection
 * that misses the node answers no nodes, as OpenSearch does.
 */
final class NodesHandlers {
  /** OpenSearch 3.8's {@code NodesInfoRequest.Metric}; unknown names are ignored, as there. */
  private static final Set<String> INFO_METRICS =
      Set.of(
          "settings",
          "os",
          "process",
          "jvm",
          "thread_pool",
          "transport",
          "http",
          "plugins",
          "ingest",
          "aggregations",
          "indices",
          "search_pipelines");

  /** OpenSearch 3.8's {@code NodesStatsRequest.Metric}, for "did you mean". */
  private static final Set<String> STATS_METRICS =
      Set.of(
          "os",
          "process",
          "jvm",
          "thread_pool",
          "fs",
          "transport",
          "http",
          "breaker",
          "script",
          "discovery",
          "ingest",
          "adaptive_selection",
          "script_cache",
          "indexing_pressure",
          "shard_indexing_pressure",
          "search_backpressure",
          "cluster_manager_throttling",
          "weighted_routing",
          "file_cache",
          "task_cancellation",
          "search_pipeline",
          "resource_usage_stats",
          "segment_replication_backpressure",
          "repositories",
          "admission_control",
          "caches",
          "remote_store",
          "native_memory",
          "indices");

  /** OpenSearch's {@code CommonStatsFlags.Flag} names, as {@code _stats} reads them. */
  private static final Set<String> INDEX_METRICS =
      Set.of(
          "store",
          "indexing",
          "get",
          "search",
          "merge",
          "flush",
          "refresh",
          "query_cache",
          "fielddata",
          "docs",
          "warmer",
          "completion",
          "segments",
          "translog",
          "request_cache",
          "recovery");

  private final Actions actions;
  private final NodeIdentity node;

  NodesHandlers(Actions actions, NodeIdentity node) {
    this.actions = actions;
    this.node = node;
  }

  /**
   * {@code GET /_nodes[/{node_id}[/{metric}]]}. A lone path part made only of metric names is the
   * metrics of every node, as OpenSearch reads {@code /_nodes/http}.
   */
  RestResponse info(RestRequest request) throws IOException {
    String nodeIds = request.pathParam("node_id");
    String metric = request.pathParam("metric");
    if (nodeIds != null && metric == null) {
      List<String> parts = IndexHandlers.split(nodeIds);
      if (!parts.isEmpty() && INFO_METRICS.containsAll(parts)) {
        metric = nodeIds;
        nodeIds = null;
      }
    }
    Set<String> metrics =
        metric == null || metric.equals("_all")
            ? INFO_METRICS
            : new LinkedHashSet<>(IndexHandlers.split(metric));
    boolean flat = request.paramAsBoolean("flat_settings", false);
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    boolean selected = NodeSelection.selects(nodeIds, node);
    g.writeStartObject();
    writeHeader(g, selected);
    if (selected) {
      g.writeObjectFieldStart(node.nodeId());
      writeNode(g);
      g.writeStringField("version", DuetVersion.OPENSEARCH);
      g.writeStringField("build_type", "tar");
      g.writeStringField("build_hash", "unknown");
      writeRoles(g);
      if (metrics.contains("settings")) {
        writeSettings(g, flat);
      }
      if (metrics.contains("os")) {
        NodeMetrics.osInfo(g);
      }
      if (metrics.contains("process")) {
        NodeMetrics.processInfo(g);
      }
      if (metrics.contains("jvm")) {
        NodeMetrics.jvmInfo(g);
      }
      if (metrics.contains("thread_pool")) {
        writeThreadPoolInfo(g);
      }
      if (metrics.contains("transport")) {
        g.writeObjectFieldStart("transport");
        writeAddresses(g, node.transportAddress());
        g.writeObjectFieldStart("profiles");
        g.writeEndObject();
        g.writeEndObject();
      }
      if (metrics.contains("http")) {
        g.writeObjectFieldStart("http");
        writeAddresses(g, node.httpAddress());
        g.writeNumberField("max_content_length_in_bytes", node.maxContentLength());
        g.writeEndObject();
      }
      if (metrics.contains("plugins")) {
        g.writeArrayFieldStart("plugins");
        g.writeEndArray();
        g.writeArrayFieldStart("modules");
        g.writeEndArray();
      }
      if (metrics.contains("ingest")) {
        g.writeObjectFieldStart("ingest");
        g.writeArrayFieldStart("processors");
        for (String type : actions.pipelines().processorTypes()) {
          g.writeStartObject();
          g.writeStringField("type", type);
          g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
      }
      if (metrics.contains("aggregations")) {
        NodeAggregations.write(g);
      }
      g.writeEndObject();
    }
    g.writeEndObject();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code GET /_nodes[/{node_id}]/stats[/{metric}[/{index_metric}]]}. */
  RestResponse stats(RestRequest request) throws IOException {
    String metric = request.pathParam("metric");
    String indexMetric = request.pathParam("index_metric");
    String path = statsPath(request.pathParam("node_id"), metric, indexMetric);
    Set<String> metrics = names(path, metric, STATS_METRICS, "metric");
    Set<String> indexMetrics = Set.of();
    if (metrics.contains("indices")) {
      indexMetrics = names(path, indexMetric, INDEX_METRICS, "index metric");
    } else if (indexMetric != null) {
      throw DuetException.illegalArgument(
          "request ["
              + path
              + "] contains index metrics ["
              + indexMetric
              + "] but all stats requested");
    }
    String level = request.param("level", "node");
    if (!level.equals("node") && !level.equals("indices") && !level.equals("shards")) {
      throw DuetException.illegalArgument(
          "level parameter must be one of [indices] or [node] or [shards] but was [" + level + "]");
    }
    IndexStatsWriter.Options statsOptions = IndexStatsHandler.options(request, indexMetrics);
    long now = System.currentTimeMillis();
    boolean selected = NodeSelection.selects(request.pathParam("node_id"), node);
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    writeHeader(g, selected);
    if (selected) {
      g.writeObjectFieldStart(node.nodeId());
      g.writeNumberField("timestamp", now);
      writeNode(g);
      writeRoles(g);
      if (metrics.contains("indices")) {
        writeIndices(g, indexMetrics, level, statsOptions);
      }
      if (metrics.contains("os")) {
        NodeMetrics.osStats(g, now);
      }
      if (metrics.contains("process")) {
        NodeMetrics.processStats(g, now);
      }
      if (metrics.contains("jvm")) {
        NodeMetrics.jvmStats(g, now);
      }
      if (metrics.contains("thread_pool")) {
        writeThreadPoolStats(g);
      }
      if (metrics.contains("fs")) {
        NodeMetrics.fsStats(g, now, node.dataDir());
      }
      if (metrics.contains("transport")) {
        // A one-node Duet has no node-to-node transport: no connection, nothing sent.
        g.writeObjectFieldStart("transport");
        for (String key :
            List.of(
                "server_open",
                "total_outbound_connections",
                "rx_count",
                "rx_size_in_bytes",
                "tx_count",
                "tx_size_in_bytes")) {
          g.writeNumberField(key, 0);
        }
        g.writeEndObject();
      }
      if (metrics.contains("breaker")) {
        writeBreakers(g, actions.breakers());
      }
      if (metrics.contains("discovery")) {
        writeDiscovery(g);
      }
      if (metrics.contains("indexing_pressure")) {
        writeIndexingPressure(g);
      }
      if (metrics.contains("ingest")) {
        g.writeFieldName("ingest");
        dev.duet.server.rest.codec.Json.writeValue(g, actions.pipelines().stats());
      }
      g.writeEndObject();
    }
    g.writeEndObject();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  private void writeHeader(JsonGenerator g, boolean selected) throws IOException {
    int count = selected ? 1 : 0;
    g.writeObjectFieldStart("_nodes");
    g.writeNumberField("total", count);
    g.writeNumberField("successful", count);
    g.writeNumberField("failed", 0);
    g.writeEndObject();
    g.writeStringField("cluster_name", node.clusterName());
    g.writeObjectFieldStart("nodes");
  }

  private void writeNode(JsonGenerator g) throws IOException {
    g.writeStringField("name", node.nodeName());
    g.writeStringField("transport_address", node.transportAddress());
    g.writeStringField("host", node.host());
    g.writeStringField("ip", node.host());
  }

  private void writeRoles(JsonGenerator g) throws IOException {
    g.writeArrayFieldStart("roles");
    for (String role : NodeSelection.ROLES) {
      g.writeString(role);
    }
    g.writeEndArray();
    g.writeObjectFieldStart("attributes");
    for (Map.Entry<String, String> attr : node.attributes().entrySet()) {
      g.writeStringField(attr.getKey(), attr.getValue());
    }
    g.writeEndObject();
  }

  /** The node's settings as given at start, nested or flat; {@code client.type} as OpenSearch. */
  private void writeSettings(JsonGenerator g, boolean flat) throws IOException {
    Map<String, String> settings = new TreeMap<>();
    settings.put("client.type", "node");
    settings.put("cluster.name", node.clusterName());
    settings.put("node.name", node.nodeName());
    settings.put("network.host", node.host());
    settings.put("http.port", Integer.toString(node.httpPort()));
    settings.put("http.type.default", "armeria");
    settings.put("transport.type.default", "grpc");
    settings.put("grpc.port", Integer.toString(node.transportPort()));
    settings.put("path.data", node.dataDir().toString());
    settings.put("path.home", System.getProperty("user.dir"));
    g.writeObjectFieldStart("settings");
    if (flat) {
      for (Map.Entry<String, String> e : settings.entrySet()) {
        g.writeStringField(e.getKey(), e.getValue());
      }
    } else {
      writeNested(g, settings);
    }
    g.writeEndObject();
  }

  /** Flat keys ({@code a.b.c}) as nested objects; the map is sorted, so siblings are adjacent. */
  static void writeNested(JsonGenerator g, Map<String, String> sorted) throws IOException {
    String[] open = new String[0];
    for (Map.Entry<String, String> e : sorted.entrySet()) {
      String[] parts = e.getKey().split("\\.");
      int common = 0;
      while (common < open.length
          && common < parts.length - 1
          && open[common].equals(parts[common])) {
        common++;
      }
      for (int i = open.length; i > common; i--) {
        g.writeEndObject();
      }
      for (int i = common; i < parts.length - 1; i++) {
        g.writeObjectFieldStart(parts[i]);
      }
      g.writeStringField(parts[parts.length - 1], e.getValue());
      open = java.util.Arrays.copyOf(parts, parts.length - 1);
    }
    for (int i = open.length; i > 0; i--) {
      g.writeEndObject();
    }
  }

  private static void writeAddresses(JsonGenerator g, String address) throws IOException {
    g.writeArrayFieldStart("bound_address");
    g.writeString(address);
    g.writeEndArray();
    g.writeStringField("publish_address", address);
  }

  private List<WorkPool> pools() {
    return node.pools() == null ? List.of() : List.of(node.pools().search(), node.pools().write());
  }

  private void writeThreadPoolInfo(JsonGenerator g) throws IOException {
    g.writeObjectFieldStart("thread_pool");
    for (WorkPool pool : pools()) {
      g.writeObjectFieldStart(pool.name());
      g.writeStringField("type", "fixed");
      g.writeNumberField("size", pool.size());
      g.writeNumberField("queue_size", pool.queueCapacity());
      g.writeEndObject();
    }
    g.writeEndObject();
  }

  private void writeThreadPoolStats(JsonGenerator g) throws IOException {
    g.writeObjectFieldStart("thread_pool");
    for (WorkPool pool : pools()) {
      WorkPool.Stats s = pool.stats();
      g.writeObjectFieldStart(pool.name());
      g.writeNumberField("threads", s.threads());
      g.writeNumberField("queue", s.queue());
      g.writeNumberField("active", s.active());
      g.writeNumberField("rejected", s.rejected());
      g.writeNumberField("largest", s.largest());
      g.writeNumberField("completed", s.completed());
      g.writeEndObject();
    }
    g.writeEndObject();
  }

  private static void writeBreakers(JsonGenerator g, CircuitBreakers breakers) throws IOException {
    g.writeObjectFieldStart("breakers");
    long used = 0;
    long tripped = 0;
    for (CircuitBreakers.Breaker b : List.of(breakers.request(), breakers.inFlightRequests())) {
      writeBreaker(g, b.name(), b.limit(), b.used(), b.tripped());
      used += b.used();
    }
    writeBreaker(g, "parent", breakers.totalLimit(), used, tripped);
    g.writeEndObject();
  }

  private static void writeBreaker(JsonGenerator g, String name, long limit, long used, long n)
      throws IOException {
    g.writeObjectFieldStart(name);
    g.writeNumberField("limit_size_in_bytes", limit);
    g.writeStringField("limit_size", MemorySize.format(limit));
    g.writeNumberField("estimated_size_in_bytes", used);
    g.writeStringField("estimated_size", MemorySize.format(used));
    g.writeNumberField("overhead", 1.0);
    g.writeNumberField("tripped", n);
    g.writeEndObject();
  }

  /** A one-node Duet publishes no cluster states: every count is zero. */
  private static void writeDiscovery(JsonGenerator g) throws IOException {
    g.writeObjectFieldStart("discovery");
    g.writeObjectFieldStart("cluster_state_queue");
    g.writeNumberField("total", 0);
    g.writeNumberField("pending", 0);
    g.writeNumberField("committed", 0);
    g.writeEndObject();
    g.writeObjectFieldStart("published_cluster_states");
    g.writeNumberField("full_states", 0);
    g.writeNumberField("incompatible_diffs", 0);
    g.writeNumberField("compatible_diffs", 0);
    g.writeEndObject();
    g.writeEndObject();
  }

  /** The write pool's admitted bodies: Duet's coordinating and primary bytes are one. */
  private void writeIndexingPressure(JsonGenerator g) throws IOException {
    WorkPool.Pressure p =
        node.pools() == null ? new WorkPool.Pressure(0, 0, 0, 0) : node.pools().write().pressure();
    g.writeObjectFieldStart("indexing_pressure");
    g.writeObjectFieldStart("memory");
    g.writeObjectFieldStart("current");
    writePressureBytes(g, p.current());
    g.writeEndObject();
    g.writeObjectFieldStart("total");
    writePressureBytes(g, p.total());
    g.writeNumberField("coordinating_rejections", p.rejections());
    g.writeNumberField("primary_rejections", 0);
    g.writeNumberField("replica_rejections", 0);
    g.writeEndObject();
    g.writeNumberField("limit_in_bytes", p.limit() == Long.MAX_VALUE ? 0 : p.limit());
    g.writeEndObject();
    g.writeEndObject();
  }

  private static void writePressureBytes(JsonGenerator g, long bytes) throws IOException {
    g.writeNumberField("combined_coordinating_and_primary_in_bytes", bytes);
    g.writeNumberField("coordinating_in_bytes", bytes);
    g.writeNumberField("primary_in_bytes", bytes);
    g.writeNumberField("replica_in_bytes", 0);
    g.writeNumberField("all_in_bytes", bytes);
  }

  /**
   * {@code indices}: the engine's figures summed over the node's indices, and per index with {@code
   * level=indices} (or per shard with {@code level=shards}), from the same counters as {@code
   * _stats}.
   */
  private void writeIndices(
      JsonGenerator g, Set<String> metrics, String level, IndexStatsWriter.Options options)
      throws IOException {
    List<IndexStats> all = actions.indexAdmin().indexStats(null, IndicesOptions.DEFAULTS);
    IndexStatsHandler.Sum sum = new IndexStatsHandler.Sum();
    for (IndexStats stats : all) {
      sum.add(stats);
    }
    IndexStatsWriter writer = new IndexStatsWriter(g, options);
    g.writeObjectFieldStart("indices");
    sum.write(writer, metrics);
    if (level.equals("indices")) {
      g.writeObjectFieldStart("indices");
      for (IndexStats stats : all) {
        g.writeObjectFieldStart(stats.info().name());
        IndexStatsHandler.write(writer, metrics, stats);
        g.writeEndObject();
      }
      g.writeEndObject();
    } else if (level.equals("shards")) {
      g.writeObjectFieldStart("shards");
      for (IndexStats stats : all) {
        g.writeArrayFieldStart(stats.info().name());
        g.writeStartObject();
        g.writeObjectFieldStart("0");
        g.writeObjectFieldStart("routing");
        g.writeStringField("state", "STARTED");
        g.writeBooleanField("primary", true);
        g.writeStringField("node", node.nodeId());
        g.writeNullField("relocating_node");
        g.writeEndObject();
        IndexStatsHandler.write(writer, metrics, stats);
        g.writeEndObject();
        g.writeEndObject();
        g.writeEndArray();
      }
      g.writeEndObject();
    }
    g.writeEndObject();
  }

  /** The names asked for: all without any or with {@code _all} alone; unknown ones a 400. */
  private static Set<String> names(String path, String given, Set<String> known, String what) {
    if (given == null || given.isEmpty()) {
      return known;
    }
    Set<String> asked = new LinkedHashSet<>(IndexHandlers.split(given));
    if (asked.contains("_all")) {
      if (asked.size() > 1) {
        throw DuetException.illegalArgument(
            "request [" + path + "] contains _all and individual " + what + "s [" + given + "]");
      }
      return known;
    }
    TreeSet<String> unknown = new TreeSet<>();
    for (String name : asked) {
      if (!known.contains(name)) {
        unknown.add(name);
      }
    }
    if (!unknown.isEmpty()) {
      throw DuetException.illegalArgument(AcceptedParams.message(path, unknown, known, what));
    }
    return asked;
  }

  private static String statsPath(String nodeIds, String metric, String indexMetric) {
    StringBuilder path = new StringBuilder("/_nodes");
    if (nodeIds != null) {
      path.append('/').append(nodeIds);
    }
    path.append("/stats");
    if (metric != null) {
      path.append('/').append(metric);
    }
    if (indexMetric != null) {
      path.append('/').append(indexMetric);
    }
    return path.toString();
  }
}
