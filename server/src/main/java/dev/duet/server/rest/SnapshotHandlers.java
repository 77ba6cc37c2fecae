package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.snapshot.Repository;
import dev.duet.engine.snapshot.RestoreResult;
import dev.duet.engine.snapshot.SnapshotInfo;
import dev.duet.engine.snapshot.SnapshotStatus;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.CatTable.Column;
import dev.duet.server.rest.codec.JsonOutput;
import dev.duet.server.rest.codec.SnapshotCodec;
import java.io.IOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code _snapshot} over REST: repositories (put, get, delete, verify, cleanup), snapshots (create,
 * get, status, delete, clone, restore) and {@code _cat/snapshots}, in OpenSearch's shapes. Each
 * handler decodes, makes one {@code SnapshotAction} call and encodes.
 */
final class SnapshotHandlers {
  private static final DateTimeFormatter HMS =
      DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);

  private static final List<Column> CAT =
      List.of(
          col("id", List.of("id", "snapshot"), "unique snapshot"),
          col("status", List.of("s", "status"), "snapshot name"),
          col(
              "start_epoch",
              List.of("ste", "startEpoch"),
              "start time in seconds since 1970-01-01 00:00:00"),
          col("start_time", List.of("sti", "startTime"), "start time in HH:MM:SS"),
          col(
              "end_epoch",
              List.of("ete", "endEpoch"),
              "end time in seconds since 1970-01-01 00:00:00"),
          col("end_time", List.of("eti", "endTime"), "end time in HH:MM:SS"),
          col("duration", List.of("dur", "duration"), "duration"),
          col("indices", List.of("i", "indices"), "number of indices"),
          col(
              "successful_shards",
              List.of("ss", "successful_shards"),
              "number of successful shards"),
          col("failed_shards", List.of("fs", "failed_shards"), "number of failed shards"),
          col("total_shards", List.of("ts", "total_shards"), "number of total shards"),
          new Column(
              "reason",
              CatTable.Kind.TEXT,
              false,
              false,
              List.of("r", "reason"),
              "reason for failures",
              true));

  private final Actions actions;
  private final NodeIdentity node;

  SnapshotHandlers(Actions actions, NodeIdentity node) {
    this.actions = actions;
    this.node = node;
  }

  /** {@code PUT|POST /_snapshot/{repository}}. */
  RestResponse putRepository(RestRequest request) throws IOException {
    request.requireContent();
    Repository repository =
        SnapshotCodec.repository(
            request.pathParam("repository"),
            request.contentArray(),
            request.contentOffset(),
            request.contentLength());
    actions.snapshots().putRepository(repository, request.paramAsBoolean("verify", true));
    return IndexHandlers.acknowledged(request);
  }

  /** {@code GET /_snapshot[/{repository}]}: by name, wildcard, comma list or {@code _all}. */
  RestResponse getRepositories(RestRequest request) throws IOException {
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    for (Repository r : actions.snapshots().repositories(request.pathParam("repository"))) {
      g.writeObjectFieldStart(r.name());
      g.writeStringField("type", r.type());
      g.writeObjectFieldStart("settings");
      for (var e : r.settings().entrySet()) {
        g.writeStringField(e.getKey(), e.getValue());
      }
      g.writeEndObject();
      g.writeEndObject();
    }
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code DELETE /_snapshot/{repository}}: the snapshots stay in its folder. */
  RestResponse deleteRepository(RestRequest request) throws IOException {
    actions.snapshots().deleteRepository(request.pathParam("repository"));
    return IndexHandlers.acknowledged(request);
  }

  /** {@code POST /_snapshot/{repository}/_verify}: the nodes that could use it (this one). */
  RestResponse verifyRepository(RestRequest request) throws IOException {
    actions.snapshots().verifyRepository(request.pathParam("repository"));
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeObjectFieldStart("nodes");
    g.writeObjectFieldStart(node.nodeId());
    g.writeStringField("name", node.nodeName());
    g.writeEndObject();
    g.writeEndObject();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code POST /_snapshot/{repository}/_cleanup}: what no snapshot refers to goes. */
  RestResponse cleanupRepository(RestRequest request) throws IOException {
    long[] deleted = actions.snapshots().cleanupRepository(request.pathParam("repository"));
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeObjectFieldStart("results");
    g.writeNumberField("deleted_bytes", deleted[0]);
    g.writeNumberField("deleted_blobs", deleted[1]);
    g.writeEndObject();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code PUT|POST /_snapshot/{repository}/{snapshot}}. */
  RestResponse create(RestRequest request) throws IOException {
    boolean wait = request.paramAsBoolean("wait_for_completion", false);
    SnapshotInfo info =
        actions
            .snapshots()
            .create(
                request.pathParam("repository"),
                request.pathParam("snapshot"),
                SnapshotCodec.create(
                    request.contentArray(), request.contentOffset(), request.contentLength()),
                wait);
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    if (info == null) {
      g.writeBooleanField("accepted", true);
    } else {
      g.writeFieldName("snapshot");
      SnapshotCodec.writeInfo(g, info, true);
    }
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code GET /_snapshot/{repository}/{snapshot}}. */
  RestResponse get(RestRequest request) throws IOException {
    List<SnapshotInfo> infos =
        actions
            .snapshots()
            .get(
                request.pathParam("repository"),
                request.pathParam("snapshot"),
                request.paramAsBoolean("ignore_unavailable", false));
    boolean verbose = request.paramAsBoolean("verbose", true);
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeArrayFieldStart("snapshots");
    for (SnapshotInfo info : infos) {
      SnapshotCodec.writeInfo(g, info, verbose);
    }
    g.writeEndArray();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code GET /_snapshot[/{repository}[/{snapshot}[/{index}]]]/_status}. */
  RestResponse status(RestRequest request) throws IOException {
    String index = request.pathParam("index");
    List<SnapshotStatus> statuses =
        actions
            .snapshots()
            .status(
                request.pathParam("repository"),
                request.pathParam("snapshot"),
                index == null ? List.of() : IndexHandlers.split(index),
                request.paramAsBoolean("ignore_unavailable", false));
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeArrayFieldStart("snapshots");
    for (SnapshotStatus status : statuses) {
      SnapshotCodec.writeStatus(g, status);
    }
    g.writeEndArray();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code DELETE /_snapshot/{repository}/{snapshot}}: names, wildcards, comma lists. */
  RestResponse delete(RestRequest request) throws IOException {
    actions.snapshots().delete(request.pathParam("repository"), request.pathParam("snapshot"));
    return IndexHandlers.acknowledged(request);
  }

  /** {@code PUT /_snapshot/{repository}/{snapshot}/_clone/{target_snapshot}}. */
  RestResponse cloneSnapshot(RestRequest request) throws IOException {
    request.requireContent();
    actions
        .snapshots()
        .cloneSnapshot(
            request.pathParam("repository"),
            request.pathParam("snapshot"),
            request.pathParam("target_snapshot"),
            SnapshotCodec.cloneIndices(
                request.contentArray(), request.contentOffset(), request.contentLength()));
    return IndexHandlers.acknowledged(request);
  }

  /**
   * {@code POST /_snapshot/{repository}/{snapshot}/_restore}: the restore is done before the answer
   * either way; without {@code wait_for_completion} the answer is OpenSearch's {@code accepted}.
   */
  RestResponse restore(RestRequest request) throws IOException {
    RestoreResult result =
        actions
            .snapshots()
            .restore(
                request.pathParam("repository"),
                request.pathParam("snapshot"),
                SnapshotCodec.restore(
                    request.contentArray(), request.contentOffset(), request.contentLength()));
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    if (!request.paramAsBoolean("wait_for_completion", false)) {
      g.writeBooleanField("accepted", true);
    } else {
      g.writeObjectFieldStart("snapshot");
      g.writeStringField("snapshot", result.snapshot());
      g.writeArrayFieldStart("indices");
      for (String index : result.indices()) {
        g.writeString(index);
      }
      g.writeEndArray();
      g.writeObjectFieldStart("shards");
      g.writeNumberField("total", result.totalShards());
      g.writeNumberField("failed", 0);
      g.writeNumberField("successful", result.totalShards());
      g.writeEndObject();
      g.writeEndObject();
    }
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code GET /_cat/snapshots/{repository}}: one row per snapshot, oldest first. */
  RestResponse cat(RestRequest request) throws IOException {
    String repository = request.pathParam("repository");
    if (repository == null && !request.paramAsBoolean("help", false)) {
      throw new dev.duet.engine.error.DuetException(
          400,
          "action_request_validation_exception",
          "Validation Failed: 1: repository is missing;");
    }
    List<Comparable<?>[]> rows = new ArrayList<>();
    if (repository != null) {
      for (SnapshotInfo s :
          actions
              .snapshots()
              .get(repository, "_all", request.paramAsBoolean("ignore_unavailable", false))) {
        long end = s.state() == SnapshotInfo.State.IN_PROGRESS ? 0 : s.endMillis();
        rows.add(
            new Comparable<?>[] {
              s.name(),
              s.state().name(),
              s.startMillis() / 1000,
              HMS.format(Instant.ofEpochMilli(s.startMillis())),
              end / 1000,
              HMS.format(Instant.ofEpochMilli(end)),
              duration(Math.max(0, end - s.startMillis())),
              s.indices().size(),
              s.successfulShards(),
              s.failedShards(),
              s.totalShards(),
              s.reason()
            });
      }
    }
    return CatTable.of(CAT, rows, request.param("h"), request.param("s"), false).respond(request);
  }

  /** A duration as OpenSearch's TimeValue prints it: {@code 200ms}, {@code 1.5s}, {@code 2m}. */
  static String duration(long millis) {
    if (millis == 0) {
      return "0s";
    }
    if (millis < 1000) {
      return millis + "ms";
    }
    double value;
    String unit;
    if (millis >= 86_400_000L) {
      value = millis / 86_400_000.0;
      unit = "d";
    } else if (millis >= 3_600_000L) {
      value = millis / 3_600_000.0;
      unit = "h";
    } else if (millis >= 60_000L) {
      value = millis / 60_000.0;
      unit = "m";
    } else {
      value = millis / 1000.0;
      unit = "s";
    }
    String text = String.format(Locale.ROOT, "%.1f", value);
    return (text.endsWith(".0") ? text.substring(0, text.length() - 2) : text) + unit;
  }

  private static Column col(String name, List<String> aliases, String description) {
    return new Column(name, CatTable.Kind.TEXT, false, false, aliases, description);
  }
}
