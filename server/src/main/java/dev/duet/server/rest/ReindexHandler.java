package dev.duet.server.rest;

import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.document.ReindexRequest;
import dev.duet.engine.document.ReindexResponse;
import dev.duet.engine.error.DuetException;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.ByQueryCodec;
import dev.duet.server.rest.codec.JsonOutput;
import dev.duet.server.rest.codec.ReindexCodec;
import java.io.IOException;

/**
 * {@code POST /_reindex}, synchronous and within this node. {@code requests_per_second} and {@code
 * slices} are checked as OpenSearch checks them but change nothing: Duet does not throttle, and
 * runs the copy as one slice (its indices have one shard, so {@code auto} means one there too).
 */
final class ReindexHandler {
  private final Actions actions;

  ReindexHandler(Actions actions) {
    this.actions = actions;
  }

  RestResponse reindex(RestRequest request) throws IOException {
    if (!request.paramAsBoolean("wait_for_completion", true)) {
      // Running it in the background needs the tasks API, which Duet does not have.
      throw DuetException.illegalArgument(
          "[wait_for_completion=false] is not supported by Duet: _reindex runs synchronously");
    }
    float requestsPerSecond = requestsPerSecond(request.param("requests_per_second"));
    checkSlices(request.param("slices"));
    if (request.contentLength() == 0) {
      throw DuetException.badRequest("parse_exception", "request body is required");
    }
    ReindexRequest reindex =
        ReindexCodec.decode(
            request.contentArray(),
            request.contentOffset(),
            request.contentLength(),
            request.hasParam("max_docs") ? (long) request.paramAsInt("max_docs", 0) : null,
            // Reindex takes refresh as a boolean: there is no wait_for.
            request.paramAsBoolean("refresh", false)
                ? RefreshPolicy.IMMEDIATE
                : RefreshPolicy.NONE);
    ReindexResponse response = actions.byQuery().reindex(reindex);
    JsonOutput out = new JsonOutput(request.pretty());
    ReindexCodec.encode(response, requestsPerSecond, out.generator());
    return RestResponse.json(ByQueryCodec.status(response.failures()), out);
  }

  private static float requestsPerSecond(String value) {
    if (value == null || value.equals("-1")) {
      return -1;
    }
    float rps;
    try {
      rps = Float.parseFloat(value);
    } catch (NumberFormatException e) {
      throw DuetException.illegalArgument(
          "[requests_per_second] must be a float greater than 0. Use -1 to disable throttling.");
    }
    if (!(rps > 0)) {
      throw DuetException.illegalArgument(
          "[requests_per_second] must be a float greater than 0. Use -1 to disable throttling.");
    }
    return rps;
  }

  private static void checkSlices(String value) {
    if (value == null || value.equals("auto")) {
      return;
    }
    int slices;
    try {
      slices = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      slices = 0;
    }
    if (slices < 1) {
      throw DuetException.illegalArgument(
          "[slices] must be a positive integer or the string \"auto\", but was [" + value + "]");
    }
  }
}
