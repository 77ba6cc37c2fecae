package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.BulkResponse;

/**
 * The one handler for bulk writes, called by the REST {@code _bulk} endpoint and by gRPC {@code
 * DocumentService/Bulk} alike, after each has decoded its wire format into a {@link BulkRequest}.
 */
public final class BulkAction {
  private final Engine engine;

  public BulkAction(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
  }

  public BulkResponse execute(BulkRequest request) {
    return engine.bulk(request);
  }
}
