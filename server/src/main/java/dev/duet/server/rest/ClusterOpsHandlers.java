package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndexSegments;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.index.SegmentInfo;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.Json;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The cluster operations a one-node cluster answers: voting configuration exclusions, {@code
 * _cluster/reroute} (there is nowhere to move a shard to, so every command is refused with
 * OpenSearch's words), {@code _cluster/pending_tasks} (none), {@code _remote/info} (no remote
 * clusters), {@code _cluster/allocation/explain} and {@code _cluster/stats}.
 */
final class ClusterOpsHandlers {
  private final Actions actions;
  private final NodeIdentity node;
  private final VotingExclusions exclusions;
  private final ClusterStateHandler state;

  ClusterOpsHandlers(
      Actions actions, NodeIdentity node, VotingExclusions exclusions, ClusterStateHandler state) {
    this.actions = actions;
    this.node = node;
    this.exclusions = exclusions;
    this.state = state;
  }

  /**
   * {@code POST /_cluster/voting_config_exclusions}: by {@code node_ids} or {@code node_names}.
   * Excluding this node can never take effect (it is the only voter), which OpenSearch reports as a
   * 504 after its {@code timeout}; Duet answers it at once.
   */
  RestResponse postVotingExclusions(RestRequest request) throws IOException {
    String ids = request.param("node_ids");
    String names = request.param("node_names");
    if (names == null) {
      names = request.param("node_name");
    }
    if ((ids == null) == (names == null)) {
      throw DuetException.illegalArgument(
          "Please set node identifiers correctly. One and only one of [node_name], [node_names]"
              + " and [node_ids] has to be set");
    }
    List<VotingExclusions.Exclusion> added = new ArrayList<>();
    boolean self = false;
    for (String id : IndexHandlers.split(ids)) {
      boolean me = id.equals(node.nodeId());
      self |= me;
      added.add(new VotingExclusions.Exclusion(id, me ? node.nodeName() : VotingExclusions.ABSENT));
    }
    for (String name : IndexHandlers.split(names)) {
      boolean me = name.equals(node.nodeName());
      self |= me;
      added.add(new VotingExclusions.Exclusion(me ? node.nodeId() : VotingExclusions.ABSENT, name));
    }
    exclusions.add(added);
    if (self) {
      throw new DuetException(
          504,
          "timeout_exception",
          "timed out waiting for voting config exclusions [" + describe() + "] to take effect");
    }
    return RestResponse.empty(200);
  }

  /**
   * {@code DELETE /_cluster/voting_config_exclusions}: with {@code wait_for_removal} (the default)
   * an excluded node still in the cluster is a 504, as OpenSearch's wait would end.
   */
  RestResponse deleteVotingExclusions(RestRequest request) throws IOException {
    boolean wait = request.paramAsBoolean("wait_for_removal", true);
    if (wait
        && exclusions.list().stream()
            .anyMatch(
                e -> e.nodeId().equals(node.nodeId()) || e.nodeName().equals(node.nodeName()))) {
      throw new DuetException(
          504,
          "timeout_exception",
          "timed out waiting for removal of nodes; if nodes should not be removed, set"
              + " waitForRemoval to false. ["
              + describe()
              + "]");
    }
    exclusions.clear();
    return RestResponse.empty(200);
  }

