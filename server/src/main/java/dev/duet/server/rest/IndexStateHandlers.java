package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.util.List;

/**
 * An index's state: {@code _close}, {@code _open} and {@code _block/{block}}, with OpenSearch's
 * answers and index expression defaults (close expands to open indices, open to closed ones).
 */
final class IndexStateHandlers {
  private final Actions actions;

  IndexStateHandlers(Actions actions) {
    this.actions = actions;
  }

  /** {@code POST /{index}/_close}: {@code indices} names each index it closed. */
  RestResponse close(RestRequest request) throws IOException {
    List<String> closed =
        actions.indexAdmin().close(request.pathParam("index"), RestIndicesOptions.of(request));
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeBooleanField("acknowledged", true);
    g.writeBooleanField("shards_acknowledged", !closed.isEmpty());
    g.writeObjectFieldStart("indices");
    for (String name : closed) {
      g.writeObjectFieldStart(name);
      g.writeBooleanField("closed", true);
      g.writeEndObject();
    }
    g.writeEndObject();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code POST /{index}/_open}. */
  RestResponse open(RestRequest request) throws IOException {
    String index = request.pathParam("index");
    IndicesOptions options = RestIndicesOptions.of(request, IndicesOptions.OPEN_CLOSED);
    String timeout = request.param("task_execution_timeout");
    if (timeout != null) {
      dev.duet.engine.index.TimeValues.parseMillis(timeout, "task_execution_timeout");
    }
    if (!request.paramAsBoolean("wait_for_completion", true)) {
      return TaskHandlers.started(
          request,
          actions
              .tasks()
              .runInBackground(
                  "indices:admin/open",
                  "open indices [" + index + "]",
                  request.taskHeaders(),
                  () -> {
                    actions.indexAdmin().open(index, options);
                    return TaskHandlers.bytes(opened(false));
                  }));
    }
    actions.indexAdmin().open(index, options);
    return RestResponse.json(200, opened(request.pretty()));
  }

  private static JsonOutput opened(boolean pretty) {
    JsonOutput out = new JsonOutput(pretty);
    JsonGenerator g = out.generator();
    try {
      g.writeStartObject();
      g.writeBooleanField("acknowledged", true);
      g.writeBooleanField("shards_acknowledged", true);
      g.writeEndObject();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return out;
  }

  /** {@code PUT /{index}/_block/{block}}: sets {@code index.blocks.<block>} on each index. */
  RestResponse block(RestRequest request) throws IOException {
    List<String> blocked =
        actions
            .indexAdmin()
            .addBlock(
                request.pathParam("index"),
                RestIndicesOptions.of(request, IndicesOptions.STRICT),
                request.pathParam("block"));
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeBooleanField("acknowledged", true);
    g.writeBooleanField("shards_acknowledged", true);
    g.writeArrayFieldStart("indices");
    for (String name : blocked) {
      g.writeStartObject();
      g.writeStringField("name", name);
      g.writeBooleanField("blocked", true);
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }
}
