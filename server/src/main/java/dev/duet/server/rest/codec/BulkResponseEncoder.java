package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.BulkResponse;
import dev.duet.engine.document.GetResult;
import dev.duet.engine.document.WriteResult;
import java.io.IOException;

/**
 * Writes bulk and single-document write responses with OpenSearch's key order: {@code _index, _id,
 * _version, result, forced_refresh (only when true), _shards, _seq_no, _primary_term} and, in bulk
 * items, {@code status}; failed items carry {@code status} and {@code error}.
 */
public final class BulkResponseEncoder {
  private BulkResponseEncoder() {}

  public static void encode(BulkResponse response, JsonGenerator g) throws IOException {
    g.writeStartObject();
    g.writeNumberField("took", response.tookMillis());
    g.writeBooleanField("errors", response.errors());
    g.writeArrayFieldStart("items");
    for (BulkItemResponse item : response.items()) {
      g.writeStartObject();
      g.writeObjectFieldStart(item.opType().value());
      if (item.failed()) {
        g.writeStringField("_index", item.index());
        g.writeStringField("_id", item.id());
        g.writeNumberField("status", item.status());
        g.writeFieldName("error");
        ErrorEncoder.encodeObject(item.failure(), true, g);
      } else {
        writeWriteResult(item.index(), item.id(), item.result(), g);
        writeGet(item.get(), g);
        g.writeNumberField("status", item.status());
      }
      g.writeEndObject();
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  /** The body of {@code PUT /{index}/_doc/{id}} and friends: one successful write. */
  public static void encodeSingle(BulkItemResponse item, JsonGenerator g) throws IOException {
    g.writeStartObject();
    WriteResult r = item.result();
    if (r.result().equals("noop")) {
      // A single update that changed nothing reached no shard copy; in a bulk it reports the
      // bulk's shard (OpenSearch 3.8 does both).
      r = new WriteResult(r.result(), r.version(), r.seqNo(), r.primaryTerm(), false, 0, 0);
    }
    writeWriteResult(item.index(), item.id(), r, g);
    writeGet(item.get(), g);
    g.writeEndObject();
  }

  /** An update's {@code get}: the resulting document, when the update asked for its source. */
  private static void writeGet(GetResult get, JsonGenerator g) throws IOException {
    if (get == null) {
      return;
    }
    g.writeObjectFieldStart("get");
    g.writeNumberField("_seq_no", get.seqNo());
    g.writeNumberField("_primary_term", get.primaryTerm());
    g.writeBooleanField("found", true);
    if (get.source() != null) {
      g.writeFieldName("_source");
      Raw.write(g, get.source());
    }
    g.writeEndObject();
  }

  private static void writeWriteResult(String index, String id, WriteResult r, JsonGenerator g)
      throws IOException {
    g.writeStringField("_index", index);
    g.writeStringField("_id", id);
    g.writeNumberField("_version", r.version());
    g.writeStringField("result", r.result());
    if (r.forcedRefresh()) {
      g.writeBooleanField("forced_refresh", true);
    }
    g.writeObjectFieldStart("_shards");
    g.writeNumberField("total", r.shardsTotal());
    g.writeNumberField("successful", r.shardsSuccessful());
    g.writeNumberField("failed", 0);
    g.writeEndObject();
    if (r.seqNo() >= 0) { // a document an ingest pipeline dropped has none
      g.writeNumberField("_seq_no", r.seqNo());
      g.writeNumberField("_primary_term", r.primaryTerm());
    }
  }
}