  /**
   * {@code POST /_cluster/reroute}: the state after it (without metadata unless asked) and, with
   * {@code explain}, why each command was refused. Without {@code dry_run} or {@code explain} a
   * refused command is OpenSearch's 400.
   */
  RestResponse reroute(RestRequest request) throws IOException {
    List<Map<String, Object>> commands = commands(request);
    boolean explain = request.paramAsBoolean("explain", false);
    List<String[]> refusals = new ArrayList<>();
    for (Map<String, Object> command : commands) {
      refusals.add(refuse(command));
    }
    if (!explain) {
      for (String[] refusal : refusals) {
        throw DuetException.illegalArgument("[" + refusal[1] + "] " + refusal[2]);
      }
    }
    Set<String> metrics = rerouteMetrics(request.param("metric"));
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeBooleanField("acknowledged", true);
    g.writeObjectFieldStart("state");
    List<IndexInfo> all = actions.indices().list(null);
    state.writeState(g, metrics, all, all);
    g.writeEndObject();
    if (explain) {
      g.writeArrayFieldStart("explanations");
      for (int i = 0; i < commands.size(); i++) {
        Map<String, Object> command = commands.get(i);
        String name = command.keySet().iterator().next();
        g.writeStartObject();
        g.writeStringField("command", name);
        g.writeFieldName("parameters");
        Map<String, Object> parameters = new java.util.LinkedHashMap<>(asMap(command.get(name)));
        if (name.equals("cancel")) {
          parameters.putIfAbsent("allow_primary", false);
        }
        Json.writeValue(g, parameters);
        g.writeArrayFieldStart("decisions");
        g.writeStartObject();
        g.writeStringField("decider", refusals.get(i)[0]);
        g.writeStringField("decision", "NO");
        g.writeStringField("explanation", refusals.get(i)[2]);
        g.writeEndObject();
        g.writeEndArray();
        g.writeEndObject();
      }
      g.writeEndArray();
    }
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code GET /_cluster/pending_tasks}: a one-node Duet queues no cluster-state updates. */
  RestResponse pendingTasks(RestRequest request) throws IOException {
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeArrayFieldStart("tasks");
    g.writeEndArray();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code GET /_remote/info}: no remote cluster is configured. */
  RestResponse remoteInfo(RestRequest request) throws IOException {
    JsonOutput out = new JsonOutput(request.pretty());
    out.generator().writeStartObject();
    out.generator().writeEndObject();
    return RestResponse.json(200, out);
  }

