package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.snapshot.CreateSnapshot;
import dev.duet.engine.snapshot.Repository;
import dev.duet.engine.snapshot.RestoreSnapshot;
import dev.duet.engine.snapshot.SnapshotInfo;
import dev.duet.engine.snapshot.SnapshotStatus;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code _snapshot} bodies ⇄ the engine's snapshot model: repository definitions, create, clone and
 * restore requests in; snapshot infos and statuses out, in OpenSearch 3.8's shapes.
 */
public final class SnapshotCodec {
  /** OpenSearch 3.8.0's version id, which snapshots report as the version that took them. */
  private static final int VERSION_ID = 137297827;

  private static final String VERSION = "3.8.0";

  private SnapshotCodec() {}

  /** {@code PUT _snapshot/{repository}}: {@code type} and {@code settings} (flattened). */
  public static Repository repository(String name, byte[] body, int offset, int length)
      throws IOException {
    Map<String, Object> root = object(body, offset, length);
    Object type = root.get("type");
    if (type == null) {
      throw new DuetException(
          400, "action_request_validation_exception", "Validation Failed: 1: type is missing;");
    }
    Map<String, String> settings = new LinkedHashMap<>();
    if (root.get("settings") instanceof Map<?, ?> m) {
      flatten("", m, settings);
    }
    return new Repository(name, String.valueOf(type), settings);
  }

  /** {@code PUT _snapshot/{repository}/{snapshot}}: keys OpenSearch does not know are ignored. */
  @SuppressWarnings("unchecked")
  public static CreateSnapshot create(byte[] body, int offset, int length) throws IOException {
    if (length == 0) {
      return CreateSnapshot.DEFAULTS;
    }
    Map<String, Object> root = object(body, offset, length);
    Object metadata = root.get("metadata");
    return new CreateSnapshot(
        names(root.get("indices")),
        bool(root, "ignore_unavailable", false),
        bool(root, "include_global_state", true),
        bool(root, "partial", false),
        metadata instanceof Map<?, ?> m ? (Map<String, Object>) m : null);
  }

  /** The {@code indices} of a {@code _clone} body (required). */
  public static String cloneIndices(byte[] body, int offset, int length) throws IOException {
    Map<String, Object> root = object(body, offset, length);
    String indices = names(root.get("indices"));
    if (indices == null) {
      throw new DuetException(
          400, "action_request_validation_exception", "Validation Failed: 1: indices is missing;");
    }
    return indices;
  }

  /** {@code POST _snapshot/{repository}/{snapshot}/_restore}: 400 for a key OpenSearch lacks. */
  public static RestoreSnapshot restore(byte[] body, int offset, int length) throws IOException {
    if (length == 0) {
      return RestoreSnapshot.DEFAULTS;
    }
    Map<String, Object> root = object(body, offset, length);
    for (String key : root.keySet()) {
      if (!RESTORE_KEYS.contains(key)) {
        throw DuetException.illegalArgument("Unknown parameter " + key);
      }
    }
    Map<String, String> indexSettings = new LinkedHashMap<>();
    if (root.get("index_settings") instanceof Map<?, ?> m) {
      flatten("", m, indexSettings);
    }
    String ignore = names(root.get("ignore_index_settings"));
    return new RestoreSnapshot(
        names(root.get("indices")),
        bool(root, "ignore_unavailable", false),
        string(root.get("rename_pattern")),
        string(root.get("rename_replacement")),
        indexSettings,
        ignore == null ? List.of() : List.of(ignore.split(",")),
        bool(root, "include_aliases", true));
  }

  private static final List<String> RESTORE_KEYS =
      List.of(
          "indices",
          "ignore_unavailable",
          "allow_no_indices",
          "expand_wildcards",
          "rename_pattern",
          "rename_replacement",
          "rename_alias_pattern",
          "rename_alias_replacement",
          "index_settings",
          "ignore_index_settings",
          "include_aliases",
          "include_global_state",
          "partial",
          "storage_type",
          "source_remote_store_repository",
          "source_remote_translog_repository");

  /**
   * One snapshot as get and create answer it; {@code verbose} false: name, uuid, indices, state.
   */
  public static void writeInfo(JsonGenerator g, SnapshotInfo info, boolean verbose)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("snapshot", info.name());
    g.writeStringField("uuid", info.uuid());
    if (verbose) {
      g.writeNumberField("version_id", VERSION_ID);
      g.writeStringField("version", VERSION);
      g.writeBooleanField("remote_store_index_shallow_copy", false);
    }
    g.writeArrayFieldStart("indices");
    for (String index : info.indices()) {
      g.writeString(index);
    }
    g.writeEndArray();
    g.writeArrayFieldStart("data_streams");
    g.writeEndArray();
    if (verbose) {
      g.writeBooleanField("include_global_state", info.includeGlobalState());
      if (info.metadata() != null) {
        g.writeFieldName("metadata");
        Json.writeValue(g, info.metadata());
      }
    }
    g.writeStringField("state", info.state().name());
    if (!verbose) {
      g.writeEndObject();
      return;
    }
    g.writeStringField("start_time", Instant.ofEpochMilli(info.startMillis()).toString());
    g.writeNumberField("start_time_in_millis", info.startMillis());
    g.writeStringField("end_time", Instant.ofEpochMilli(info.endMillis()).toString());
    g.writeNumberField("end_time_in_millis", info.endMillis());
    g.writeNumberField("duration_in_millis", Math.max(0, info.endMillis() - info.startMillis()));
    g.writeArrayFieldStart("failures");
    for (SnapshotInfo.Failure f : info.failures()) {
      g.writeStartObject();
      g.writeStringField("index", f.index());
      g.writeStringField("index_uuid", f.indexUuid());
      g.writeNumberField("shard_id", f.shard());
      g.writeStringField("reason", f.reason());
      g.writeStringField("status", "INTERNAL_SERVER_ERROR");
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeObjectFieldStart("shards");
    g.writeNumberField("total", info.totalShards());
    g.writeNumberField("failed", info.failedShards());
    g.writeNumberField("successful", info.successfulShards());
    g.writeEndObject();
    g.writeEndObject();
  }

