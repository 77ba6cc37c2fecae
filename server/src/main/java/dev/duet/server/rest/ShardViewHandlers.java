package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndexSegments;
import dev.duet.engine.index.SegmentInfo;
import dev.duet.engine.snapshot.IndexRestore;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.apache.lucene.util.Version;

/**
 * Per-shard views of the node's indices: {@code _recovery} (how each primary came to be on this
 * node: created empty, opened from its files on disk at start, or restored from a snapshot), {@code
 * _upgrade} (whether any segment was written by an older Lucene: {@code POST} has nothing to
 * rewrite when none was) and {@code _shard_stores} (each primary's store on this node, filtered by
 * shard health).
 */
final class ShardViewHandlers {
  private final Actions actions;
  private final NodeIdentity node;

  ShardViewHandlers(Actions actions, NodeIdentity node) {
    this.actions = actions;
    this.node = node;
  }

  /** {@code GET [/{index}]/_recovery}: one entry per primary; replicas are never recovered. */
  RestResponse recovery(RestRequest request) throws IOException {
    boolean human = request.paramAsBoolean("human", false);
    boolean activeOnly = request.paramAsBoolean("active_only", false);
    boolean detailed = request.paramAsBoolean("detailed", false);
    long started = ManagementFactory.getRuntimeMXBean().getStartTime();
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    if (!activeOnly) { // every recovery on one node is done before the index answers
      for (IndexInfo info : indices(request)) {
        // A closed index's shards were recovered again, from their files, when it closed.
        boolean created = info.creationDate() >= started && !info.closed();
        long at = Math.max(info.creationDate(), started);
        IndexRestore restore = actions.snapshots().restoreOf(info.name()).orElse(null);
        if (restore != null) {
          at = restore.startMillis();
        }
        g.writeObjectFieldStart(info.name());
        g.writeArrayFieldStart("shards");
        for (int shard = 0; shard < info.settings().numberOfShards(); shard++) {
          g.writeStartObject();
          g.writeNumberField("id", shard);
          g.writeStringField(
              "type", restore != null ? "SNAPSHOT" : created ? "EMPTY_STORE" : "EXISTING_STORE");
          g.writeStringField("stage", "DONE");
          g.writeBooleanField("primary", true);
          if (human) {
            g.writeStringField("start_time", Instant.ofEpochMilli(at).toString());
          }
          g.writeNumberField("start_time_in_millis", at);
          long stop = restore == null ? at : restore.stopMillis();
          g.writeNumberField("stop_time_in_millis", stop);
          g.writeNumberField("total_time_in_millis", stop - at);
          g.writeObjectFieldStart("source");
          if (restore != null) {
            g.writeStringField("repository", restore.repository());
            g.writeStringField("snapshot", restore.snapshot());
            g.writeStringField("version", "3.8.0");
            g.writeStringField("index", restore.sourceIndex());
            g.writeStringField("restoreUUID", restore.restoreUuid());
          }
          g.writeEndObject();
          g.writeObjectFieldStart("target");
          g.writeStringField("id", node.nodeId());
          g.writeStringField("host", node.host());
          g.writeStringField("transport_address", node.transportAddress());
          g.writeStringField("ip", node.host());
          g.writeStringField("name", node.nodeName());
          g.writeEndObject();
          // A restore's files were all copied from the repository, onto its shard 0.
          boolean copied = restore != null && shard == 0;
          long reused = created || restore != null ? 0 : info.storeSizeBytes();
          long recovered = copied ? restore.bytes() : 0;
          int files = copied ? restore.files() : 0;
          g.writeObjectFieldStart("index");
          g.writeObjectFieldStart("size");
          g.writeNumberField("total_in_bytes", reused + recovered);
          g.writeNumberField("reused_in_bytes", reused);
          g.writeNumberField("recovered_in_bytes", recovered);
          g.writeStringField("percent", copied ? "100.0%" : "0.0%");
          g.writeEndObject();
          g.writeObjectFieldStart("files");
          g.writeNumberField("total", files);
          g.writeNumberField("reused", 0);
          g.writeNumberField("recovered", files);
          g.writeStringField("percent", copied ? "100.0%" : "0.0%");
          if (detailed) {
            // Per-file progress: none to report once a recovery is done on one node.
            g.writeArrayFieldStart("details");
            g.writeEndArray();
          }
          g.writeEndObject();
          g.writeNumberField("total_time_in_millis", 0);
          g.writeNumberField("source_throttle_time_in_millis", 0);
          g.writeNumberField("target_throttle_time_in_millis", 0);
          g.writeEndObject();
          g.writeObjectFieldStart("translog");
          g.writeNumberField("recovered", 0);
          g.writeNumberField("total", 0);
          g.writeStringField("percent", "100.0%");
          g.writeNumberField("total_on_start", 0);
          g.writeNumberField("total_time_in_millis", 0);
          g.writeEndObject();
          g.writeObjectFieldStart("verify_index");
          g.writeNumberField("check_index_time_in_millis", 0);
          g.writeNumberField("total_time_in_millis", 0);
          g.writeEndObject();
          g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
      }
    }
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code GET [/{index}]/_upgrade}: bytes in segments an older Lucene major wrote. */
  RestResponse upgradeStatus(RestRequest request) throws IOException {
    List<IndexSegments> all =
        actions.indexAdmin().segments(request.pathParam("index"), RestIndicesOptions.of(request));
    long size = 0;
    long toUpgrade = 0;
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    for (IndexSegments s : all) {
      size += s.info().storeSizeBytes();
      toUpgrade += oldBytes(s.segments());
    }
    g.writeStartObject();
    g.writeNumberField("size_in_bytes", size);
    g.writeNumberField("size_to_upgrade_in_bytes", toUpgrade);
    g.writeNumberField("size_to_upgrade_ancient_in_bytes", 0);
    g.writeObjectFieldStart("indices");
    for (IndexSegments s : all) {
      g.writeObjectFieldStart(s.info().name());
      g.writeNumberField("size_in_bytes", s.info().storeSizeBytes());
      g.writeNumberField("size_to_upgrade_in_bytes", oldBytes(s.segments()));
      g.writeNumberField("size_to_upgrade_ancient_in_bytes", 0);
      g.writeEndObject();
    }
    g.writeEndObject();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /**
   * {@code POST [/{index}]/_upgrade}: every segment Duet writes is of its own Lucene, so there is
   * nothing to rewrite; the answer names each index's oldest segment version.
   */
  RestResponse upgrade(RestRequest request) throws IOException {
    List<IndexSegments> all =
        actions.indexAdmin().segments(request.pathParam("index"), RestIndicesOptions.of(request));
    int shards = 0;
    for (IndexSegments s : all) {
      shards += s.info().settings().numberOfShards();
    }
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeObjectFieldStart("_shards");
    g.writeNumberField("total", shards);
    g.writeNumberField("successful", shards);
    g.writeNumberField("failed", 0);
    g.writeEndObject();
    g.writeObjectFieldStart("upgraded_indices");
    for (IndexSegments s : all) {
      g.writeObjectFieldStart(s.info().name());
      g.writeStringField("upgrade_version", DuetVersion.OPENSEARCH);
      g.writeStringField("oldest_lucene_segment_version", oldest(s.segments()).toString());
      g.writeEndObject();
    }
    g.writeEndObject();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /**
   * {@code GET [/{index}]/_shard_stores}: each shard whose health {@code status} names (default
   * yellow and red), with its one store: the primary on this node.
   */
  RestResponse shardStores(RestRequest request) throws IOException {
    Set<String> status = Set.copyOf(IndexHandlers.split(request.param("status", "yellow,red")));
    boolean all = status.contains("all");
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeObjectFieldStart("indices");
    for (IndexInfo info : indices(request)) {
      String health = info.settings().numberOfReplicas() > 0 ? "yellow" : "green";
      if (!all && !status.contains(health)) {
        continue;
      }
      g.writeObjectFieldStart(info.name());
      g.writeObjectFieldStart("shards");
      for (int shard = 0; shard < info.settings().numberOfShards(); shard++) {
        g.writeObjectFieldStart(Integer.toString(shard));
        g.writeArrayFieldStart("stores");
        g.writeStartObject();
        g.writeObjectFieldStart(node.nodeId());
        g.writeStringField("name", node.nodeName());
        g.writeStringField("transport_address", node.transportAddress());
        g.writeObjectFieldStart("attributes");
        g.writeEndObject();
        g.writeEndObject();
        g.writeStringField("allocation_id", ClusterStateHandler.allocationId(info, shard));
        g.writeStringField("allocation", "primary");
        g.writeEndObject();
        g.writeEndArray();
        g.writeEndObject();
      }
      g.writeEndObject();
      g.writeEndObject();
    }
    g.writeEndObject();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  private List<IndexInfo> indices(RestRequest request) {
    return actions.indices().list(request.pathParam("index"), RestIndicesOptions.of(request));
  }

  private static long oldBytes(List<SegmentInfo> segments) {
    long bytes = 0;
    for (SegmentInfo s : segments) {
      if (version(s).major < Version.LATEST.major) {
        bytes += s.sizeBytes();
      }
    }
    return bytes;
  }

  private static Version oldest(List<SegmentInfo> segments) {
    Version oldest = Version.LATEST;
    for (SegmentInfo s : segments) {
      Version v = version(s);
      if (!v.onOrAfter(oldest)) {
        oldest = v;
      }
    }
    return oldest;
  }

  private static Version version(SegmentInfo segment) {
    try {
      return segment.version() == null ? Version.LATEST : Version.parse(segment.version());
    } catch (java.text.ParseException | IllegalArgumentException e) {
      return Version.LATEST;
    }
  }
}
