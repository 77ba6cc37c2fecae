package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.TimeValues;
import dev.duet.server.action.Actions;
import dev.duet.server.action.NodeTasks;
import dev.duet.server.action.NodeTasks.Task;
import dev.duet.server.rest.CatTable.Column;
import dev.duet.server.rest.CatTable.Kind;
import dev.duet.server.rest.codec.ByQueryCodec;
import dev.duet.server.rest.codec.ErrorEncoder;
import dev.duet.server.rest.codec.Json;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The tasks API: {@code GET _tasks} (grouped by nodes, parents or not at all; {@code actions},
 * {@code detailed}, {@code parent_task_id}, {@code nodes}), {@code GET _tasks/<id>} (with {@code
 * wait_for_completion}), {@code POST _tasks/_cancel} and {@code _cat/tasks}. A listing is itself a
 * task ({@code cluster:monitor/tasks/lists} and its node-level child), as in OpenSearch.
 */
final class TaskHandlers {
  static final String LIST_ACTION = "cluster:monitor/tasks/lists";

  private static final DateTimeFormatter HMS =
      DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);

  private static final List<Column> CAT_COLUMNS = catColumns(false);
  private static final List<Column> CAT_COLUMNS_DETAILED = catColumns(true);

  private final NodeTasks tasks;
  private final NodeIdentity node;

  TaskHandlers(Actions actions, NodeIdentity node) {
    this.tasks = actions.tasks();
    this.node = node;
  }

  /** OpenSearch's answer to an operation started with {@code wait_for_completion=false}. */
  static RestResponse started(RestRequest request, Task task) throws IOException {
    JsonOutput out = new JsonOutput(request.pretty());
    out.generator().writeStartObject();
    out.generator().writeStringField("task", task.taskId());
    out.generator().writeEndObject();
    return RestResponse.json(200, out);
  }

  /** A finished answer's bytes, as a task keeps them. */
  static byte[] bytes(JsonOutput answer) {
    return answer.toHttpData().array();
  }

  /** {@code GET /_tasks}. */
  RestResponse list(RestRequest request) throws IOException {
    String groupBy = request.param("group_by", "nodes");
    if (!List.of("nodes", "parents", "none").contains(groupBy)) {
      throw DuetException.illegalArgument(
          "[group_by] must be one of [nodes], [parents] or [none] but was [" + groupBy + "]");
    }
    boolean detailed = request.paramAsBoolean("detailed", false);
    List<Task> listed = listing(request);
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    switch (groupBy) {
      case "none" -> {
        g.writeArrayFieldStart("tasks");
        for (Task task : listed) {
          g.writeStartObject();
          writeTask(g, task, detailed, detailed);
          g.writeEndObject();
        }
        g.writeEndArray();
      }
      case "parents" -> {
        g.writeObjectFieldStart("tasks");
        Map<String, List<Task>> children = new LinkedHashMap<>();
        List<String> ids = listed.stream().map(Task::taskId).toList();
        for (Task task : listed) {
          if (task.parentTaskId() != null && ids.contains(task.parentTaskId())) {
            children.computeIfAbsent(task.parentTaskId(), k -> new ArrayList<>()).add(task);
          }
        }
        for (Task task : listed) {
          if (task.parentTaskId() != null && ids.contains(task.parentTaskId())) {
            continue;
          }
          g.writeObjectFieldStart(task.taskId());
          writeTree(g, task, children, detailed);
          g.writeEndObject();
        }
        g.writeEndObject();
      }
      default -> {
        g.writeObjectFieldStart("nodes");
        if (!listed.isEmpty()) {
          g.writeObjectFieldStart(node.nodeId());
          g.writeStringField("name", node.nodeName());
          g.writeStringField("transport_address", node.transportAddress());
          g.writeStringField("host", node.host());
          g.writeStringField("ip", node.transportAddress());
          g.writeArrayFieldStart("roles");
          for (String role : NodeSelection.ROLES) {
            g.writeString(role);
          }
          g.writeEndArray();
          g.writeObjectFieldStart("attributes");
          g.writeEndObject();
          g.writeObjectFieldStart("tasks");
          for (Task task : listed) {
            g.writeObjectFieldStart(task.taskId());
            writeTask(g, task, detailed, detailed);
            g.writeEndObject();
          }
          g.writeEndObject();
          g.writeEndObject();
        }
        g.writeEndObject();
      }
    }
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code GET /_tasks/<task_id>}. */
  RestResponse get(RestRequest request) throws IOException {
    long wait =
        request.paramAsBoolean("wait_for_completion", false)
            ? TimeValues.parseMillis(request.param("timeout", "30s"), "timeout")
            : 0;
    NodeTasks.Lookup found = tasks.get(request.pathParam("task_id"), wait);
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    if (found.stored() != null) {
      try (JsonParser stored = Json.parser(found.stored(), 0, found.stored().length)) {
        stored.nextToken();
        g.copyCurrentStructure(stored);
      }
      return RestResponse.json(200, out);
    }
    if (found.completed()) {
      writeResult(g, found.finished());
    } else {
      g.writeStartObject();
      g.writeBooleanField("completed", false);
      g.writeObjectFieldStart("task");
      writeTask(g, found.task(), false, true);
      g.writeEndObject();
      g.writeEndObject();
    }
    return RestResponse.json(200, out);
  }

  /**
   * A finished task's result as OpenSearch stores it in {@code .tasks} and answers {@code GET
   * _tasks/<id>}: {@code completed}, {@code task}, and {@code response} or {@code error}.
   */
  static byte[] resultDocument(NodeTasks.Finished result) {
    JsonOutput out = new JsonOutput(false);
    try {
      writeResult(out.generator(), result);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return bytes(out);
  }

  private static void writeResult(JsonGenerator g, NodeTasks.Finished result) throws IOException {
    g.writeStartObject();
    g.writeBooleanField("completed", true);
    g.writeObjectFieldStart("task");
    writeTask(g, result.task(), false, true);
    g.writeEndObject();
    if (result.error() != null) {
      g.writeFieldName("error");
      ErrorEncoder.encodeObject(result.error(), true, g);
    } else {
      g.writeFieldName("response");
      g.writeRawValue(new String(result.responseJson(), java.nio.charset.StandardCharsets.UTF_8));
    }
    g.writeEndObject();
  }

  /** {@code POST /_tasks/_cancel} and {@code /_tasks/<task_id>/_cancel}. */
  RestResponse cancel(RestRequest request) throws IOException {
    List<Task> cancelled =
        tasks.cancel(request.pathParam("task_id"), patterns(request.param("actions")));
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeObjectFieldStart("nodes");
    if (!cancelled.isEmpty()) {
      g.writeObjectFieldStart(node.nodeId());
      g.writeStringField("name", node.nodeName());
      g.writeStringField("transport_address", node.transportAddress());
      g.writeStringField("host", node.host());
      g.writeStringField("ip", node.transportAddress());
      g.writeArrayFieldStart("roles");
      for (String role : NodeSelection.ROLES) {
        g.writeString(role);
      }
      g.writeEndArray();
      g.writeObjectFieldStart("attributes");
      g.writeEndObject();
      g.writeObjectFieldStart("tasks");
      for (Task task : cancelled) {
        g.writeObjectFieldStart(task.taskId());
        writeTask(g, task, false, false);
        g.writeEndObject();
      }
      g.writeEndObject();
      g.writeEndObject();
    }
    g.writeEndObject();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /**
   * {@code POST /_delete_by_query|_update_by_query|_reindex/<task_id>/_rethrottle}: the running
   * task's new {@code requests_per_second}, answered as OpenSearch lists the task (its status
   * included); a task that is not running is a node failure, as OpenSearch reports it.
   */
  RestResponse rethrottle(RestRequest request, String actionPrefix) throws IOException {
    String value = request.param("requests_per_second");
    if (value == null) {
      throw DuetException.illegalArgument("requests_per_second is a required parameter");
    }
    float rps = ByQueryCodec.requestsPerSecond(value);
    String taskId = request.pathParam("task_id");
    Task task;
    DuetException failure = null;
    try {
      task = tasks.rethrottle(taskId, actionPrefix, rps);
    } catch (DuetException e) {
      if (e.status() != 404) {
        throw e;
      }
      task = null;
      failure = e;
    }
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    if (failure != null) {
      g.writeArrayFieldStart("node_failures");
      g.writeStartObject();
      g.writeStringField("type", "failed_node_exception");
      g.writeStringField("reason", "Failed node [" + node.nodeId() + "]");
      g.writeStringField("node_id", node.nodeId());
      g.writeFieldName("caused_by");
      ErrorEncoder.encodeObject(failure, true, g);
      g.writeEndObject();
      g.writeEndArray();
    }
    g.writeObjectFieldStart("nodes");
    if (task != null) {
      writeNodeHead(g);
      g.writeObjectFieldStart("tasks");
      g.writeObjectFieldStart(task.taskId());
      writeTask(g, task, true, true);
      g.writeEndObject();
      g.writeEndObject();
      g.writeEndObject();
    }
    g.writeEndObject();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  private void writeNodeHead(JsonGenerator g) throws IOException {
    g.writeObjectFieldStart(node.nodeId());
    g.writeStringField("name", node.nodeName());
    g.writeStringField("transport_address", node.transportAddress());
    g.writeStringField("host", node.host());
    g.writeStringField("ip", node.transportAddress());
    g.writeArrayFieldStart("roles");
    for (String role : NodeSelection.ROLES) {
      g.writeString(role);
    }
    g.writeEndArray();
    g.writeObjectFieldStart("attributes");
    g.writeEndObject();
  }

  /** {@code GET /_cat/tasks}. */
  RestResponse cat(RestRequest request) throws IOException {
    boolean detailed = request.paramAsBoolean("detailed", false);
    List<Comparable<?>[]> rows = new ArrayList<>();
    for (Task task : listing(request)) {
      long nanos = task.runningNanos();
      rows.add(
          new Comparable<?>[] {
            task.taskId(),
            task.action(),
            task.taskId(),
            task.parentTaskId() == null ? "-" : task.parentTaskId(),
            task.type(),
            task.startMillis(),
            HMS.format(Instant.ofEpochMilli(task.startMillis())),
            nanos,
            timeValue(nanos),
            node.nodeId(),
            node.host(),
            node.transportPort(),
            node.nodeName(),
            DuetVersion.OPENSEARCH,
            task.headers().getOrDefault("X-Opaque-Id", "-"),
            task.description()
          });
    }
    List<Column> columns = detailed ? CAT_COLUMNS_DETAILED : CAT_COLUMNS;
    return CatTable.of(columns, rows, request.param("h"), request.param("s"), (String) null, true)
        .respond(request);
  }

  /**
   * The tasks a listing shows, the listing's own two among them (started here, ended when the
   * answer is written).
   */
  private List<Task> listing(RestRequest request) {
    Task own = tasks.start("transport", LIST_ACTION, "", false, null, request.taskHeaders());
    Task child =
        tasks.start("direct", LIST_ACTION + "[n]", "", false, own.taskId(), request.taskHeaders());
    try {
      List<Task> listed =
          tasks.list(patterns(request.param("actions")), request.param("parent_task_id"));
      return nodeSelected(request) ? listed : List.of();
    } finally {
      tasks.end(child);
      tasks.end(own);
    }
  }

  private boolean nodeSelected(RestRequest request) {
    String nodes = request.param("nodes");
    return nodes == null || NodeSelection.selects(nodes, node);
  }

  private void writeTree(
      JsonGenerator g, Task task, Map<String, List<Task>> children, boolean detailed)
      throws IOException {
    writeTask(g, task, detailed, detailed);
    List<Task> mine = children.get(task.taskId());
    if (mine == null) {
      return;
    }
    g.writeArrayFieldStart("children");
    for (Task child : mine) {
      g.writeStartObject();
      writeTree(g, child, children, detailed);
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  private static void writeTask(JsonGenerator g, Task task, boolean detailed, boolean status)
      throws IOException {
    g.writeStringField("node", task.node());
    g.writeNumberField("id", task.id());
    g.writeStringField("type", task.type());
    g.writeStringField("action", task.action());
    if (status && task.progress() != null) {
      g.writeFieldName("status");
      ByQueryCodec.encodeStatus(task.progress().status(), g);
    }
    if (detailed || !task.description().isEmpty()) {
      g.writeStringField("description", task.description());
    }
    g.writeNumberField("start_time_in_millis", task.startMillis());
    g.writeNumberField("running_time_in_nanos", task.runningNanos());
    g.writeBooleanField("cancellable", task.cancellable());
    g.writeBooleanField("cancelled", task.cancelled());
    if (task.parentTaskId() != null) {
      g.writeStringField("parent_task_id", task.parentTaskId());
    }
    g.writeObjectFieldStart("headers");
    for (Map.Entry<String, String> h : task.headers().entrySet()) {
      g.writeStringField(h.getKey(), h.getValue());
    }
    g.writeEndObject();
    if (task.cancellationMillis() >= 0) {
      g.writeNumberField("cancellation_time_millis", task.cancellationMillis());
    }
    if (detailed) {
      long cpu = task.cpuNanos();
      g.writeObjectFieldStart("resource_stats");
      for (String stat : List.of("average", "total", "min", "max")) {
        g.writeObjectFieldStart(stat);
        g.writeNumberField("cpu_time_in_nanos", cpu);
        g.writeNumberField("memory_in_bytes", 0);
        g.writeEndObject();
      }
      g.writeObjectFieldStart("thread_info");
      g.writeNumberField("thread_executions", task.onThread() ? 1 : 0);
      g.writeNumberField("active_threads", task.onThread() ? 1 : 0);
      g.writeEndObject();
      g.writeEndObject();
    }
  }

  private static List<String> patterns(String param) {
    if (param == null || param.isBlank()) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (String p : param.split(",")) {
      if (!p.isBlank()) {
        out.add(p.strip());
      }
    }
    return out;
  }

  /** A duration as OpenSearch's {@code TimeValue} prints it: {@code 221.6micros}, {@code 5s}. */
  static String timeValue(long nanos) {
    String[] suffixes = {"d", "h", "m", "s", "ms", "micros", "nanos"};
    double[] scale = {86_400e9, 3_600e9, 60e9, 1e9, 1e6, 1e3, 1};
    for (int i = 0; i < suffixes.length; i++) {
      if (nanos >= scale[i] || i == suffixes.length - 1) {
        double value = nanos / scale[i];
        String s = String.format(Locale.ROOT, "%.1f", value);
        if (s.endsWith(".0")) {
          s = s.substring(0, s.length() - 2);
        }
        return s + suffixes[i];
      }
    }
    throw new AssertionError();
  }

  private static List<Column> catColumns(boolean detailed) {
    List<Column> columns = new ArrayList<>();
    columns.add(
        new Column("id", Kind.TEXT, false, false, List.of(), "id of the task with the node", true));
    columns.add(col("action", Kind.TEXT, List.of("ac"), "task action"));
    columns.add(col("task_id", Kind.TEXT, List.of("ti"), "unique task id"));
    columns.add(col("parent_task_id", Kind.TEXT, List.of("pti"), "parent task id"));
    columns.add(col("type", Kind.TEXT, List.of("ty"), "task type"));
    columns.add(
        new Column(
            "start_time", Kind.NUMBER, false, false, List.of("start"), "start time in ms", false));
    columns.add(
        col("timestamp", Kind.TEXT, List.of("ts", "hms", "hhmmss"), "start time in HH:MM:SS"));
    columns.add(
        new Column(
            "running_time_ns", Kind.NUMBER, true, false, List.of("time"), "running time ns", true));
    columns.add(
        new Column(
            "running_time", Kind.TEXT, false, false, List.of("time"), "running time", false));
    columns.add(
        new Column("node_id", Kind.TEXT, false, false, List.of("ni"), "unique node id", true));
    columns.add(col("ip", Kind.TEXT, List.of("i"), "ip address"));
    columns.add(
        new Column("port", Kind.NUMBER, true, false, List.of("po"), "bound transport port", true));
    columns.add(col("node", Kind.TEXT, List.of("n"), "node name"));
    columns.add(new Column("version", Kind.TEXT, false, false, List.of("v"), "es version", true));
    columns.add(
        new Column(
            "x_opaque_id", Kind.TEXT, false, false, List.of("x"), "X-Opaque-ID header", true));
    columns.add(
        new Column(
            "description", Kind.TEXT, false, false, List.of("desc"), "task action", !detailed));
    return List.copyOf(columns);
  }

  private static Column col(String name, Kind kind, List<String> aliases, String description) {
    return new Column(name, kind, false, false, aliases, description, false);
  }
}
