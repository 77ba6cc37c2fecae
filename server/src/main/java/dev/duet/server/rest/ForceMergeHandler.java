package dev.duet.server.rest;

import dev.duet.engine.index.ForceMerge;
import dev.duet.server.action.Actions;
import java.io.IOException;

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
    return IndexHandlers.shardsResponse(
        request,
        actions
            .forceMerge()
            .execute(
                request.pathParam("index"),
                RestIndicesOptions.of(request),
                merge,
                request.paramAsBoolean("primary_only", false),
                request.paramAsBoolean("wait_for_completion", true)));
  }
}
