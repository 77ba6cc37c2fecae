package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.ResizeRequest;
import dev.duet.engine.index.TimeValues;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.JsonOutput;
import dev.duet.server.rest.codec.ResizeDecoder;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * {@code PUT|POST /{index}/_shrink|_split|_clone/{target}}: the engine's resize, answered as
 * OpenSearch answers a create; with {@code wait_for_completion=false} it runs as a task ({@code
 * indices:admin/resize}) and the answer is the task's id.
 */
final class ResizeHandler implements RestHandler {
  static final String ACTION = "indices:admin/resize";

  private final Actions actions;
  private final ResizeRequest.Type type;

  ResizeHandler(Actions actions, ResizeRequest.Type type) {
    this.actions = actions;
    this.type = type;
  }

  @Override
  public RestResponse handle(RestRequest request) throws IOException {
    if (!request.paramAsBoolean("copy_settings", true)) {
      throw DuetException.illegalArgument(
          "parameter [copy_settings] can not be explicitly set to [false]");
    }
    String timeout = request.param("task_execution_timeout");
    if (timeout != null) {
      TimeValues.parseMillis(timeout, "task_execution_timeout");
    }
    ResizeRequest resize =
        ResizeDecoder.decode(
            type,
            request.pathParam("index"),
            request.pathParam("target"),
            request.contentArray(),
            request.contentOffset(),
            request.contentLength());
    if (!request.paramAsBoolean("wait_for_completion", true)) {
      return TaskHandlers.started(
          request,
          actions
              .tasks()
              .runInBackground(
                  ACTION,
                  resize.description(),
                  request.taskHeaders(),
                  () -> TaskHandlers.bytes(answer(actions.indexAdmin().resize(resize), false))));
    }
    return RestResponse.json(200, answer(actions.indexAdmin().resize(resize), request.pretty()));
  }

  private static JsonOutput answer(String index, boolean pretty) {
    JsonOutput out = new JsonOutput(pretty);
    JsonGenerator g = out.generator();
    try {
      g.writeStartObject();
      g.writeBooleanField("acknowledged", true);
      g.writeBooleanField("shards_acknowledged", true);
      g.writeStringField("index", index);
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }
}
