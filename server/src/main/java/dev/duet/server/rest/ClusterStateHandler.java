package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.IndexSettingsEncoder;
import dev.duet.server.rest.codec.Json;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code GET /_cluster/state[/{metric}[/{index}]]}: the one node's cluster state in OpenSearch's
 * shape, with its metric and index filters. The metadata is the engine's (settings, mappings,
 * aliases); the routing table places every primary on this node and leaves replicas unassigned, as
 * a one-node OpenSearch does. Duet keeps no versioned cluster state: {@code version} counts the
 * metadata changes this node has seen answering, and {@code state_uuid} names the metadata.
 */
final class ClusterStateHandler {
  /** OpenSearch's {@code ClusterState.Metric} names. */
  static final Set<String> METRICS =
      Set.of(
          "version",
          "master_node",
          "cluster_manager_node",
          "blocks",
          "nodes",
          "metadata",
          "routing_table",
          "routing_nodes",
          "customs");

  /** Index blocks by setting: OpenSearch's id, description and levels. */
  private static final List<Block> BLOCKS =
      List.of(
          new Block(
              "blocks.read_only", "5", "index read-only (api)", List.of("write", "metadata_write")),
          new Block("blocks.read", "7", "index read (api)", List.of("read")),
          new Block("blocks.write", "8", "index write (api)", List.of("write")),
          new Block(
              "blocks.metadata",
              "9",
              "index metadata (api)",
              List.of("metadata_read", "metadata_write")),
          new Block(
              "blocks.read_only_allow_delete",
              "12",
              "disk usage exceeded flood-stage watermark, index has read-only-allow-delete block",
              List.of("write", "metadata_write")));

  /** The block a closed index carries, whatever its settings. */
  private static final Block CLOSED =
      new Block(null, "4", "index closed", List.of("read", "write"));

  private final Actions actions;
  private final NodeIdentity node;
  private final String ephemeralId;
  private final VotingExclusions exclusions;
  private String lastStateUuid;
  private long version;

  ClusterStateHandler(Actions actions, NodeIdentity node, VotingExclusions exclusions) {
    this.actions = actions;
    this.node = node;
    this.exclusions = exclusions;
    this.ephemeralId = id(node.nodeId() + "/" + System.nanoTime());
  }

