package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndexSegments;
import dev.duet.engine.index.SegmentInfo;
import dev.duet.server.action.Actions;
import dev.duet.server.action.ShardCounts;
import dev.duet.server.rest.CatTable.Column;
import dev.duet.server.rest.CatTable.Kind;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code GET [/{index}]/_segments} and {@code GET /_cat/segments[/{index}]}. Each Duet index is one
 * Lucene index, shown as shard 0, primary, started on this node. {@code memory_in_bytes} is 0 as in
 * OpenSearch 3 (Lucene no longer reports it); the hidden {@code id} column is this node's id.
 */
final class SegmentsHandler {
  private static final String IP = "127.0.0.1";

  private static final List<Column> CAT =
      List.of(
          new Column("index", Kind.TEXT, false, List.of("i", "idx"), "index name"),
          new Column("shard", Kind.TEXT, false, List.of("s", "sh"), "shard name"),
          new Column(
              "prirep",
              Kind.TEXT,
              false,
              List.of("p", "pr", "primaryOrReplica"),
              "primary or replica"),
          new Column("ip", Kind.TEXT, false, List.of(), "ip of node where it lives"),
          new Column(
              "id", Kind.TEXT, false, false, List.of(), "unique id of node where it lives", true),
          new Column("segment", Kind.TEXT, false, List.of("seg"), "segment name"),
          new Column("generation", Kind.NUMBER, true, List.of("g", "gen"), "segment generation"),
          new Column(
              "docs.count",
              Kind.NUMBER,
              true,
              List.of("dc", "docsCount"),
              "number of docs in segment"),
          new Column(
              "docs.deleted",
              Kind.NUMBER,
              true,
              List.of("dd", "docsDeleted"),
              "number of deleted docs in segment"),
          new Column("size", Kind.BYTES, true, List.of("si"), "segment size in bytes"),
          new Column(
              "size.memory", // a plain number in OpenSearch 3.x, no longer a size
              Kind.NUMBER,
              true,
              List.of("sm", "sizeMemory"),
              "segment memory in bytes"),
          new Column(
              "committed", Kind.TEXT, false, List.of("ic", "isCommitted"), "is segment committed"),
          new Column(
              "searchable", Kind.TEXT, false, List.of("is", "isSearchable"), "is segment searched"),
          new Column("version", Kind.TEXT, false, List.of("v", "ver"), "version"),
          new Column(
              "compound", Kind.TEXT, false, List.of("ico", "isCompound"), "is segment compound"));

  private final Actions actions;

  SegmentsHandler(Actions actions) {
    this.actions = actions;
  }

  RestResponse segments(RestRequest request) throws IOException {
    List<IndexSegments> indices =
        actions.indexAdmin().segments(request.pathParam("index"), RestIndicesOptions.of(request));
    List<IndexInfo> infos = new ArrayList<>();
    indices.forEach(i -> infos.add(i.info()));
    ShardCounts shards = ShardCounts.of(infos);
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeObjectFieldStart("_shards");
    g.writeNumberField("total", shards.total());
    g.writeNumberField("successful", shards.successful());
    g.writeNumberField("failed", shards.failed());
    g.writeEndObject();
    g.writeObjectFieldStart("indices");
    for (IndexSegments index : indices) {
      g.writeObjectFieldStart(index.info().name());
      g.writeObjectFieldStart("shards");
      g.writeArrayFieldStart("0");
      g.writeStartObject();
      g.writeObjectFieldStart("routing");
      g.writeStringField("state", "STARTED");
      g.writeBooleanField("primary", true);
      g.writeStringField("node", actions.nodeId());
      g.writeEndObject();
      g.writeNumberField(
          "num_committed_segments", index.segments().stream().filter(s -> s.committed()).count());
      g.writeNumberField(
          "num_search_segments", index.segments().stream().filter(s -> s.search()).count());
      g.writeObjectFieldStart("segments");
      for (SegmentInfo s : index.segments()) {
        writeSegment(g, s);
      }
      g.writeEndObject();
      g.writeEndObject();
      g.writeEndArray();
      g.writeEndObject();
      g.writeEndObject();
    }
    g.writeEndObject();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  RestResponse cat(RestRequest request) throws IOException {
    List<Comparable<?>[]> rows = new ArrayList<>();
    for (IndexSegments index :
        actions.indexAdmin().segments(request.pathParam("index"), RestIndicesOptions.of(request))) {
      for (SegmentInfo s : index.segments()) {
        rows.add(
            new Comparable<?>[] {
              index.info().name(),
              "0",
              "p",
              IP,
              actions.nodeId(),
              s.name(),
              s.generation(),
              s.docs(),
              s.deletedDocs(),
              s.sizeBytes(),
              0L,
              Boolean.toString(s.committed()),
              Boolean.toString(s.search()),
              s.version(),
              Boolean.toString(s.compound())
            });
      }
    }
    return CatTable.of(
            CAT, rows, request.param("h"), request.param("s"), "b".equals(request.param("bytes")))
        .respond(request);
  }

  private static void writeSegment(JsonGenerator g, SegmentInfo s) throws IOException {
    g.writeObjectFieldStart(s.name());
    g.writeNumberField("generation", s.generation());
    g.writeNumberField("num_docs", s.docs());
    g.writeNumberField("deleted_docs", s.deletedDocs());
    g.writeNumberField("size_in_bytes", s.sizeBytes());
    g.writeNumberField("memory_in_bytes", 0);
    g.writeBooleanField("committed", s.committed());
    g.writeBooleanField("search", s.search());
    g.writeStringField("version", s.version());
    g.writeBooleanField("compound", s.compound());
    g.writeObjectFieldStart("attributes");
    for (Map.Entry<String, String> e : new java.util.TreeMap<>(s.attributes()).entrySet()) {
      g.writeStringField(e.getKey(), e.getValue());
    }
    g.writeEndObject();
    g.writeEndObject();
  }
}
