package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import dev.duet.server.action.Actions;
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
      return reply(request, null, false);
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
      return reply(request, response.totalShards(), true);
    } catch (DuetException e) {
      if (e.status() != 400) {
        throw e;
      }
      int shards = 0;
      for (var index : actions.indices().list(String.join(",", parsed.indices()))) {
        shards += index.settings().numberOfShards();
      }
      return reply(request, shards, false);
    }
  }

  private static RestResponse reply(RestRequest request, Integer shards, boolean valid)
      throws IOException {
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
