package dev.duet.engine.document;

import static java.util.Objects.requireNonNull;

/**
 * One operation of a bulk request. {@code id} is null when the server should generate one (index
 * without id); {@code source} is the document's JSON bytes, null for deletes.
 */
public record BulkItem(OpType opType, String index, String id, byte[] source) {
  public BulkItem {
    requireNonNull(opType, "opType");
    requireNonNull(index, "index");
  }
}
