package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexFailure;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.mapping.Patterns;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code GET /_cluster/health} and {@code GET /_cat/indices} (columns in {@link CatIndicesTable})
 * for a one-node cluster: replicas can never be assigned, so an index with replicas is yellow, as
 * on a one-node OpenSearch.
 */
final class ClusterHandlers {
  private final Actions actions;
  private final NodeIdentity node;

  ClusterHandlers(Actions actions, NodeIdentity node) {
    this.actions = actions;
    this.node = node;
  }

  /**
   * {@code GET /_cluster/health[/{index}]}. A named index that does not exist can never turn green:
   * OpenSearch waits out {@code timeout} and answers 408, red, {@code timed_out: true}; Duet gives
   * that answer at once, as no other node could bring the index.
   */
  RestResponse health(RestRequest request) throws IOException {
    List<IndexInfo> indices = new ArrayList<>();
    List<IndexFailure> failed = new ArrayList<>();
    boolean missing = false;
    String expression = request.pathParam("index");
    // OpenSearch's health expands wildcards to open, closed and hidden indices by default.
    IndicesOptions options = RestIndicesOptions.of(request, IndicesOptions.ALL);
    if (expression == null) {
      indices.addAll(actions.indices().list(null, options));
      failed.addAll(actions.indices().failed());
    } else {
      Set<String> seen = new HashSet<>();
      for (String part : expression.split(",")) {
        List<IndexInfo> found;
        for (IndexFailure f : actions.indices().failed()) {
          if (names(part, f.name()) && seen.add(f.name())) {
            failed.add(f);
          }
        }
        if (seen.contains(part)) {
          found = List.of();
        } else if (IndexHandlers.isPattern(part)) {
          found = actions.indices().list(part, options);
        } else if (actions.indices().exists(part)) {
          found = actions.indices().list(part, options);
        } else {
          missing = true;
          found = List.of();
        }
        for (IndexInfo info : found) {
          if (seen.add(info.name())) {
            indices.add(info);
          }
        }
      }
    }
    int primaries = 0;
    int unassigned = 0;
    for (IndexInfo info : indices) {
      primaries += info.settings().numberOfShards();
      unassigned += info.settings().numberOfShards() * info.settings().numberOfReplicas();
    }
    for (IndexFailure f : failed) {
      unassigned += f.shards();
    }
    String status = missing || !failed.isEmpty() ? "red" : unassigned > 0 ? "yellow" : "green";
    // What one node can never bring: more nodes, or more active shard copies than its primaries.
    boolean timedOut =
        missing
            || !nodesWaitMet(request.param("wait_for_nodes"))
            || !activeShardsWaitMet(request.param("wait_for_active_shards"), primaries, unassigned);
    double activePercent = status.equals("green") ? 100.0 : activeShardsPercent();
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeStringField("cluster_name", node.clusterName());
    g.writeStringField("status", status);
    g.writeBooleanField("timed_out", timedOut);
    g.writeNumberField("number_of_nodes", 1);
    g.writeNumberField("number_of_data_nodes", 1);
    g.writeBooleanField("discovered_master", true);
    g.writeBooleanField("discovered_cluster_manager", true);
    g.writeNumberField("active_primary_shards", primaries);
    g.writeNumberField("active_shards", primaries);
    g.writeNumberField("relocating_shards", 0);
    g.writeNumberField("initializing_shards", 0);
    g.writeNumberField("unassigned_shards", unassigned);
    g.writeNumberField("delayed_unassigned_shards", 0);
    g.writeNumberField("number_of_pending_tasks", 0);
    g.writeNumberField("number_of_in_flight_fetch", 0);
    g.writeNumberField("task_max_waiting_in_queue_millis", 0);
    g.writeNumberField("active_shards_percent_as_number", activePercent);
    if ("indices".equals(request.param("level")) || "shards".equals(request.param("level"))) {
      g.writeObjectFieldStart("indices");
      for (IndexInfo info : indices) {
        int shards = info.settings().numberOfShards();
        int missingCopies = shards * info.settings().numberOfReplicas();
        g.writeObjectFieldStart(info.name());
        g.writeStringField("status", info.health());
        g.writeNumberField("number_of_shards", shards);
        g.writeNumberField("number_of_replicas", info.settings().numberOfReplicas());
        g.writeNumberField("active_primary_shards", shards);
        g.writeNumberField("active_shards", shards);
        g.writeNumberField("relocating_shards", 0);
        g.writeNumberField("initializing_shards", 0);
        g.writeNumberField("unassigned_shards", missingCopies);
        if ("shards".equals(request.param("level"))) {
          g.writeObjectFieldStart("shards");
          for (int shard = 0; shard < shards; shard++) {
            g.writeObjectFieldStart(Integer.toString(shard));
            g.writeStringField("status", info.health());
            g.writeBooleanField("primary_active", true);
            g.writeNumberField("active_shards", 1);
            g.writeNumberField("relocating_shards", 0);
            g.writeNumberField("initializing_shards", 0);
            g.writeNumberField("unassigned_shards", info.settings().numberOfReplicas());
            g.writeEndObject();
          }
          g.writeEndObject();
        }
        g.writeEndObject();
      }
      g.writeEndObject();
    }
    if (!failed.isEmpty()) {
      // Duet's own: why each red index is red (OpenSearch tells it in allocation/explain).
      g.writeArrayFieldStart("failed_indices");
      for (IndexFailure f : failed) {
        g.writeStartObject();
        g.writeStringField("index", f.name());
        g.writeStringField("uuid", f.uuid());
        g.writeStringField("reason", f.reason());
        g.writeEndObject();
      }
      g.writeEndArray();
    }
    g.writeEndObject();
    return RestResponse.json(timedOut ? 408 : 200, out);
  }

