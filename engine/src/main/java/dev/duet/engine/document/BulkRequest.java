package dev.duet.engine.document;

import static java.util.Objects.requireNonNull;

import java.util.List;

/** A batch of writes applied in order, each succeeding or failing on its own. */
public record BulkRequest(List<BulkItem> items, RefreshPolicy refresh) {
  public BulkRequest {
    items = List.copyOf(requireNonNull(items, "items"));
    requireNonNull(refresh, "refresh");
  }
}
