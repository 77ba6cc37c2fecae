package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.server.action.Actions;
import dev.duet.server.action.ShardCounts;
import dev.duet.server.rest.codec.CreateIndexDecoder;
import dev.duet.server.rest.codec.IndexSettingsEncoder;
import dev.duet.server.rest.codec.Json;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Index administration: create, delete, exists, get, mappings, settings, refresh and flush, with
 * OpenSearch's response bodies and index expression parameters.
 */
public final class IndexHandlers {
  private final Actions actions;

  IndexHandlers(Actions actions) {
    this.actions = actions;
  }

  /**
   * Creates {@code index} with the settings and mappings of a create-index JSON body, read by
   * REST's decoder so that they obey one set of rules on both ports (gRPC's {@code
   * IndicesService/Create} sends its body here; its aliases are not read).
   */
  public static IndexInfo createWithoutAliases(Actions actions, String index, byte[] json)
      throws IOException {
    var body = CreateIndexDecoder.decode(json, 0, json.length);
    return actions.indexAdmin().create(index, body.settings(), body.mapping());
  }

  /** {@code PUT /{index}}. */
  RestResponse create(RestRequest request) throws IOException {
    String index = request.pathParam("index");
    var body =
        CreateIndexDecoder.decode(
            request.contentArray(), request.contentOffset(), request.contentLength());
    IndexInfo info =
        actions.indexAdmin().create(index, body.settings(), body.mapping(), body.aliases());
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeBooleanField("acknowledged", true);
    g.writeBooleanField("shards_acknowledged", true);
    g.writeStringField("index", info.name());
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code DELETE /{index}}: an expression of concrete names or wildcards, never an alias. */
  RestResponse delete(RestRequest request) throws IOException {
    actions
        .indexMetadata()
        .deleteIndices(request.pathParam("index"), RestIndicesOptions.of(request));
    return acknowledged(request);
  }

  /** {@code HEAD /{index}}: 200 when everything the expression names exists, else 404. */
  RestResponse exists(RestRequest request) {
    try {
      actions.indices().list(request.pathParam("index"), RestIndicesOptions.of(request));
      return RestResponse.empty(200);
    } catch (DuetException e) {
      return RestResponse.empty(e.status());
    }
  }

