package dev.duet.server.rest;

import dev.duet.engine.search.ExplainResult;
import dev.duet.engine.search.Query;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.ExplainCodec;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;

/**
 * {@code GET|POST /{index}/_explain/{id}}: one document's score explanation for the body's query;
 * 404 with {@code matched: false} when the document does not exist.
 */
final class ExplainHandler implements RestHandler {
  private final Actions actions;

  ExplainHandler(Actions actions) {
    this.actions = actions;
  }

  @Override
  public RestResponse handle(RestRequest request) throws IOException {
    Query q = SearchHandler.urlQuery(request);
    Query query =
        q != null
            ? q
            : ExplainCodec.decode(
                request.contentArray(), request.contentOffset(), request.contentLength());
    ExplainResult result =
        actions.search().explain(request.pathParam("index"), request.pathParam("id"), query);
    JsonOutput out = new JsonOutput(request.pretty());
    ExplainCodec.encode(result, out.generator());
    return RestResponse.json(result.found() ? 200 : 404, out);
  }
}
