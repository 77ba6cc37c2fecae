package dev.duet.adaptor;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.error.DuetException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;

/**
 * The bulk model written as OpenSearch's REST request: {@code POST /_bulk?refresh=..} with one
 * action line per item and, for writes, the document source on the next line — as received when it
 * is one line already, else re-emitted compact, since a newline would split it in NDJSON.
 */
final class BulkRequestNdjson {
  private static final JsonFactory JSON = new JsonFactory();

  private BulkRequestNdjson() {}

  static String path(BulkRequest request) {
    return switch (request.refresh()) {
      case IMMEDIATE -> "/_bulk?refresh=true";
      case WAIT_UNTIL -> "/_bulk?refresh=wait_for";
      case NONE -> "/_bulk";
    };
  }

  static byte[] body(BulkRequest request) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(1024);
    try {
      for (BulkItem item : request.items()) {
        try (JsonGenerator g = JSON.createGenerator(out)) {
          g.writeStartObject();
          g.writeObjectFieldStart(item.opType().name().toLowerCase(Locale.ROOT));
          g.writeStringField("_index", item.index());
          if (item.id() != null) {
            g.writeStringField("_id", item.id());
          }
          if (item.requireAlias()) {
            // Decoded from the gRPC request or operation; the upstream enforces it.
            g.writeBooleanField("require_alias", true);
          }
          g.writeEndObject();
          g.writeEndObject();
        }
        out.write('\n');
        if (item.source() != null) {
          source(item.source(), out);
          out.write('\n');
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static void source(byte[] source, ByteArrayOutputStream out) throws IOException {
    if (!hasLineBreak(source)) {
      out.write(source);
      return;
    }
    try (JsonParser p = JSON.createParser(source);
        JsonGenerator g = JSON.createGenerator(out)) {
      if (p.nextToken() == null) {
        return;
      }
      g.copyCurrentStructure(p);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      // A broken multi-line source cannot be made one line; the whole bulk is refused for it.
      throw DuetException.parsing("failed to parse a bulk document: " + e.getOriginalMessage());
    }
  }

  private static boolean hasLineBreak(byte[] source) {
    for (byte b : source) {
      if (b == '\n' || b == '\r') {
        return true;
      }
    }
    return false;
  }
}