  /** {@code GET /{index}}: aliases, mappings and settings per index. */
  RestResponse get(RestRequest request) throws IOException {
    List<IndexInfo> indices =
        actions.indices().listMetadata(request.pathParam("index"), RestIndicesOptions.of(request));
    boolean flat = request.paramAsBoolean("flat_settings", false);
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    for (IndexInfo info : indices) {
      g.writeObjectFieldStart(info.name());
      g.writeFieldName("aliases");
      writeAliases(g, info.aliases());
      g.writeFieldName("mappings");
      Json.writeValue(g, info.mapping().toMap());
      g.writeFieldName("settings");
      IndexSettingsEncoder.write(
          g,
          IndexSettingsEncoder.flat(info, request.paramAsBoolean("human", false)),
          flat,
          IndexSettingsEncoder.lists(info));
      g.writeEndObject();
    }
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code GET /_mapping} and {@code GET /{index}/_mapping}. */
  RestResponse mapping(RestRequest request) throws IOException {
    List<IndexInfo> indices =
        actions.indices().listMetadata(request.pathParam("index"), RestIndicesOptions.of(request));
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

  /** {@code PUT|POST /{index}/_mapping}: merges new fields and parameters into each index. */
  RestResponse putMapping(RestRequest request) throws IOException {
    request.requireContent();
    Map<String, Object> update =
        CreateIndexDecoder.mappingUpdate(
            request.contentArray(), request.contentOffset(), request.contentLength());
    actions
        .indexMetadata()
        .putMapping(
            request.pathParam("index"),
            RestIndicesOptions.of(request, IndicesOptions.STRICT),
            update);
    return acknowledged(request);
  }

  /** {@code GET /_settings}, {@code /{index}/_settings} and {@code /{index}/_settings/{name}}. */
  RestResponse settings(RestRequest request) throws IOException {
    List<IndexInfo> indices =
        actions.indices().listMetadata(request.pathParam("index"), RestIndicesOptions.of(request));
    List<String> names = split(request.pathParam("name"));
    boolean flat = request.paramAsBoolean("flat_settings", false);
    boolean defaults = request.paramAsBoolean("include_defaults", false);
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    for (IndexInfo info : indices) {
      Map<String, String> settings =
          IndexSettingsEncoder.matching(info, names, request.paramAsBoolean("human", false));
      Map<String, String> defaultValues =
          defaults ? IndexSettingsEncoder.defaults(info, names) : Map.of();
      if (settings.isEmpty() && defaultValues.isEmpty()) {
        continue; // OpenSearch leaves out indices none of whose settings match
      }
      g.writeObjectFieldStart(info.name());
      g.writeFieldName("settings");
      IndexSettingsEncoder.write(g, settings, flat, IndexSettingsEncoder.lists(info));
      if (defaults) {
        g.writeFieldName("defaults");
        IndexSettingsEncoder.write(g, defaultValues, flat);
      }
      g.writeEndObject();
    }
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code PUT /_settings} and {@code PUT /{index}/_settings}: dynamic settings only. */
  RestResponse putSettings(RestRequest request) throws IOException {
    request.requireContent();
    Map<String, String> update =
        CreateIndexDecoder.settingsUpdate(
            request.contentArray(), request.contentOffset(), request.contentLength());
    actions
        .indexMetadata()
        .updateSettings(
            request.pathParam("index"),
            RestIndicesOptions.of(request, IndicesOptions.STRICT),
            update,
            request.paramAsBoolean("preserve_existing", false));
    return acknowledged(request);
  }

  /** {@code POST /_refresh} and {@code POST /{index}/_refresh}. */
  RestResponse refresh(RestRequest request) throws IOException {
    return shardsResponse(
        request,
        actions.indexAdmin().refresh(request.pathParam("index"), RestIndicesOptions.of(request)));
  }

  /** {@code POST /_cache/clear} and {@code POST /{index}/_cache/clear}. */
  RestResponse clearCache(RestRequest request) throws IOException {
    return shardsResponse(
        request,
        actions
            .indexAdmin()
            .clearCache(request.pathParam("index"), RestIndicesOptions.of(request)));
  }

  /** {@code POST /_flush} and {@code POST /{index}/_flush}. */
  RestResponse flush(RestRequest request) throws IOException {
    return shardsResponse(
        request,
        actions
            .indexAdmin()
            .flush(
                request.pathParam("index"),
                RestIndicesOptions.of(request),
                request.paramAsBoolean("force", false),
                request.paramAsBoolean("wait_if_ongoing", true)));
  }

  /** {@code {"_shards":{...}}} for the primaries (and unassigned replicas) of the given indices. */
  private static RestResponse shardsResponse(RestRequest request, List<IndexInfo> indices)
      throws IOException {
    return shardsResponse(request, ShardCounts.of(indices));
  }

  /** {@code {"_shards":{...}}}: what OpenSearch's broadcast actions answer. */
  static RestResponse shardsResponse(RestRequest request, ShardCounts shards) throws IOException {
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    writeShards(g, shards);
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** The {@code "_shards"} object of a broadcast action's answer. */
  static void writeShards(JsonGenerator g, ShardCounts shards) throws IOException {
    g.writeObjectFieldStart("_shards");
    g.writeNumberField("total", shards.total());
    g.writeNumberField("successful", shards.successful());
    g.writeNumberField("failed", shards.failed());
    g.writeEndObject();
  }

  /** An index's aliases as {@code GET /{index}} and {@code GET /_alias} show them. */
  static void writeAliases(JsonGenerator g, Map<String, AliasMetadata> aliases) throws IOException {
    g.writeStartObject();
    for (AliasMetadata alias : aliases.values()) {
      g.writeFieldName(alias.name());
      Json.writeValue(g, alias.toMap());
    }
    g.writeEndObject();
  }

  static boolean isPattern(String expression) {
    return expression.contains("*") || expression.contains(",") || expression.equals("_all");
  }

  static List<String> split(String names) {
    List<String> out = new ArrayList<>();
    if (names == null) {
      return out;
    }
    for (String s : names.split(",")) {
      if (!s.isBlank()) {
        out.add(s.trim());
      }
    }
    return out;
  }

  static RestResponse acknowledged(RestRequest request) throws IOException {
    JsonOutput out = new JsonOutput(request.pretty());
    out.generator().writeStartObject();
    out.generator().writeBooleanField("acknowledged", true);
    out.generator().writeEndObject();
    return RestResponse.json(200, out);
  }
}
