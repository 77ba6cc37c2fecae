package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.index.IndexInfo;
import dev.duet.server.action.Actions;
import dev.duet.server.action.ShardCounts;
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
  /** OpenSearch's internal id of version 3.8.0, as {@code index.version.created} shows it. */
  private static final String OPENSEARCH_VERSION_ID = "137297827";

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
      writeIndexSettings(info, g);
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
    return shardsResponse(request, actions.refresh().execute(request.pathParam("index")));
  }

  /** {@code POST /_flush} and {@code POST /{index}/_flush}. */
  RestResponse flush(RestRequest request) throws IOException {
    return shardsResponse(request, actions.flush().execute(request.pathParam("index")));
  }

  /** {@code {"_shards":{...}}} for the primaries (and unassigned replicas) of the given indices. */
  private static RestResponse shardsResponse(RestRequest request, List<IndexInfo> indices)
      throws IOException {
    ShardCounts shards = ShardCounts.of(indices);
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeObjectFieldStart("_shards");
    g.writeNumberField("total", shards.total());
    g.writeNumberField("successful", shards.successful());
    g.writeNumberField("failed", shards.failed());
    g.writeEndObject();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /**
   * {@code settings.index} in the order OpenSearch 3.8 shows it: its fixed keys around the index's
   * own settings, nested on dots as OpenSearch nests them.
   */
  private static void writeIndexSettings(IndexInfo info, JsonGenerator g) throws IOException {
    Map<String, String> own = info.settings().sorted();
    own.remove("number_of_shards");
    own.remove("number_of_replicas");
    g.writeObjectFieldStart("index");
    g.writeObjectFieldStart("replication");
    g.writeStringField("type", "DOCUMENT");
    g.writeEndObject();
    g.writeStringField("number_of_shards", Integer.toString(info.settings().numberOfShards()));
    g.writeStringField("provided_name", info.name());
    g.writeStringField("creation_date", Long.toString(info.creationDate()));
    Map<String, Object> nested = new java.util.LinkedHashMap<>();
    for (Map.Entry<String, String> e : own.entrySet()) {
      nest(nested, e.getKey(), e.getValue());
    }
    for (Map.Entry<String, Object> e : nested.entrySet()) {
      g.writeFieldName(e.getKey());
      Json.writeValue(g, e.getValue());
    }
    g.writeStringField("number_of_replicas", Integer.toString(info.settings().numberOfReplicas()));
    g.writeStringField("uuid", info.uuid());
    g.writeObjectFieldStart("version");
    g.writeStringField("created", OPENSEARCH_VERSION_ID);
    g.writeEndObject();
    g.writeEndObject();
  }

  @SuppressWarnings("unchecked")
  private static void nest(Map<String, Object> into, String dottedKey, String value) {
    int dot = dottedKey.indexOf('.');
    if (dot < 0) {
      into.put(dottedKey, value);
      return;
    }
    Object child =
        into.computeIfAbsent(
            dottedKey.substring(0, dot), k -> new java.util.LinkedHashMap<String, Object>());
    if (child instanceof Map<?, ?> map) {
      nest((Map<String, Object>) map, dottedKey.substring(dot + 1), value);
    }
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
