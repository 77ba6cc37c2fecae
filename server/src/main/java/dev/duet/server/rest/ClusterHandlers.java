package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.index.IndexInfo;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code GET /_cluster/health} and {@code GET /_cat/indices} for a one-node cluster: replicas can
 * never be assigned, so an index with replicas is yellow, as on a one-node OpenSearch.
 */
final class ClusterHandlers {
  private static final String[] CAT_COLUMNS = {
    "health",
    "status",
    "index",
    "uuid",
    "pri",
    "rep",
    "docs.count",
    "docs.deleted",
    "store.size",
    "pri.store.size"
  };

  /** Columns OpenSearch right-aligns in the text table (numbers and sizes). */
  private static final boolean[] RIGHT_ALIGNED = {
    false, false, false, false, true, true, true, true, true, true
  };

  private final Actions actions;
  private final NodeIdentity node;

  ClusterHandlers(Actions actions, NodeIdentity node) {
    this.actions = actions;
    this.node = node;
  }

  RestResponse health(RestRequest request) throws IOException {
    List<IndexInfo> indices = actions.indices().list(null);
    int primaries = 0;
    int unassigned = 0;
    for (IndexInfo info : indices) {
      primaries += info.settings().numberOfShards();
      unassigned += info.settings().numberOfShards() * info.settings().numberOfReplicas();
    }
    String status = unassigned > 0 ? "yellow" : "green";
    double activePercent =
        primaries + unassigned == 0 ? 100.0 : 100.0 * primaries / (primaries + unassigned);
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeStringField("cluster_name", node.clusterName());
    g.writeStringField("status", status);
    g.writeBooleanField("timed_out", false);
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
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code GET /_cat/indices[/{index}]}: a text table ({@code ?v} adds the header) or JSON. */
  RestResponse catIndices(RestRequest request) throws IOException {
    String expression = request.pathParam("index");
    List<IndexInfo> indices =
        expression == null || IndexHandlers.isPattern(expression)
            ? actions.indices().list(expression)
            : List.of(actions.indices().index(expression));
    boolean rawBytes = "b".equals(request.param("bytes"));
    List<String[]> rows = new ArrayList<>();
    for (IndexInfo info : indices) {
      int replicas = info.settings().numberOfReplicas();
      rows.add(
          new String[] {
            info.health(),
            "open",
            info.name(),
            info.uuid(),
            Integer.toString(info.settings().numberOfShards()),
            Integer.toString(replicas),
            Long.toString(info.docsCount()),
            Long.toString(info.docsDeleted()),
            size(info.storeSizeBytes(), rawBytes),
            size(info.storeSizeBytes(), rawBytes)
          });
    }
    String format = request.param("format", "text");
    if (format.equals("json")) {
      JsonOutput out = new JsonOutput(request.pretty());
      JsonGenerator g = out.generator();
      g.writeStartArray();
      for (String[] row : rows) {
        g.writeStartObject();
        for (int i = 0; i < CAT_COLUMNS.length; i++) {
          g.writeStringField(CAT_COLUMNS[i], row[i]);
        }
        g.writeEndObject();
      }
      g.writeEndArray();
      return RestResponse.json(200, out);
    }
    if (request.paramAsBoolean("v", false)) {
      rows.add(0, CAT_COLUMNS);
    }
    return RestResponse.text(200, table(rows));
  }

  private static String table(List<String[]> rows) {
    int[] widths = new int[CAT_COLUMNS.length];
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        widths[i] = Math.max(widths[i], row[i].length());
      }
    }
    StringBuilder sb = new StringBuilder();
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        if (i > 0) {
          sb.append(' ');
        }
        int pad = widths[i] - row[i].length();
        boolean last = i == row.length - 1;
        if (RIGHT_ALIGNED[i]) {
          sb.append(" ".repeat(pad)).append(row[i]);
        } else {
          sb.append(row[i]);
          if (!last) {
            sb.append(" ".repeat(pad));
          }
        }
      }
      sb.append('\n');
    }
    return sb.toString();
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