  /** {@code wait_for_nodes} ({@code N}, {@code >=N}, {@code ge(N)}, ...) against one node. */
  private static boolean nodesWaitMet(String wait) {
    if (wait == null || wait.isEmpty()) {
      return true;
    }
    String w = wait.strip();
    String op;
    String number;
    if (w.startsWith(">=") || w.startsWith("<=")) {
      op = w.substring(0, 2);
      number = w.substring(2);
    } else if (w.startsWith(">") || w.startsWith("<")) {
      op = w.substring(0, 1);
      number = w.substring(1);
    } else if (w.matches("(ge|le|gt|lt)\\(.*\\)")) {
      op =
          switch (w.substring(0, 2)) {
            case "ge" -> ">=";
            case "le" -> "<=";
            case "gt" -> ">";
            default -> "<";
          };
      number = w.substring(3, w.length() - 1);
    } else {
      op = "==";
      number = w;
    }
    int n;
    try {
      n = Integer.parseInt(number.strip());
    } catch (NumberFormatException e) {
      throw DuetException.illegalArgument("failed to parse [wait_for_nodes] value [" + wait + "]");
    }
    return switch (op) {
      case ">=" -> 1 >= n;
      case "<=" -> 1 <= n;
      case ">" -> 1 > n;
      case "<" -> 1 < n;
      default -> 1 == n;
    };
  }

  /** {@code wait_for_active_shards}: a count or {@code all}, against the primaries (all active). */
  private static boolean activeShardsWaitMet(String wait, int active, int unassigned) {
    if (wait == null || wait.isEmpty()) {
      return true;
    }
    if (wait.equals("all")) {
      return unassigned == 0;
    }
    try {
      return active >= Integer.parseInt(wait);
    } catch (NumberFormatException e) {
      throw DuetException.illegalArgument(
          "Invalid value [" + wait + "] for [wait_for_active_shards]");
    }
  }

  /**
   * OpenSearch's {@code active_shards_percent_as_number} is over every shard of the cluster, even
   * when the health asked about some indices (and 100 when those are green).
   */
  private double activeShardsPercent() {
    int active = 0;
    int total = 0;
    for (IndexInfo info : actions.indices().list(null, IndicesOptions.ALL)) {
      int shards = info.settings().numberOfShards();
      active += shards;
      total += shards * (1 + info.settings().numberOfReplicas());
    }
    for (IndexFailure f : actions.indices().failed()) {
      total += f.shards();
    }
    return total == 0 ? 100.0 : 100.0 * active / total;
  }

  /** {@code GET /_cat/indices[/{index}]}: a text table ({@code ?v} adds the header) or JSON. */
  RestResponse catIndices(RestRequest request) throws IOException {
    String expression = request.pathParam("index");
    String health = request.param("health");
    if (health != null
        && !List.of("green", "yellow", "red").contains(health.toLowerCase(java.util.Locale.ROOT))) {
      throw DuetException.illegalArgument("unknown cluster health status [" + health + "]");
    }
    List<IndexFailure> failed = new ArrayList<>();
    for (IndexFailure f : actions.indices().failed()) {
      if (health != null && !health.equalsIgnoreCase("red")) {
        continue; // a failed index is red
      }
      if (expression == null || names(expression, f.name())) {
        failed.add(f);
      }
    }
    // _cat/indices expands wildcards to open and closed indices by default, as OpenSearch.
    List<IndexInfo> indices =
        expression == null || IndexHandlers.isPattern(expression) || failed.isEmpty()
            ? actions
                .indices()
                .list(expression, RestIndicesOptions.of(request, IndicesOptions.OPEN_AND_CLOSED))
            : List.of();
    if (health != null) {
      indices = indices.stream().filter(info -> health.equalsIgnoreCase(info.health())).toList();
    }
    return CatIndicesTable.of(
            indices,
            failed,
            request.param("h"),
            request.param("s"),
            "b".equals(request.param("bytes")))
        .respond(request);
  }

  /** Whether an index expression (names, wildcards, {@code _all}, comma lists) names this index. */
  private static boolean names(String expression, String index) {
    for (String part : expression.split(",")) {
      String p = part.trim();
      if (p.equals("_all") || p.equals(index) || (p.contains("*") && Patterns.matches(p, index))) {
        return true;
      }
    }
    return false;
  }

  /** OpenSearch's human byte sizes: {@code 208b}, {@code 4.5kb}, {@code 10mb}. */
  static String size(long bytes, boolean raw) {
    if (raw) {
      return Long.toString(bytes);
    }
    String[] units = {"b", "kb", "mb", "gb", "tb", "pb"};
    double value = bytes;
    int unit = 0;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    if (unit == 0) {
      return bytes + "b";
    }
    String s = String.format(Locale.ROOT, "%.1f", value);
    if (s.endsWith(".0")) {
      s = s.substring(0, s.length() - 2);
    }
    return s + units[unit];
  }
}