  /** One snapshot's {@code _status}. */
  public static void writeStatus(JsonGenerator g, SnapshotStatus status) throws IOException {
    SnapshotInfo info = status.info();
    boolean done = info.state() != SnapshotInfo.State.IN_PROGRESS;
    g.writeStartObject();
    g.writeStringField("snapshot", info.name());
    g.writeStringField("repository", status.repository());
    g.writeStringField("uuid", info.uuid());
    g.writeStringField("state", info.state().name());
    g.writeBooleanField("include_global_state", info.includeGlobalState());
    writeShardsStats(g, status.shards(), done);
    writeStats(
        g,
        status.incrementalFileCount(),
        status.incrementalSizeInBytes(),
        status.fileCount(),
        status.sizeInBytes(),
        info.startMillis(),
        Math.max(0, (done ? info.endMillis() : System.currentTimeMillis()) - info.startMillis()));
    g.writeObjectFieldStart("indices");
    for (SnapshotStatus.IndexFiles index : status.indices()) {
      g.writeObjectFieldStart(index.index());
      writeShardsStats(g, index.shards(), done);
      writeStats(
          g,
          index.incrementalFileCount(),
          index.incrementalSizeInBytes(),
          index.fileCount(),
          index.sizeInBytes(),
          index.startMillis(),
          index.timeMillis());
      g.writeObjectFieldStart("shards");
      for (int shard = 0; shard < index.shards(); shard++) {
        boolean first = shard == 0; // Duet's one Lucene index holds every file on shard 0
        g.writeObjectFieldStart(Integer.toString(shard));
        g.writeStringField("stage", done ? "DONE" : "STARTED");
        writeStats(
            g,
            first ? index.incrementalFileCount() : 0,
            first ? index.incrementalSizeInBytes() : 0,
            first ? index.fileCount() : 0,
            first ? index.sizeInBytes() : 0,
            index.startMillis(),
            first ? index.timeMillis() : 0);
        g.writeEndObject();
      }
      g.writeEndObject();
      g.writeEndObject();
    }
    g.writeEndObject();
    g.writeEndObject();
  }

  private static void writeShardsStats(JsonGenerator g, int shards, boolean done)
      throws IOException {
    g.writeObjectFieldStart("shards_stats");
    g.writeNumberField("initializing", 0);
    g.writeNumberField("started", done ? 0 : shards);
    g.writeNumberField("finalizing", 0);
    g.writeNumberField("done", done ? shards : 0);
    g.writeNumberField("failed", 0);
    g.writeNumberField("total", shards);
    g.writeEndObject();
  }

  private static void writeStats(
      JsonGenerator g,
      int incrementalFiles,
      long incrementalBytes,
      int files,
      long bytes,
      long start,
      long time)
      throws IOException {
    g.writeObjectFieldStart("stats");
    g.writeObjectFieldStart("incremental");
    g.writeNumberField("file_count", incrementalFiles);
    g.writeNumberField("size_in_bytes", incrementalBytes);
    g.writeEndObject();
    g.writeObjectFieldStart("total");
    g.writeNumberField("file_count", files);
    g.writeNumberField("size_in_bytes", bytes);
    g.writeEndObject();
    g.writeNumberField("start_time_in_millis", start);
    g.writeNumberField("time_in_millis", time);
    g.writeEndObject();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> object(byte[] body, int offset, int length)
      throws IOException {
    if (length == 0) {
      throw DuetException.badRequest("parse_exception", "request body is required");
    }
    try (JsonParser p = Json.parser(body, offset, length)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw DuetException.parsing("request body must be a JSON object");
      }
      return (Map<String, Object>) Json.readValue(p);
    }
  }

  private static void flatten(String prefix, Map<?, ?> map, Map<String, String> out) {
    map.forEach(
        (k, v) -> {
          String key = prefix + k;
          if (v instanceof Map<?, ?> nested) {
            flatten(key + ".", nested, out);
          } else if (v instanceof List<?> list) {
            out.put(key, String.join(",", list.stream().map(String::valueOf).toList()));
          } else if (v != null) {
            out.put(key, String.valueOf(v));
          }
        });
  }

  /** A comma list or an array of names, as one comma list; null when absent. */
  private static String names(Object value) {
    if (value == null) {
      return null;
    }
    if (value instanceof List<?> list) {
      List<String> names = new ArrayList<>();
      list.forEach(v -> names.add(String.valueOf(v)));
      return String.join(",", names);
    }
    return String.valueOf(value);
  }

  private static String string(Object value) {
    return value == null ? null : String.valueOf(value);
  }

  private static boolean bool(Map<String, Object> root, String key, boolean defaultValue) {
    Object v = root.get(key);
    if (v == null) {
      return defaultValue;
    }
    if (v instanceof Boolean b) {
      return b;
    }
    String s = String.valueOf(v);
    if (s.equals("true") || s.equals("false")) {
      return Boolean.parseBoolean(s);
    }
    throw DuetException.illegalArgument(
        "Failed to parse value [" + s + "] as only [true] or [false] are allowed.");
  }
}