  RestResponse handle(RestRequest request) throws IOException {
    String metric = request.pathParam("metric");
    String index = request.pathParam("index");
    Set<String> metrics = metrics(metric, index);
    boolean filtered = index != null && !index.equals("_all");
    // Unfiltered, the state holds every index, closed and hidden ones too.
    List<IndexInfo> all = actions.indices().list(null, IndicesOptions.ALL);
    List<IndexInfo> indices =
        filtered
            ? actions
                .indices()
                .list(index, RestIndicesOptions.of(request, new IndicesOptions(true, true, true)))
            : all;
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeStringField("cluster_name", node.clusterName());
    writeState(g, metrics, indices, all);
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /**
   * The state's fields after {@code cluster_name}: {@code indices} are those the metadata and
   * routing table show, {@code all} every index (blocks and routing nodes are not filtered).
   */
  void writeState(
      JsonGenerator g, Set<String> metrics, List<IndexInfo> indices, List<IndexInfo> all)
      throws IOException {
    String stateUuid = stateUuid(all);
    long stateVersion = observe(stateUuid);
    g.writeStringField("cluster_uuid", node.clusterUuid());
    if (metrics.contains("version")) {
      g.writeNumberField("version", stateVersion);
      g.writeStringField("state_uuid", stateUuid);
    }
    if (metrics.contains("master_node")) {
      g.writeStringField("master_node", node.nodeId());
    }
    if (metrics.contains("cluster_manager_node")) {
      g.writeStringField("cluster_manager_node", node.nodeId());
    }
    if (metrics.contains("blocks")) {
      writeBlocks(g, all);
    }
    if (metrics.contains("nodes")) {
      g.writeObjectFieldStart("nodes");
      g.writeObjectFieldStart(node.nodeId());
      g.writeStringField("name", node.nodeName());
      g.writeStringField("ephemeral_id", ephemeralId);
      g.writeStringField("transport_address", node.transportAddress());
      g.writeObjectFieldStart("attributes");
      for (Map.Entry<String, String> attr : node.attributes().entrySet()) {
        g.writeStringField(attr.getKey(), attr.getValue());
      }
      g.writeEndObject();
      g.writeEndObject();
      g.writeEndObject();
    }
    if (metrics.contains("metadata")) {
      writeMetadata(g, indices);
    }
    if (metrics.contains("routing_table")) {
      g.writeObjectFieldStart("routing_table");
      g.writeObjectFieldStart("indices");
      for (IndexInfo info : indices) {
        g.writeObjectFieldStart(info.name());
        g.writeObjectFieldStart("shards");
        for (int shard = 0; shard < info.settings().numberOfShards(); shard++) {
          g.writeArrayFieldStart(Integer.toString(shard));
          writePrimary(g, info, shard);
          for (int r = 0; r < info.settings().numberOfReplicas(); r++) {
            writeReplica(g, info, shard);
          }
          g.writeEndArray();
        }
        g.writeEndObject();
        g.writeEndObject();
      }
      g.writeEndObject();
      g.writeEndObject();
    }
    if (metrics.contains("routing_nodes")) {
      g.writeObjectFieldStart("routing_nodes");
      g.writeArrayFieldStart("unassigned");
      for (IndexInfo info : all) {
        for (int shard = 0; shard < info.settings().numberOfShards(); shard++) {
          for (int r = 0; r < info.settings().numberOfReplicas(); r++) {
            writeReplica(g, info, shard);
          }
        }
      }
      g.writeEndArray();
      g.writeObjectFieldStart("nodes");
      g.writeArrayFieldStart(node.nodeId());
      for (IndexInfo info : all) {
        for (int shard = 0; shard < info.settings().numberOfShards(); shard++) {
          writePrimary(g, info, shard);
        }
      }
      g.writeEndArray();
      g.writeEndObject();
      g.writeEndObject();
    }
  }

  static Set<String> metrics(String metric, String index) {
    if (metric == null || metric.isEmpty()) {
      return METRICS;
    }
    Set<String> asked = new LinkedHashSet<>(IndexHandlers.split(metric));
    if (asked.contains("_all")) {
      return METRICS;
    }

    TreeSet<String> unknown = new TreeSet<>();
    for (String name : asked) {
      if (!METRICS.contains(name)) {
        unknown.add(name);
      }
    }
    if (!unknown.isEmpty()) {
      String path = "/_cluster/state/" + metric + (index == null ? "" : "/" + index);
      throw DuetException.illegalArgument(AcceptedParams.message(path, unknown, METRICS, "metric"));
    }
    return asked;
  }

  private void writeBlocks(JsonGenerator g, List<IndexInfo> indices) throws IOException {
    g.writeObjectFieldStart("blocks");
    boolean any = false;
    for (IndexInfo info : indices) {
      List<Block> on = new ArrayList<>();
      if (info.closed()) {
        on.add(CLOSED);
      }
      for (Block block : BLOCKS) {
        if ("true".equals(info.settings().get(block.setting()))) {
          on.add(block);
        }
      }
      if (on.isEmpty()) {
        continue;
      }
      if (!any) {
        g.writeObjectFieldStart("indices");
        any = true;
      }
      g.writeObjectFieldStart(info.name());
      for (Block block : on) {
        g.writeObjectFieldStart(block.id());
        g.writeStringField("description", block.description());
        g.writeBooleanField("retryable", false);
        g.writeArrayFieldStart("levels");
        for (String level : block.levels()) {
          g.writeString(level);
        }
        g.writeEndArray();
        g.writeEndObject();
      }
      g.writeEndObject();
    }
    if (any) {
      g.writeEndObject();
    }
    g.writeEndObject();
  }

  private void writeMetadata(JsonGenerator g, List<IndexInfo> indices) throws IOException {
    g.writeObjectFieldStart("metadata");
    g.writeStringField("cluster_uuid", node.clusterUuid());
    g.writeBooleanField("cluster_uuid_committed", true);
    g.writeObjectFieldStart("cluster_coordination");
    g.writeNumberField("term", 1);
    for (String config : List.of("last_committed_config", "last_accepted_config")) {
      g.writeArrayFieldStart(config);
      g.writeString(node.nodeId());
      g.writeEndArray();
    }
    g.writeArrayFieldStart("voting_config_exclusions");
    for (VotingExclusions.Exclusion e : exclusions.list()) {
      g.writeStartObject();
      g.writeStringField("node_id", e.nodeId());
      g.writeStringField("node_name", e.nodeName());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
    g.writeObjectFieldStart("templates");
    g.writeEndObject();
    g.writeObjectFieldStart("indices");
    for (IndexInfo info : indices) {
      g.writeObjectFieldStart(info.name());
      g.writeNumberField("routing_num_shards", info.settings().routingNumShards());
      g.writeStringField("state", info.state());
      g.writeFieldName("settings");
      IndexSettingsEncoder.write(
          g, IndexSettingsEncoder.flat(info), false, IndexSettingsEncoder.lists(info));
      g.writeObjectFieldStart("mappings");
      Map<String, Object> mapping = info.mapping().toMap();
      if (!mapping.isEmpty()) {
        g.writeFieldName("_doc");
        Json.writeValue(g, mapping);
      }
      g.writeEndObject();
      g.writeArrayFieldStart("aliases");
      for (String alias : info.aliases().keySet()) {
        g.writeString(alias);
      }
      g.writeEndArray();
      g.writeObjectFieldStart("primary_terms");
      for (int shard = 0; shard < info.settings().numberOfShards(); shard++) {
        g.writeNumberField(Integer.toString(shard), 1);
      }
      g.writeEndObject();
      g.writeObjectFieldStart("in_sync_allocations");
      for (int shard = 0; shard < info.settings().numberOfShards(); shard++) {
        g.writeArrayFieldStart(Integer.toString(shard));
        g.writeString(allocationId(info, shard));
        g.writeEndArray();
      }
      g.writeEndObject();
      g.writeObjectFieldStart("rollover_info");
      g.writeEndObject();
      g.writeBooleanField("system", false);
      g.writeEndObject();
    }
    g.writeEndObject();
    g.writeObjectFieldStart("index-graveyard");
    g.writeArrayFieldStart("tombstones");
    g.writeEndArray();
    g.writeEndObject();
    g.writeEndObject();
  }

  private void writePrimary(JsonGenerator g, IndexInfo info, int shard) throws IOException {
    g.writeStartObject();
    g.writeStringField("state", "STARTED");
    g.writeBooleanField("primary", true);
    g.writeBooleanField("searchOnly", false);
    g.writeStringField("node", node.nodeId());
    g.writeNullField("relocating_node");
    g.writeNumberField("shard", shard);
    g.writeStringField("index", info.name());
    g.writeObjectFieldStart("allocation_id");
    g.writeStringField("id", allocationId(info, shard));
    g.writeEndObject();
    g.writeEndObject();
  }

  private static void writeReplica(JsonGenerator g, IndexInfo info, int shard) throws IOException {
    g.writeStartObject();
    g.writeStringField("state", "UNASSIGNED");
    g.writeBooleanField("primary", false);
    g.writeBooleanField("searchOnly", false);
    g.writeNullField("node");
    g.writeNullField("relocating_node");
    g.writeNumberField("shard", shard);
    g.writeStringField("index", info.name());
    g.writeObjectFieldStart("recovery_source");
    g.writeStringField("type", "PEER");
    g.writeEndObject();
    g.writeObjectFieldStart("unassigned_info");
    g.writeStringField("reason", "INDEX_CREATED");
    g.writeStringField("at", java.time.Instant.ofEpochMilli(info.creationDate()).toString());
    g.writeBooleanField("delayed", false);
    g.writeStringField("allocation_status", "no_attempt");
    g.writeEndObject();
    g.writeEndObject();
  }

  /** A shard copy's allocation id: stable for the index's uuid and shard number. */
  /** The node's ephemeral id, as the cluster state names it. */
  String ephemeralId() {
    return ephemeralId;
  }

  static String allocationId(IndexInfo info, int shard) {
    return id(info.uuid() + "/" + shard);
  }

  /** The state's version: one more each time the metadata seen differs from the last seen. */
  private synchronized long observe(String stateUuid) {
    if (!stateUuid.equals(lastStateUuid)) {
      lastStateUuid = stateUuid;
      version++;
    }
    return version;
  }

  /** A name for the metadata: a digest of every index's name, uuid, settings, mapping, aliases. */
  private static String stateUuid(List<IndexInfo> indices) {
    StringBuilder b = new StringBuilder();
    for (IndexInfo info : indices) {
      b.append(info.name())
          .append('\u0000')
          .append(info.uuid())
          .append(info.settings().sorted())
          .append(info.mapping().toMap())
          .append(info.aliases().keySet())
          .append('\n');
    }
    return id(b.toString());
  }

  /** 22 URL-safe base64 characters of a SHA-256 digest, OpenSearch's id form. */
  private static String id(String seed) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(seed.getBytes(StandardCharsets.UTF_8));
      return Base64.getUrlEncoder()
          .withoutPadding()
          .encodeToString(java.util.Arrays.copyOf(digest, 16));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private record Block(String setting, String id, String description, List<String> levels) {}
}
