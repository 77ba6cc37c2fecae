package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.Json;
import dev.duet.server.rest.codec.JsonOutput;
import dev.duet.server.rest.codec.SearchRequestDecoder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code GET|POST /_validate/query} and {@code /{index}/_validate/query}: whether the query parses
 * and builds on every target index. It runs as a search for no hits, so "valid" means exactly what
 * the search would accept; a query that does not parse is invalid without shards, as OpenSearch
 * answers it.
 */
final class ValidateQueryHandler implements RestHandler {
  private final Actions actions;

  ValidateQueryHandler(Actions actions) {
    this.actions = actions;
  }

  @Override
  public RestResponse handle(RestRequest request) throws IOException {
    List<String> indices = indices(request.pathParam("index"));
    boolean explain = request.paramAsBoolean("explain", false);
    String unsupported = unsupportedKey(request);
    if (unsupported != null) {
      // OpenSearch reads only "query" from a validate body.
      return reply(
          request,
          null,
          false,
          explain ? "ParsingException[request does not support [" + unsupported + "]]" : null);
    }
    SearchRequest parsed;
    try {
      parsed =
          SearchRequestDecoder.decode(
              indices,
              request.contentArray(),
              request.contentOffset(),
              request.contentLength(),
              new SearchRequestDecoder.UrlParams(null, null, null, null, null, null, null));
    } catch (DuetException e) {
      if (e.status() != 400) {
        throw e;
      }
      return reply(request, null, false, explain ? javaStyle(e) : null);
    }
    SearchRequest probe =
        new SearchRequest(
            parsed.indices(),
            parsed.query(),
            0,
            0,
            List.of(),
            SourceFilter.NONE,
            TrackTotalHits.DISABLED);
    try {
      SearchResponse response = actions.search().execute(probe);
      return reply(request, response.totalShards(), true, null);
    } catch (DuetException e) {
      if (e.status() != 400) {
        throw e;
      }
      int shards = 0;
      for (var index : actions.indices().list(String.join(",", parsed.indices()))) {
        shards += index.settings().numberOfShards();
      }
      return reply(request, shards, false, explain ? javaStyle(e) : null);
    }
  }

  // The top-level key of the body other than "query", if any.
  private static String unsupportedKey(RestRequest request) throws IOException {
    if (request.contentLength() == 0) {
      return null;
    }
    try (JsonParser p =
        Json.parser(request.contentArray(), request.contentOffset(), request.contentLength())) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return null;
      }
      for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
        String key = p.currentName();
        if (!key.equals("query")) {
          return key;
        }
        p.nextToken();
        p.skipChildren();
      }
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return null; // the decoder reports it
    }
    return null;
  }

  /** An error as OpenSearch's {@code explain} names it: {@code ParsingException[reason]}. */
  private static String javaStyle(DuetException e) {
    StringBuilder name = new StringBuilder();
    for (String part : e.type().split("_")) {
      if (!part.isEmpty()) {
        name.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
      }
    }
    return name + "[" + e.reason() + "]";
  }

  private static RestResponse reply(
      RestRequest request, Integer shards, boolean valid, String error) throws IOException {
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    if (shards != null) {
      g.writeObjectFieldStart("_shards");
      g.writeNumberField("total", shards);
      g.writeNumberField("successful", shards);
      g.writeNumberField("failed", 0);
      g.writeEndObject();
    }
    g.writeBooleanField("valid", valid);
    if (error != null) {
      g.writeStringField("error", error);
    }
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  private static List<String> indices(String expression) {
    List<String> out = new ArrayList<>();
    if (expression != null) {
      for (String s : expression.split(",")) {
        if (!s.isEmpty()) {
          out.add(s);
        }
      }
    }
    return out;
  }
}
