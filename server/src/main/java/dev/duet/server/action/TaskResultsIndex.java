package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.GetResult;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import java.util.List;
import java.util.Map;

/**
 * The {@code .tasks} index, where OpenSearch keeps the result of every task a caller did not wait
 * for: one document per task, its id the task's {@code <node>:<n>}, holding {@code completed},
 * {@code task} and {@code response} or {@code error} (what {@code GET _tasks/<id>} answers once the
 * task has ended). An ordinary index of the node, made with OpenSearch's mapping the first time a
 * result is stored, so results outlive the node's memory and a restart, and {@code GET
 * .tasks/_search} finds them.
 */
public final class TaskResultsIndex {
  /** The index's name, as OpenSearch's {@code TaskResultsService.TASK_INDEX}. */
  public static final String INDEX = ".tasks";

  private static final IndexSettings SETTINGS =
      new IndexSettings(
          Map.of("number_of_shards", "1", "number_of_replicas", "0", "priority", "2147483647"));

  private final Engine engine;

  public TaskResultsIndex(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
  }

  /** Stores a task's result document (JSON), creating the index first if it is missing. */
  public void store(String taskId, byte[] document) {
    requireNonNull(taskId, "taskId");
    requireNonNull(document, "document");
    if (!engine.indexExists(INDEX)) {
      try {
        engine.createIndex(INDEX, SETTINGS, mapping());
      } catch (DuetException e) {
        if (!"resource_already_exists_exception".equals(e.type())) {
          throw e;
        }
      }
    }
    BulkItemResponse item =
        engine
            .bulk(
                new BulkRequest(
                    List.of(new BulkItem(OpType.INDEX, INDEX, taskId, document)),
                    RefreshPolicy.NONE))
            .items()
            .getFirst();
    if (item.failed()) {
      throw item.failure();
    }
  }

  /** The stored result document of a task, or null when none is stored. */
  public byte[] find(String taskId) {
    if (!engine.indexExists(INDEX)) {
      return null;
    }
    GetResult found = engine.get(INDEX, taskId, true);
    return found.found() ? found.source() : null;
  }

  /** OpenSearch's {@code task-index-mapping.json} (version 5). */
  static Mapping mapping() {
    Map<String, Object> disabled = Map.of("type", "object", "enabled", false);
    Map<String, Object> task =
        Map.ofEntries(
            Map.entry("action", Map.of("type", "keyword")),
            Map.entry("cancellable", Map.of("type", "boolean")),
            Map.entry("cancellation_time_millis", Map.of("type", "long")),
            Map.entry("cancelled", Map.of("type", "boolean")),
            Map.entry("description", Map.of("type", "text")),
            Map.entry("headers", disabled),
            Map.entry("id", Map.of("type", "long")),
            Map.entry("node", Map.of("type", "keyword")),
            Map.entry("parent_task_id", Map.of("type", "keyword")),
            Map.entry("resource_stats", disabled),
            Map.entry("running_time_in_nanos", Map.of("type", "long")),
            Map.entry("start_time_in_millis", Map.of("type", "long")),
            Map.entry("status", disabled),
            Map.entry("type", Map.of("type", "keyword")));
    return Mapping.fromMap(
        Map.of(
            "dynamic",
            "strict",
            "_meta",
            Map.of("version", 5),
            "properties",
            Map.of(
                "completed",
                Map.of("type", "boolean"),
                "error",
                disabled,
                "response",
                disabled,
                "task",
                Map.of("properties", task))));
  }
}
