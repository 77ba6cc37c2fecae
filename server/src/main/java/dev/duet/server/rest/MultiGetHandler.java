package dev.duet.server.rest;

import dev.duet.engine.document.MultiGetRequest;
import dev.duet.engine.document.MultiGetResponse;
import dev.duet.engine.search.SourceFilter;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.JsonOutput;
import dev.duet.server.rest.codec.MultiGetCodec;
import dev.duet.server.rest.codec.SourceFilters;
import java.io.IOException;

/** {@code GET|POST /_mget} and {@code /{index}/_mget}. */
final class MultiGetHandler implements RestHandler {
  private final Actions actions;

  MultiGetHandler(Actions actions) {
    this.actions = actions;
  }

  @Override
  public RestResponse handle(RestRequest request) throws IOException {
    SourceFilter source =
        SourceFilters.fromParams(
            request.param("_source"),
            request.param("_source_includes"),
            request.param("_source_excludes"));
    MultiGetRequest mget =
        MultiGetCodec.decode(
            request.contentArray(),
            request.contentOffset(),
            request.contentLength(),
            request.pathParam("index"),
            source,
            DocumentHandlers.storedFieldsParam(request),
            request.param("routing"),
            request.paramAsBoolean("realtime", true),
            request.paramAsBoolean("refresh", false));
    MultiGetResponse response = actions.get().execute(mget);
    JsonOutput out = new JsonOutput(request.pretty());
    MultiGetCodec.encode(response, out.generator());
    return RestResponse.json(200, out);
  }
}
