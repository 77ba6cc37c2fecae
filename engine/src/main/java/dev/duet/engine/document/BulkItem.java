package dev.duet.engine.document;

import static java.util.Objects.requireNonNull;

import java.util.Map;

/**
 * One operation of a bulk request. {@code id} is null when the server should generate one (index
 * without id); {@code source} is the document's JSON bytes, null for deletes and updates; {@code
 * update} is set for (and only for) {@link OpType#UPDATE}; {@code check} is the item's concurrency
 * condition ({@link VersionCheck#NONE} when it has none); {@code pipeline} the ingest pipeline it
 * names (null: the index's default). {@code vectors} are {@code knn_vector} values that arrived
 * packed beside the source (gRPC {@code extra_field_values}), by field path: they are indexed
 * without a JSON round trip and added to the stored {@code _source}, so the document reads back as
 * if they had been in it.
 */
public record BulkItem(
    OpType opType,
    String index,
    String id,
    byte[] source,
    VersionCheck check,
    UpdateRequest update,
    Map<String, float[]> vectors,
    boolean requireAlias,
    String pipeline) {
  public BulkItem {
    requireNonNull(opType, "opType");
    requireNonNull(index, "index");
    requireNonNull(check, "check");
    if ((opType == OpType.UPDATE) != (update != null)) {
      throw new IllegalArgumentException("update: " + update + " (expected: only for UPDATE)");
    }
    vectors = vectors == null || vectors.isEmpty() ? Map.of() : Map.copyOf(vectors);
  }

  /** An index, create or delete without a concurrency condition or packed vectors. */
  /** An item that may name an index or an alias ({@code require_alias} false). */
  public BulkItem(
      OpType opType,
      String index,
      String id,
      byte[] source,
      VersionCheck check,
      UpdateRequest update,
      Map<String, float[]> vectors) {
    this(opType, index, id, source, check, update, vectors, false, null);
  }

  /** An item that may name an index or an alias, without an ingest pipeline of its own. */
  public BulkItem(
      OpType opType,
      String index,
      String id,
      byte[] source,
      VersionCheck check,
      UpdateRequest update,
      Map<String, float[]> vectors,
      boolean requireAlias) {
    this(opType, index, id, source, check, update, vectors, requireAlias, null);
  }

  public BulkItem(OpType opType, String index, String id, byte[] source) {
    this(opType, index, id, source, VersionCheck.NONE, null, Map.of());
  }

  /** An index, create or delete without a concurrency condition. */
  public BulkItem(
      OpType opType, String index, String id, byte[] source, Map<String, float[]> vectors) {
    this(opType, index, id, source, VersionCheck.NONE, null, vectors);
  }

  public static BulkItem update(String index, String id, UpdateRequest update, VersionCheck check) {
    return new BulkItem(OpType.UPDATE, index, id, null, check, update, Map.of());
  }

  public BulkItem withCheck(VersionCheck newCheck) {
    return new BulkItem(
        opType, index, id, source, newCheck, update, vectors, requireAlias, pipeline);
  }

  /**
   * With {@code require_alias}: the item fails unless {@code index} names an alias (a delete
   * ignores it, as in OpenSearch).
   */
  public BulkItem withRequireAlias(boolean required) {
    return new BulkItem(opType, index, id, source, check, update, vectors, required, pipeline);
  }

  /**
   * With the ingest pipeline an index or create item names ({@code _none}: not even the index's
   * default pipeline; null: the index's default).
   */
  public BulkItem withPipeline(String newPipeline) {
    return new BulkItem(
        opType, index, id, source, check, update, vectors, requireAlias, newPipeline);
  }
}