  /**
   * {@code GET|POST /_cluster/allocation/explain}: a named shard copy, or without a body the first
   * unassigned replica. A primary is started here and cannot move (no other node); a replica cannot
   * be allocated beside its primary.
   */
  RestResponse allocationExplain(RestRequest request) throws IOException {
    String index = null;
    int shard = 0;
    boolean primary = false;
    if (request.hasContent()) {
      Map<String, Object> body = body(request);
      index = (String) body.get("index");
      shard = body.get("shard") instanceof Number n ? n.intValue() : 0;
      primary = Boolean.TRUE.equals(body.get("primary"));
      if (index == null) {
        throw DuetException.illegalArgument("index must be specified");
      }
    }
    IndexInfo info;
    if (index == null) {
      info =
          actions.indices().list(null).stream()
              .filter(i -> i.settings().numberOfReplicas() > 0)
              .findFirst()
              .orElseThrow(
                  () ->
                      DuetException.illegalArgument(
                          "No shard was specified in the explain API request, so this response"
                              + " explains a randomly chosen unassigned shard. There are no"
                              + " unassigned shards in this cluster to explain."));
    } else {
      // A closed index's shards are allocated too (OpenSearch replicates closed indices).
      String named = index;
      info =
          actions.indices().list(index, dev.duet.engine.index.IndicesOptions.ALL).stream()
              .findFirst()
              .orElseThrow(() -> DuetException.indexNotFound(named));
      if (shard < 0 || shard >= info.settings().numberOfShards()) {
        throw DuetException.illegalArgument(
            "No shard was found for index [" + index + "] and shard [" + shard + "]");
      }
      if (!primary && info.settings().numberOfReplicas() == 0) {
        throw DuetException.illegalArgument(
            "unable to find a replica shard assigned to node [null] for index ["
                + index
                + "] and shard ["
                + shard
                + "]");
      }
    }
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeStringField("index", info.name());
    g.writeNumberField("shard", shard);
    g.writeBooleanField("primary", primary);
    if (primary) {
      g.writeStringField("current_state", "started");
      g.writeObjectFieldStart("current_node");
      g.writeStringField("id", node.nodeId());
      g.writeStringField("name", node.nodeName());
      g.writeStringField("transport_address", node.transportAddress());
      g.writeNumberField("weight_ranking", 1);
      g.writeEndObject();
      g.writeStringField("can_remain_on_current_node", "yes");
      g.writeStringField("can_rebalance_cluster", "no");
      g.writeArrayFieldStart("can_rebalance_cluster_decisions");
      g.writeStartObject();
      g.writeStringField("decider", "cluster_rebalance");
      g.writeStringField("decision", "NO");
      g.writeStringField("explanation", "a one-node cluster has no other node to rebalance to");
      g.writeEndObject();
      g.writeEndArray();
      g.writeStringField("can_rebalance_to_other_node", "no");
      g.writeStringField("rebalance_explanation", "rebalancing is not allowed");
    } else {
      g.writeStringField("current_state", "unassigned");
      g.writeObjectFieldStart("unassigned_info");
      g.writeStringField("reason", "INDEX_CREATED");
      g.writeStringField("at", Instant.ofEpochMilli(info.creationDate()).toString());
      g.writeStringField("last_allocation_status", "no_attempt");
      g.writeEndObject();
      if (request.paramAsBoolean("include_disk_info", false)) {
        writeClusterInfo(g);
      }
      g.writeStringField("can_allocate", "no");
      g.writeStringField(
          "allocate_explanation",
          "cannot allocate because allocation is not permitted to any of the nodes");
      g.writeArrayFieldStart("node_allocation_decisions");
      g.writeStartObject();
      g.writeStringField("node_id", node.nodeId());
      g.writeStringField("node_name", node.nodeName());
      g.writeStringField("transport_address", node.transportAddress());
      g.writeStringField("node_decision", "no");
      g.writeNumberField("weight_ranking", 1);
      g.writeArrayFieldStart("deciders");
      g.writeStartObject();
      g.writeStringField("decider", "same_shard");
      g.writeStringField("decision", "NO");
      g.writeStringField(
          "explanation",
          "a copy of this shard is already allocated to this node [["
              + info.name()
              + "]["
              + shard
              + "], node["
              + node.nodeId()
              + "], [P], s[STARTED], a[id="
              + ClusterStateHandler.allocationId(info, shard)
              + "]]");
      g.writeEndObject();
      g.writeEndArray();
      g.writeEndObject();
      g.writeEndArray();
    }
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code GET /_cluster/stats[/nodes/{node_id}]}: the node's indices and platform, summed. */
  RestResponse stats(RestRequest request) throws IOException {
    List<IndexSegments> all = actions.indexAdmin().segments(null, IndicesOptions.DEFAULTS);
    long docs = 0;
    long deleted = 0;
    long bytes = 0;
    long segments = 0;
    int shards = 0;
    int unassigned = 0;
    for (IndexSegments s : all) {
      IndexInfo info = s.info();
      docs += info.docsCount();
      deleted += info.docsDeleted();
      bytes += info.storeSizeBytes();
      segments += s.segments().stream().filter(SegmentInfo::search).count();
      shards += info.settings().numberOfShards();
      unassigned += info.settings().numberOfShards() * info.settings().numberOfReplicas();
    }
    NodeMetrics.Snapshot snapshot = NodeMetrics.snapshot();
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeObjectFieldStart("_nodes");
    g.writeNumberField("total", 1);
    g.writeNumberField("successful", 1);
    g.writeNumberField("failed", 0);
    g.writeEndObject();
    g.writeStringField("cluster_name", node.clusterName());
    g.writeStringField("cluster_uuid", node.clusterUuid());
    g.writeNumberField("timestamp", System.currentTimeMillis());
    g.writeStringField("status", unassigned > 0 ? "yellow" : "green");
    g.writeObjectFieldStart("indices");
    g.writeNumberField("count", all.size());
    g.writeObjectFieldStart("shards");
    if (shards > 0) {
      g.writeNumberField("total", shards);
      g.writeNumberField("primaries", shards);
      g.writeNumberField("replication", 0.0);
    }
    g.writeEndObject();
    g.writeObjectFieldStart("docs");
    g.writeNumberField("count", docs);
    g.writeNumberField("deleted", deleted);
    g.writeEndObject();
    g.writeObjectFieldStart("store");
    g.writeNumberField("size_in_bytes", bytes);
    g.writeNumberField("reserved_in_bytes", 0);
    g.writeEndObject();
    g.writeObjectFieldStart("segments");
    g.writeNumberField("count", segments);
    for (String part :
        List.of(
            "memory",
            "terms_memory",
            "stored_fields_memory",
            "term_vectors_memory",
            "norms_memory",
            "points_memory",
            "doc_values_memory",
            "index_writer_memory",
            "version_map_memory",
            "fixed_bit_set_memory")) {
      g.writeNumberField(part + "_in_bytes", 0);
    }
    g.writeNumberField("max_unsafe_auto_id_timestamp", -1);
    g.writeObjectFieldStart("file_sizes");
    g.writeEndObject();
    g.writeEndObject();
    g.writeEndObject();
    g.writeObjectFieldStart("nodes");
    g.writeObjectFieldStart("count");
    for (String role :
        List.of(
            "total",
            "cluster_manager",
            "coordinating_only",
            "data",
            "ingest",
            "master",
            "remote_cluster_client",
            "search",
            "warm")) {
      boolean has =
          role.equals("total") || role.equals("master") || NodeSelection.ROLES.contains(role);
      g.writeNumberField(role, has ? 1 : 0);
    }
    g.writeEndObject();
    g.writeArrayFieldStart("versions");
    g.writeString(DuetVersion.OPENSEARCH);
    g.writeEndArray();
    g.writeObjectFieldStart("os");
    int cpus = Runtime.getRuntime().availableProcessors();
    g.writeNumberField("available_processors", cpus);
    g.writeNumberField("allocated_processors", cpus);
    g.writeObjectFieldStart("mem");
    long free = snapshot.ramTotal() - snapshot.ramUsed();
    g.writeNumberField("total_in_bytes", snapshot.ramTotal());
    g.writeNumberField("free_in_bytes", free);
    g.writeNumberField("used_in_bytes", snapshot.ramUsed());
    g.writeNumberField("free_percent", 100 - snapshot.ramPercent());
    g.writeNumberField("used_percent", snapshot.ramPercent());
    g.writeEndObject();
    g.writeEndObject();
    g.writeObjectFieldStart("process");
    g.writeObjectFieldStart("cpu");
    g.writeNumberField("percent", Math.max(0, snapshot.cpu()));
    g.writeEndObject();
    g.writeObjectFieldStart("open_file_descriptors");
    g.writeNumberField("min", snapshot.openFiles());
    g.writeNumberField("max", snapshot.openFiles());
    g.writeNumberField("avg", snapshot.openFiles());
    g.writeEndObject();
    g.writeEndObject();
    g.writeObjectFieldStart("jvm");
    g.writeNumberField("max_uptime_in_millis", snapshot.uptimeMillis());
    g.writeObjectFieldStart("mem");
    g.writeNumberField("heap_used_in_bytes", snapshot.heapUsed());
    g.writeNumberField("heap_max_in_bytes", snapshot.heapMax());
    g.writeEndObject();
    g.writeNumberField("threads", ManagementFactory.getThreadMXBean().getThreadCount());
    g.writeEndObject();
    long[] disk = NodeMetrics.disk(node.dataDir());
    g.writeObjectFieldStart("fs");
    g.writeNumberField("total_in_bytes", disk[0]);
    g.writeNumberField("available_in_bytes", disk[1]);
    g.writeEndObject();
    g.writeArrayFieldStart("plugins");
    g.writeEndArray();
    g.writeObjectFieldStart("network_types");
    g.writeObjectFieldStart("transport_types");
    g.writeNumberField("grpc", 1);
    g.writeEndObject();
    g.writeObjectFieldStart("http_types");
    g.writeNumberField("armeria", 1);
    g.writeEndObject();
    g.writeEndObject();
    g.writeObjectFieldStart("discovery_types");
    g.writeNumberField("single-node", 1);
    g.writeEndObject();
    g.writeArrayFieldStart("packaging_types");
    g.writeStartObject();
    g.writeStringField("type", "tar");
    g.writeNumberField("count", 1);
    g.writeEndObject();
    g.writeEndArray();
    g.writeEndObject();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  private void writeClusterInfo(JsonGenerator g) throws IOException {
    g.writeObjectFieldStart("cluster_info");
    g.writeObjectFieldStart("nodes");
    g.writeEndObject();
    g.writeObjectFieldStart("shard_sizes");
    g.writeEndObject();
    g.writeObjectFieldStart("shard_paths");
    g.writeEndObject();
    g.writeArrayFieldStart("reserved_sizes");
    g.writeEndArray();
    g.writeEndObject();
  }

  /** Why a command cannot run on one node: the decider, the command's name, the reason. */
  private String[] refuse(Map<String, Object> command) {
    String name = command.keySet().iterator().next();
    Map<String, Object> p = asMap(command.get(name));
    String index = (String) p.get("index");
    if (index != null) {
      actions.indices().index(index); // 404 for a missing index, as OpenSearch
    }
    Object shard = p.get("shard");
    return switch (name) {
      case "cancel" ->
          new String[] {
            "cancel_allocation_command",
            "cancel_allocation",
            "can't cancel " + shard + ", failed to find it on node " + describeFull()
          };
      case "move" -> {
        String to = String.valueOf(p.get("to_node"));
        String from = String.valueOf(p.get("from_node"));
        String missing = NodeSelection.selects(from, node) ? to : from;
        throw DuetException.illegalArgument(
            "failed to resolve [" + missing + "], no matching nodes");
      }
      case "allocate_replica", "allocate_stale_primary", "allocate_empty_primary" ->
          new String[] {
            name + "_allocation_command",
            name,
            "all copies of [" + index + "][" + shard + "] are already assigned"
          };
      default -> throw DuetException.illegalArgument("unknown field [" + name + "]");
    };
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> asMap(Object value) {
    return value instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> commands(RestRequest request) throws IOException {
    if (!request.hasContent()) {
      return List.of();
    }
    Object commands = body(request).get("commands");
    List<Map<String, Object>> out = new ArrayList<>();
    if (commands instanceof List<?> list) {
      for (Object c : list) {
        if (c instanceof Map<?, ?> m && m.size() == 1) {
          out.add((Map<String, Object>) m);
        } else {
          throw DuetException.illegalArgument("a reroute command must be an object with one key");
        }
      }
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> body(RestRequest request) throws IOException {
    try (JsonParser p =
        Json.parser(request.contentArray(), request.contentOffset(), request.contentLength())) {
      p.nextToken();
      Object value = Json.readValue(p);
      if (!(value instanceof Map<?, ?> m)) {
        throw DuetException.illegalArgument("request body is required to be an object");
      }
      return (Map<String, Object>) m;
    }
  }

  /** Reroute's metrics: the state's without metadata by default; unknown names are ignored. */
  private static Set<String> rerouteMetrics(String metric) {
    if (metric == null || metric.isEmpty()) {
      Set<String> metrics = new LinkedHashSet<>(ClusterStateHandler.METRICS);
      metrics.remove("metadata");
      metrics.remove("customs");
      return metrics;
    }
    Set<String> metrics = new LinkedHashSet<>();
    for (String name : IndexHandlers.split(metric)) {
      if (name.equals("_all")) {
        return ClusterStateHandler.METRICS;
      }
      if (ClusterStateHandler.METRICS.contains(name)) {
        metrics.add(name);
      }
    }
    return metrics;
  }

  private String describe() {
    return "{" + node.nodeName() + "}{" + node.nodeId() + "}";
  }

  private String describeFull() {
    return "{"
        + node.nodeName()
        + "}{"
        + node.nodeId()
        + "}{"
        + node.host()
        + "}{"
        + node.transportAddress()
        + "}{dimr}";
  }
}
