package dev.duet.server.rest;

import dev.duet.engine.document.ByQueryRequest;
import dev.duet.engine.document.ByQueryResponse;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.ByQueryCodec;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** {@code POST /{index}/_delete_by_query} and {@code /{index}/_update_by_query}, synchronous. */
final class ByQueryHandler {
  private final Actions actions;

  ByQueryHandler(Actions actions) {
    this.actions = actions;
  }

  RestResponse deleteByQuery(RestRequest request) throws IOException {
    return run(request, ByQueryRequest.Kind.DELETE);
  }

  RestResponse updateByQuery(RestRequest request) throws IOException {
    return run(request, ByQueryRequest.Kind.UPDATE);
  }

  private RestResponse run(RestRequest request, ByQueryRequest.Kind kind) throws IOException {
    if (!request.paramAsBoolean("wait_for_completion", true)) {
      // Running it in the background needs the tasks API, which Duet does not have.
      throw DuetException.illegalArgument(
          "[wait_for_completion=false] is not supported by Duet: by-query requests run"
              + " synchronously");
    }
    ByQueryRequest byQuery =
        ByQueryCodec.decode(
            kind,
            indices(request.pathParam("index")),
            request.contentArray(),
            request.contentOffset(),
            request.contentLength(),
            new ByQueryCodec.UrlParams(
                SearchHandler.urlQuery(request),
                request.param("conflicts"),
                request.hasParam("max_docs") ? request.paramAsInt("max_docs", 0) : null,
                request.hasParam("scroll_size") ? request.paramAsInt("scroll_size", 0) : null),
            // By-query takes refresh as a boolean: there is no wait_for.
            request.paramAsBoolean("refresh", false)
                ? RefreshPolicy.IMMEDIATE
                : RefreshPolicy.NONE);
    if (kind == ByQueryRequest.Kind.UPDATE) {
      byQuery = byQuery.withPipeline(request.param("pipeline"));
    }
    ByQueryResponse response = actions.byQuery().execute(byQuery);
    JsonOutput out = new JsonOutput(request.pretty());
    ByQueryCodec.encode(kind, response, out.generator());
    return RestResponse.json(ByQueryCodec.status(response.failures()), out);
  }

  private static List<String> indices(String expression) {
    List<String> out = new ArrayList<>();
    for (String s : expression.split(",")) {
      if (!s.isEmpty()) {
        out.add(s);
      }
    }
    return out;
  }
}
