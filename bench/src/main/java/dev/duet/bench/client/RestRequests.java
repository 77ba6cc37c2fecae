package dev.duet.bench.client;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Builds REST request bodies: the {@code _bulk} NDJSON and the {@code _search} JSON. */
public final class RestRequests {
  private static final JsonFactory JSON = new JsonFactory();
  private static final byte[] INDEX_ACTION_START =
      "{\"index\":{\"_id\":\"".getBytes(StandardCharsets.UTF_8);
  private static final byte[] INDEX_ACTION_END = "\"}}\n".getBytes(StandardCharsets.UTF_8);

  private RestRequests() {}

  /** The NDJSON body of a {@code _bulk} request indexing {@code ops} (the index is in the path). */
  public static byte[] bulkBody(List<IndexOp> ops) {
    int estimate = 0;
    for (IndexOp op : ops) {
      estimate += op.source().length + op.id().length() + 24;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(estimate);
    JsonStringEncoder encoder = JsonStringEncoder.getInstance();
    for (IndexOp op : ops) {
      out.writeBytes(INDEX_ACTION_START);
      out.writeBytes(encoder.quoteAsUTF8(op.id()));
      out.writeBytes(INDEX_ACTION_END);
      out.writeBytes(op.source());
      out.write('\n');
    }
    return out.toByteArray();
  }

  /** The body of a {@code _search} request with one {@code match} query. */
  public static byte[] matchQueryBody(String field, String text, int size) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(64 + text.length());
    try (JsonGenerator json = JSON.createGenerator(out)) {
      json.writeStartObject();
      json.writeObjectFieldStart("query");
      json.writeObjectFieldStart("match");
      json.writeStringField(field, text);
      json.writeEndObject();
      json.writeEndObject();
      json.writeNumberField("size", size);
      json.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
