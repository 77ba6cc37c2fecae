package dev.duet.engine.document;

import static java.util.Objects.requireNonNull;

/**
 * One operation of a bulk request. {@code id} is null when the server should generate one (index
 * without id); {@code source} is the document's JSON bytes, null for deletes and updates; {@code
 * update} is set for (and only for) {@link OpType#UPDATE}; {@code check} is the item's concurrency
 * condition ({@link VersionCheck#NONE} when it has none).
 */
public record BulkItem(
    OpType opType,
    String index,
    String id,
    byte[] source,
    VersionCheck check,
    UpdateRequest update) {
  public BulkItem {
    requireNonNull(opType, "opType");
    requireNonNull(index, "index");
    requireNonNull(check, "check");
    if ((opType == OpType.UPDATE) != (update != null)) {
      throw new IllegalArgumentException("update: " + update + " (expected: only for UPDATE)");
    }
  }

  /** An index, create or delete without a concurrency condition. */
  public BulkItem(OpType opType, String index, String id, byte[] source) {
    this(opType, index, id, source, VersionCheck.NONE, null);
  }

  public static BulkItem update(String index, String id, UpdateRequest update, VersionCheck check) {
    return new BulkItem(OpType.UPDATE, index, id, null, check, update);
  }

  public BulkItem withCheck(VersionCheck newCheck) {
    return new BulkItem(opType, index, id, source, newCheck, update);
  }
}
