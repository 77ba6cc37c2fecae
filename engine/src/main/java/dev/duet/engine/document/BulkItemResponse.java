package dev.duet.engine.document;

import dev.duet.engine.error.DuetException;

/**
 * The outcome of one bulk item: either {@code result} (on success) or {@code failure}; {@code
 * status} is the HTTP status OpenSearch reports for the item (201 created, 200 updated, 404 delete
 * of a missing document, 400/404/409 failures). {@code get} is the document an update produced,
 * when the update asked for its source; else null.
 */
public record BulkItemResponse(
    OpType opType,
    String index,
    String id,
    int status,
    WriteResult result,
    DuetException failure,
    GetResult get) {

  public BulkItemResponse(
      OpType opType,
      String index,
      String id,
      int status,
      WriteResult result,
      DuetException failure) {
    this(opType, index, id, status, result, failure, null);
  }

  public boolean failed() {
    return failure != null;
  }
}
