package dev.duet.server.rest;

import dev.duet.engine.document.ByQueryRequest;
import dev.duet.engine.document.ByQueryResponse;
import dev.duet.engine.document.ByQueryTask;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.server.action.Actions;
import dev.duet.server.action.ByQueryAction;
import dev.duet.server.rest.codec.ByQueryCodec;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code POST /{index}/_delete_by_query} and {@code /{index}/_update_by_query}: answered when done,
 * or with {@code wait_for_completion=false} run as a task ({@code GET _tasks/<id>} shows its
 * progress, then its answer).
 */
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
    ByQueryTask task =
        new ByQueryTask(ByQueryCodec.requestsPerSecond(request.param("requests_per_second")));
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
    if (!request.paramAsBoolean("wait_for_completion", true)) {
      ByQueryRequest started = byQuery;
      return TaskHandlers.started(
          request,
          actions
              .tasks()
              .runInBackground(
                  ByQueryAction.action(kind),
                  ByQueryAction.description(started),
                  request.taskHeaders(),
                  task,
                  () -> {
                    ByQueryResponse done = actions.byQuery().execute(started, task);
                    JsonOutput out = new JsonOutput(false);
                    encode(kind, done, task, true, out);
                    return TaskHandlers.bytes(out);
                  }));
    }
    ByQueryResponse response = actions.byQuery().execute(byQuery, task);
    JsonOutput out = new JsonOutput(request.pretty());
    encode(kind, response, task, false, out);
    return RestResponse.json(ByQueryCodec.status(response.failures()), out);
  }

  private static void encode(
      ByQueryRequest.Kind kind,
      ByQueryResponse response,
      ByQueryTask task,
      boolean stored,
      JsonOutput out) {
    try {
      ByQueryCodec.encode(kind, response, task.status(), stored, out.generator());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
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
