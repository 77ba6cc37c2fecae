package dev.duet.server.rest;

import dev.duet.engine.index.ForceMerge;
import dev.duet.server.action.Actions;
import dev.duet.server.action.ForceMergeAction;
import dev.duet.server.action.ShardCounts;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * {@code POST /_forcemerge} and {@code /{index}/_forcemerge} with {@code max_num_segments}, {@code
 * only_expunge_deletes} and {@code flush}; the rules live in {@link
 * dev.duet.server.action.ForceMergeAction}.
 */
final class ForceMergeHandler implements RestHandler {
  private final Actions actions;

  ForceMergeHandler(Actions actions) {
    this.actions = actions;
  }

  @Override
  public RestResponse handle(RestRequest request) throws IOException {
    ForceMerge merge =
        new ForceMerge(
            request.paramAsInt("max_num_segments", ForceMerge.POLICY),
            request.paramAsBoolean("only_expunge_deletes", false),
            request.paramAsBoolean("flush", true));
    String index = request.pathParam("index");
    var options = RestIndicesOptions.of(request);
    boolean primaryOnly = request.paramAsBoolean("primary_only", false);
    if (!request.paramAsBoolean("wait_for_completion", true)) {
      return TaskHandlers.started(
          request,
          actions
              .tasks()
              .runInBackground(
                  "indices:admin/forcemerge",
                  ForceMergeAction.description(index, merge, primaryOnly),
                  request.taskHeaders(),
                  () ->
                      TaskHandlers.bytes(
                          shardsAnswer(
                              actions.forceMerge().execute(index, options, merge, primaryOnly)))));
    }
    return IndexHandlers.shardsResponse(
        request, actions.forceMerge().execute(index, options, merge, primaryOnly));
  }

  private static JsonOutput shardsAnswer(ShardCounts shards) {
    JsonOutput out = new JsonOutput(false);
    try {
      out.generator().writeStartObject();
      IndexHandlers.writeShards(out.generator(), shards);
      out.generator().writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }
}
