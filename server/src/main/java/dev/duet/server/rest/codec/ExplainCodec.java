package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import dev.duet.engine.document.GetResult;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.ExplainResult;
import dev.duet.engine.search.Query;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * {@code _explain}'s body ({@code {"query": ...}} and nothing else) and answer ({@code _index},
 * {@code _id}, {@code matched}, {@code explanation}).
 */
public final class ExplainCodec {
  private ExplainCodec() {}

  /** The body's query; a body without one fails as OpenSearch's request validation does. */
  public static Query decode(byte[] body, int offset, int length) throws IOException {
    Query query = null;
    if (length > 0) {
      try (JsonParser p = Json.parser(body, offset, length)) {
        JsonToken t = p.nextToken();
        if (t != null && t != JsonToken.START_OBJECT) {
          throw QueryErrors.error(
              p, "Unexpected token [" + Json.tokenName(t) + "], expected START_OBJECT");
        }
        while (t != null && (t = p.nextToken()) != JsonToken.END_OBJECT) {
          String key = p.currentName();
          if (!key.equals("query")) {
            throw QueryErrors.error(p, "request does not support [" + key + "]");
          }
          t = p.nextToken();
          if (t != JsonToken.START_OBJECT) {
            throw QueryErrors.error(p, "request does not support [" + key + "]");
          }
          query = QueryDecoder.parse(p);
        }
      } catch (StreamReadException e) {
        throw Json.parseError(e);
      }
    }
    if (query == null) {
      throw DuetException.badRequest(
          "action_request_validation_exception", "Validation Failed: 1: query is missing;");
    }
    return query;
  }

  /** The explained document for the answer's {@code get}: its (filtered) source and fields. */
  public record Document(GetResult result, Map<String, List<Object>> fields) {}

  public static void encode(ExplainResult result, JsonGenerator g) throws IOException {
    encode(result, null, g);
  }

  /** The answer; {@code document} (or null) goes under {@code get} as OpenSearch writes it. */
  public static void encode(ExplainResult result, Document document, JsonGenerator g)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("_index", result.index());
    g.writeStringField("_id", result.id());
    g.writeBooleanField("matched", result.matched());
    if (result.explanation() != null) {
      g.writeFieldName("explanation");
      HitDetailsEncoder.explanation(result.explanation(), g);
    }
    if (document != null) {
      GetResult doc = document.result();
      g.writeObjectFieldStart("get");
      g.writeNumberField("_seq_no", doc.seqNo());
      g.writeNumberField("_primary_term", doc.primaryTerm());
      if (doc.routing() != null) {
        g.writeStringField("_routing", doc.routing());
      }
      g.writeBooleanField("found", true);
      if (doc.source() != null) {
        g.writeFieldName("_source");
        Raw.write(g, doc.source());
      }
      if (!document.fields().isEmpty()) {
        g.writeObjectFieldStart("fields");
        for (Map.Entry<String, List<Object>> field : document.fields().entrySet()) {
          g.writeFieldName(field.getKey());
          Json.writeValue(g, field.getValue());
        }
        g.writeEndObject();
      }
      g.writeEndObject();
    }
    g.writeEndObject();
  }
}
