package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.index.RolloverResponse;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.JsonOutput;
import dev.duet.server.rest.codec.RolloverDecoder;
import java.io.IOException;
import java.util.Map;

/** {@code POST /{alias}/_rollover[/{new_index}]}: the engine's rollover, in OpenSearch's shape. */
final class RolloverHandler implements RestHandler {
  private final Actions actions;

  RolloverHandler(Actions actions) {
    this.actions = actions;
  }

  @Override
  public RestResponse handle(RestRequest request) throws IOException {
    RolloverResponse response =
        actions
            .indexAdmin()
            .rollover(
                RolloverDecoder.decode(
                    request.pathParam("index"),
                    request.pathParam("new_index"),
                    request.paramAsBoolean("dry_run", false),
                    request.contentArray(),
                    request.contentOffset(),
                    request.contentLength()));
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeBooleanField("acknowledged", response.rolledOver());
    g.writeBooleanField("shards_acknowledged", response.rolledOver());
    g.writeStringField("old_index", response.oldIndex());
    g.writeStringField("new_index", response.newIndex());
    g.writeBooleanField("rolled_over", response.rolledOver());
    g.writeBooleanField("dry_run", response.dryRun());
    g.writeObjectFieldStart("conditions");
    for (Map.Entry<String, Boolean> c : response.conditions().entrySet()) {
      g.writeBooleanField(c.getKey(), c.getValue());
    }
    g.writeEndObject();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }
}
