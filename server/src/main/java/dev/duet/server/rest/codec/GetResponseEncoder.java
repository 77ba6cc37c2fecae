package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.document.GetResult;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/** Writes {@code GET /{index}/_doc/{id}} the way OpenSearch does, the source copied raw. */
public final class GetResponseEncoder {
  private GetResponseEncoder() {}

  /** {@code source} is the (possibly filtered) source to write, or null to leave it out. */
  public static void encode(GetResult result, byte[] source, JsonGenerator g) throws IOException {
    encode(result, source, Map.of(), g);
  }

  /** As {@link #encode(GetResult, byte[], JsonGenerator)}, with stored field values. */
  public static void encode(
      GetResult result, byte[] source, Map<String, List<Object>> fields, JsonGenerator g)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("_index", result.index());
    g.writeStringField("_id", result.id());
    if (result.found()) {
      g.writeNumberField("_version", result.version());
      g.writeNumberField("_seq_no", result.seqNo());
      g.writeNumberField("_primary_term", result.primaryTerm());
      if (result.routing() != null) {
        g.writeStringField("_routing", result.routing());
      }
      g.writeBooleanField("found", true);
      if (source != null) {
        g.writeFieldName("_source");
        Raw.write(g, source);
      }
      if (!fields.isEmpty()) {
        g.writeObjectFieldStart("fields");
        for (Map.Entry<String, List<Object>> field : fields.entrySet()) {
          g.writeFieldName(field.getKey());
          Json.writeValue(g, field.getValue());
        }
        g.writeEndObject();
      }
    } else {
      g.writeBooleanField("found", false);
    }
    g.writeEndObject();
  }
}
