package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.document.GetResult;
import java.io.IOException;

/** Writes {@code GET /{index}/_doc/{id}} the way OpenSearch does, the source copied raw. */
public final class GetResponseEncoder {
  private GetResponseEncoder() {}

  /** {@code source} is the (possibly filtered) source to write, or null to leave it out. */
  public static void encode(GetResult result, byte[] source, JsonGenerator g) throws IOException {
    g.writeStartObject();
    g.writeStringField("_index", result.index());
    g.writeStringField("_id", result.id());
    if (result.found()) {
      g.writeNumberField("_version", result.version());
      g.writeNumberField("_seq_no", result.seqNo());
      g.writeNumberField("_primary_term", result.primaryTerm());
      g.writeBooleanField("found", true);
      if (source != null) {
        g.writeFieldName("_source");
        Raw.write(g, source);
      }
    } else {
      g.writeBooleanField("found", false);
    }
    g.writeEndObject();
  }
}
