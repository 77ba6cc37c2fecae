package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.ingest.Pipelines.Kind;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.Json;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Ingest pipelines ({@code _ingest/pipeline} put, get, delete, {@code _simulate}, {@code
 * _ingest/processor/grok}), search pipelines ({@code _search/pipeline}) and the script views
 * ({@code _script_context}, {@code _script_language}), with OpenSearch's answers.
 */
final class PipelineHandlers {
  private final Actions actions;

  PipelineHandlers(Actions actions) {
    this.actions = actions;
  }

  RestResponse putIngest(RestRequest request) throws IOException {
    return put(request, Kind.INGEST);
  }

  RestResponse getIngest(RestRequest request) throws IOException {
    return get(request, Kind.INGEST);
  }

  RestResponse deleteIngest(RestRequest request) throws IOException {
    actions.pipelines().delete(Kind.INGEST, request.pathParam("id"));
    return IndexHandlers.acknowledged(request);
  }

  RestResponse putSearch(RestRequest request) throws IOException {
    return put(request, Kind.SEARCH);
  }

  RestResponse getSearch(RestRequest request) throws IOException {
    return get(request, Kind.SEARCH);
  }

  RestResponse deleteSearch(RestRequest request) throws IOException {
    actions.pipelines().delete(Kind.SEARCH, request.pathParam("id"));
    return IndexHandlers.acknowledged(request);
  }

  /** {@code POST|GET /_ingest/pipeline[/{id}]/_simulate[?verbose]}. */
  RestResponse simulate(RestRequest request) throws IOException {
    request.requireContent();
    Map<String, Object> answer =
        actions
            .pipelines()
            .simulate(
                request.pathParam("id"), body(request), request.paramAsBoolean("verbose", false));
    return json(request, answer);
  }

  /** {@code GET /_ingest/processor/grok[?s]}: the pattern bank. */
  RestResponse grok(RestRequest request) throws IOException {
    return json(
        request,
        Map.of("patterns", actions.pipelines().grokPatterns(request.paramAsBoolean("s", false))));
  }

  /**
   * {@code GET /_script_context}: Duet runs no Painless; the one context it evaluates is an ingest
   * processor's {@code if} (the subset of conditions it reads without a script engine).
   */
  RestResponse scriptContext(RestRequest request) throws IOException {
    Map<String, Object> execute =
        Map.of(
            "name", "execute",
            "return_type", "boolean",
            "params", List.of(Map.of("type", "java.util.Map", "name", "ctx")));
    Map<String, Object> params =
        Map.of("name", "getParams", "return_type", "java.util.Map", "params", List.of());
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeArrayFieldStart("contexts");
    g.writeStartObject();
    g.writeStringField("name", "processor_conditional");
    g.writeArrayFieldStart("methods");
    for (Map<String, Object> m : List.of(execute, params)) {
      g.writeStartObject();
      g.writeStringField("name", (String) m.get("name"));
      g.writeStringField("return_type", (String) m.get("return_type"));
      g.writeFieldName("params");
      Json.writeValue(g, m.get("params"));
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
    g.writeEndArray();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code GET /_script_language}: the script types allowed, and what Duet evaluates where. */
  RestResponse scriptLanguage(RestRequest request) throws IOException {
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeArrayFieldStart("types_allowed");
    g.writeString("inline");
    g.writeString("stored");
    g.writeEndArray();
    g.writeArrayFieldStart("language_contexts");
    g.writeStartObject();
    g.writeStringField("language", "painless");
    g.writeArrayFieldStart("contexts");
    g.writeString("processor_conditional");
    g.writeEndArray();
    g.writeEndObject();
    g.writeEndArray();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  private RestResponse put(RestRequest request, Kind kind) throws IOException {
    request.requireContent();
    actions.pipelines().put(kind, request.pathParam("id"), body(request));
    return IndexHandlers.acknowledged(request);
  }

  /** A missing id answers 404 with an empty object, as OpenSearch does. */
  private RestResponse get(RestRequest request, Kind kind) throws IOException {
    String ids = request.pathParam("id");
    Map<String, Map<String, Object>> found = actions.pipelines().get(kind, ids);
    if (found.isEmpty() && ids != null && !ids.equals("*") && !ids.equals("_all")) {
      return RestResponse.json(404, "{}".getBytes(StandardCharsets.UTF_8));
    }
    return json(request, found);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> body(RestRequest request) throws IOException {
    try (JsonParser p =
        Json.parser(request.contentArray(), request.contentOffset(), request.contentLength())) {
      p.nextToken();
      Object value = Json.readValue(p);
      if (!(value instanceof Map<?, ?>)) {
        throw DuetException.parsing("request body is required");
      }
      return (Map<String, Object>) value;
    }
  }

  private static RestResponse json(RestRequest request, Object value) throws IOException {
    JsonOutput out = new JsonOutput(request.pretty());
    Json.writeValue(out.generator(), value);
    return RestResponse.json(200, out);
  }
}
