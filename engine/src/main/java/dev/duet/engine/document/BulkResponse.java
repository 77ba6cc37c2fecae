package dev.duet.engine.document;

import java.util.List;

/** The per-item outcomes of a bulk request, in request order. */
public record BulkResponse(long tookMillis, boolean errors, List<BulkItemResponse> items) {
  public BulkResponse {
    items = List.copyOf(items);
  }
}
