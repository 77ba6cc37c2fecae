package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.index.IndexInfo;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.CreateIndexDecoder;
import dev.duet.server.rest.codec.Json;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Index administration: create, delete, exists, get, mappings and refresh, with OpenSearch's
 * response bodies.
 */
final class IndexHandlers {
  private final Actions actions;

  IndexHandlers(Actions actions) {
    this.actions = actions;
  }

  /** {@code PUT /{index}}. */
  RestResponse create(RestRequest request) throws IOException {
    String index = request.pathParam("index");
    var body =
        CreateIndexDecoder.decode(
            request.contentArray(), request.contentOffset(), request.contentLength());
    IndexInfo info = actions.createIndex().execute(index, body.settings(), body.mapping());
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeBooleanField("acknowledged", true);
    g.writeBooleanField("shards_acknowledged", true);
    g.writeStringField("index", info.name());
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code DELETE /{index}}. */
  RestResponse delete(RestRequest request) throws IOException {
    actions.deleteIndex().execute(request.pathParam("index"));
    return acknowledged(request);
  }

  /** {@code HEAD /{index}}: 200 or 404, no body. */
  RestResponse exists(RestRequest request) {
    return RestResponse.empty(actions.indices().exists(request.pathParam("index")) ? 200 : 404);
  }

  /** {@code GET /{index}}: aliases, mappings and settings per index. */
  RestResponse get(RestRequest request) throws IOException {
    String expression = request.pathParam("index");
    List<IndexInfo> indices =
        isPattern(expression)
            ? actions.indices().list(expression)
            : List.of(actions.indices().index(expression));
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    for (IndexInfo info : indices) {
      g.writeObjectFieldStart(info.name());
      g.writeObjectFieldStart("aliases");
      g.writeEndObject();
      g.writeFieldName("mappings");
      Json.writeValue(g, info.mapping().toMap());
      g.writeObjectFieldStart("settings");
      g.writeObjectFieldStart("index");
      Map<String, String> settings = info.settings().sorted();
      settings.putIfAbsent("number_of_shards", Integer.toString(info.settings().numberOfShards()));
      settings.putIfAbsent(
          "number_of_replicas", Integer.toString(info.settings().numberOfReplicas()));
      settings.put("creation_date", Long.toString(info.creationDate()));
      settings.put("uuid", info.uuid());
      settings.put("provided_name", info.name());
      for (Map.Entry<String, String> e : new java.util.TreeMap<>(settings).entrySet()) {
        g.writeStringField(e.getKey(), e.getValue());
      }
      g.writeEndObject();
      g.writeEndObject();
      g.writeEndObject();
    }
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code GET /_mapping} and {@code GET /{index}/_mapping}. */
  RestResponse mapping(RestRequest request) throws IOException {
    String expression = request.pathParam("index");
    List<IndexInfo> indices =
        expression == null || isPattern(expression)
            ? actions.indices().list(expression)
            : List.of(actions.indices().index(expression));
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    for (IndexInfo info : indices) {
      g.writeObjectFieldStart(info.name());
      g.writeFieldName("mappings");
      Json.writeValue(g, info.mapping().toMap());
      g.writeEndObject();
    }
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code POST /_refresh} and {@code POST /{index}/_refresh}. */
  RestResponse refresh(RestRequest request) throws IOException {
    List<IndexInfo> refreshed = actions.refresh().execute(request.pathParam("index"));
    int total = 0;
    int successful = 0;
    for (IndexInfo info : refreshed) {
      int shards = info.settings().numberOfShards();
      total += shards * (1 + info.settings().numberOfReplicas());
      successful += shards;
    }
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeObjectFieldStart("_shards");
    g.writeNumberField("total", total);
    g.writeNumberField("successful", successful);
    g.writeNumberField("failed", 0);
    g.writeEndObject();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  static boolean isPattern(String expression) {
    return expression.contains("*") || expression.contains(",") || expression.equals("_all");
  }

  private static RestResponse acknowledged(RestRequest request) throws IOException {
    JsonOutput out = new JsonOutput(request.pretty());
    out.generator().writeStartObject();
    out.generator().writeBooleanField("acknowledged", true);
    out.generator().writeEndObject();
    return RestResponse.json(200, out);
  }
}
