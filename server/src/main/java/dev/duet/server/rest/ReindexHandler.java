package dev.duet.server.rest;

import dev.duet.engine.document.ByQueryTask;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.document.ReindexRequest;
import dev.duet.engine.document.ReindexResponse;
import dev.duet.engine.error.DuetException;
import dev.duet.server.action.Actions;
import dev.duet.server.action.ByQueryAction;
import dev.duet.server.rest.codec.ByQueryCodec;
import dev.duet.server.rest.codec.JsonOutput;
import dev.duet.server.rest.codec.ReindexCodec;
import java.io.IOException;

/**
 * {@code POST /_reindex} within this node, answered when done or, with {@code
 * wait_for_completion=false}, run as a task. {@code requests_per_second} throttles it between
 * batches as in OpenSearch ({@code _rethrottle} changes it while it runs); {@code slices} is
 * checked as OpenSearch checks it but the copy runs as one slice.
 */
final class ReindexHandler {
  private final Actions actions;

  ReindexHandler(Actions actions) {
    this.actions = actions;
  }

  RestResponse reindex(RestRequest request) throws IOException {
    ByQueryTask task =
        new ByQueryTask(ByQueryCodec.requestsPerSecond(request.param("requests_per_second")));
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
    if (!request.paramAsBoolean("wait_for_completion", true)) {
      return TaskHandlers.started(
          request,
          actions
              .tasks()
              .runInBackground(
                  ByQueryAction.REINDEX_ACTION,
                  ByQueryAction.description(reindex),
                  request.taskHeaders(),
                  task,
                  () -> {
                    ReindexResponse done = actions.byQuery().reindex(reindex, task);
                    JsonOutput out = new JsonOutput(false);
                    encode(done, task, true, out);
                    return TaskHandlers.bytes(out);
                  }));
    }
    ReindexResponse response = actions.byQuery().reindex(reindex, task);
    JsonOutput out = new JsonOutput(request.pretty());
    encode(response, task, false, out);
    return RestResponse.json(ByQueryCodec.status(response.failures()), out);
  }

  private static void encode(
      ReindexResponse response, ByQueryTask task, boolean stored, JsonOutput out) {
    try {
      ReindexCodec.encode(response, task.status(), stored, out.generator());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
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
