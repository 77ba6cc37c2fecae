package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.exc.StreamReadException;
import dev.duet.engine.document.TermVectorsRequest;
import dev.duet.engine.document.TermVectorsResult;
import dev.duet.engine.error.DuetException;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.ErrorEncoder;
import dev.duet.server.rest.codec.Json;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code GET|POST /{index}/_termvectors[/{id}]} and {@code /[{index}/]_mtermvectors}: a stored or
 * artificial document's term vectors in OpenSearch's shape. Options come from the URL and the body
 * (the body's win); an {@code _mtermvectors} item takes the URL's as defaults, and a failed item
 * answers its error in place. The bodies are small and cold, so they are read as trees.
 */
final class TermVectorsHandler {
  private static final java.util.Set<String> OPTIONS =
      java.util.Set.of(
          "fields",
          "offsets",
          "positions",
          "payloads",
          "term_statistics",
          "field_statistics",
          "per_field_analyzer",
          "routing",
          "realtime",
          "version",
          "version_type",
          "preference",
          "doc",
          "_index",
          "_id",
          "_routing",
          "filter");

  private final Actions actions;

  TermVectorsHandler(Actions actions) {
    this.actions = actions;
  }

  /** {@code _termvectors}. */
  RestResponse single(RestRequest request) throws IOException {
    Map<?, ?> body = body(request);
    TermVectorsRequest one =
        decode(
            body,
            request,
            string(body.get("_index"), request.pathParam("index")),
            string(body.get("_id"), request.pathParam("id")));
    TermVectorsResult result = actions.get().termVectors(one);
    JsonOutput out = new JsonOutput(request.pretty());
    write(result, out.generator());
    return RestResponse.json(200, out);
  }

  /** {@code _mtermvectors}: {@code docs} items, or {@code ids} (body or URL) of the URL's index. */
  RestResponse multi(RestRequest request) throws IOException {
    Map<?, ?> body = body(request);
    String index = request.pathParam("index");
    List<Map<?, ?>> items = new ArrayList<>();
    if (body.get("docs") instanceof List<?> docs) {
      for (Object doc : docs) {
        if (!(doc instanceof Map<?, ?> m)) {
          throw DuetException.illegalArgument("docs array element should include an object");
        }
        items.add(m);
      }
    }
    List<Object> ids = new ArrayList<>();
    if (body.get("ids") instanceof List<?> list) {
      ids.addAll(list);
    } else if (request.param("ids") != null) {
      ids.addAll(List.of(request.param("ids").split(",")));
    }
    for (Object id : ids) {
      items.add(Map.of("_id", String.valueOf(id)));
    }
    if (items.isEmpty()) {
      throw new DuetException(
          400,
          "action_request_validation_exception",
          "Validation Failed: 1: multi term vectors: no docs specified;");
    }
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeArrayFieldStart("docs");
    for (Map<?, ?> item : items) {
      String itemIndex = string(item.get("_index"), index);
      String itemId = string(item.get("_id"), null);
      try {
        if (itemIndex == null) {
          throw new DuetException(
              400,
              "action_request_validation_exception",
              "Validation Failed: 1: index is missing;");
        }
        write(actions.get().termVectors(decode(item, request, itemIndex, itemId)), g);
      } catch (DuetException e) {
        g.writeStartObject();
        g.writeStringField("_index", itemIndex);
        if (itemId != null) {
          g.writeStringField("_id", itemId);
        }
        g.writeFieldName("error");
        ErrorEncoder.encodeWithRootCause(e, g);
        g.writeEndObject();
      }
    }
    g.writeEndArray();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  private static Map<?, ?> body(RestRequest request) throws IOException {
    if (!request.hasContent()) {
      return Map.of();
    }
    try (JsonParser p =
        Json.parser(request.contentArray(), request.contentOffset(), request.contentLength())) {
      p.nextToken();
      return Json.readValue(p) instanceof Map<?, ?> m ? m : Map.of();
    } catch (StreamReadException e) {
      throw Json.parseError(e);
    }
  }

  /** One request: the body's options over the URL's. */
  private static TermVectorsRequest decode(
      Map<?, ?> body, RestRequest request, String index, String id) throws IOException {
    for (Object key : body.keySet()) {
      if (!OPTIONS.contains(String.valueOf(key)) && !(key.equals("ids") || key.equals("docs"))) {
        throw new DuetException(
            400,
            "illegal_argument_exception",
            "failed to parse term vectors request: unknown field [" + key + "]");
      }
    }
    if (body.get("filter") != null) {
      throw DuetException.illegalArgument("[termvectors] filter is not supported");
    }
    byte[] doc = null;
    if (body.get("doc") instanceof Map<?, ?> artificial) {
      JsonOutput json = new JsonOutput(false);
      Json.writeValue(json.generator(), artificial);
      doc = json.toHttpData().array();
    }
    List<String> fields = null;
    Object f = body.get("fields");
    if (f instanceof List<?> list) {
      fields = list.stream().map(String::valueOf).toList();
    } else if (f != null) {
      fields = List.of(String.valueOf(f).split(","));
    } else if (request.param("fields") != null) {
      fields = List.of(request.param("fields").split(","));
    }
    Map<String, String> analyzers = new LinkedHashMap<>();
    if (body.get("per_field_analyzer") instanceof Map<?, ?> m) {
      m.forEach((k, v) -> analyzers.put(String.valueOf(k), String.valueOf(v)));
    }
    Object version = body.containsKey("version") ? body.get("version") : request.param("version");
    return new TermVectorsRequest(
        index,
        id,
        doc,
        fields,
        flag(body, request, "offsets", true),
        flag(body, request, "positions", true),
        flag(body, request, "payloads", true),
        flag(body, request, "term_statistics", false),
        flag(body, request, "field_statistics", true),
        analyzers,
        string(body.get("routing"), string(body.get("_routing"), request.param("routing"))),
        flag(body, request, "realtime", true),
        version == null ? null : Long.parseLong(String.valueOf(version)));
  }

  private static boolean flag(Map<?, ?> body, RestRequest request, String key, boolean otherwise) {
    Object v = body.get(key);
    if (v != null) {
      return Boolean.parseBoolean(String.valueOf(v));
    }
    return request.paramAsBoolean(key, otherwise);
  }

  private static String string(Object value, String otherwise) {
    return value == null ? otherwise : String.valueOf(value);
  }

  static void write(TermVectorsResult r, JsonGenerator g) throws IOException {
    g.writeStartObject();
    g.writeStringField("_index", r.index());
    if (r.id() != null) {
      g.writeStringField("_id", r.id());
    }
    g.writeNumberField("_version", r.version());
    g.writeBooleanField("found", r.found());
    g.writeNumberField("took", r.tookMillis());
    if (r.found() && !r.fields().isEmpty()) {
      g.writeObjectFieldStart("term_vectors");
      for (Map.Entry<String, TermVectorsResult.Field> field : r.fields().entrySet()) {
        g.writeObjectFieldStart(field.getKey());
        TermVectorsResult.FieldStatistics s = field.getValue().statistics();
        if (s != null) {
          g.writeObjectFieldStart("field_statistics");
          g.writeNumberField("sum_doc_freq", s.sumDocFreq());
          g.writeNumberField("doc_count", s.docCount());
          g.writeNumberField("sum_ttf", s.sumTotalTermFreq());
          g.writeEndObject();
        }
        g.writeObjectFieldStart("terms");
        for (Map.Entry<String, TermVectorsResult.Term> t : field.getValue().terms().entrySet()) {
          g.writeObjectFieldStart(t.getKey());
          TermVectorsResult.Term term = t.getValue();
          if (term.docFreq() != null) {
            g.writeNumberField("doc_freq", term.docFreq());
          }
          if (term.totalTermFreq() != null) {
            g.writeNumberField("ttf", term.totalTermFreq());
          }
          g.writeNumberField("term_freq", term.termFreq());
          if (term.tokens() != null) {
            g.writeArrayFieldStart("tokens");
            for (TermVectorsResult.Token token : term.tokens()) {
              g.writeStartObject();
              if (token.position() != null) {
                g.writeNumberField("position", token.position());
              }
              if (token.startOffset() != null) {
                g.writeNumberField("start_offset", token.startOffset());
                g.writeNumberField("end_offset", token.endOffset());
              }
              if (token.payload() != null) {
                g.writeStringField("payload", token.payload());
              }
              g.writeEndObject();
            }
            g.writeEndArray();
          }
          g.writeEndObject();
        }
        g.writeEndObject();
        g.writeEndObject();
      }
      g.writeEndObject();
    }
    g.writeEndObject();
  }
}
