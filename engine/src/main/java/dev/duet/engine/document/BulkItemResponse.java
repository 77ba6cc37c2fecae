package dev.duet.engine.document;

import dev.duet.engine.error.DuetException;

/**
 * The outcome of one bulk item: either {@code result} (on success) or {@code failure}; {@code
 * status} is the HTTP status OpenSearch reports for the item (201 created, 200 updated, 404 delete
 * of a missing document, 400/404/409 failures).
 */
public record BulkItemResponse(
    OpType opType, String index, String id, int status, WriteResult result, DuetException failure) {

  public boolean failed() {
    return failure != null;
  }
}
