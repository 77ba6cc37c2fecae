package dev.duet.engine.document;

import static java.util.Objects.requireNonNull;

import java.util.Map;

/**
 * One operation of a bulk request. {@code id} is null when the server should generate one (index
 * without id); {@code source} is the document's JSON bytes, null for deletes. {@code vectors} are
 * {@code knn_vector} values that arrived packed beside the source (gRPC {@code
 * extra_field_values}), by field path: they are indexed without a JSON round trip and added to the
 * stored {@code _source}, so the document reads back as if they had been in it.
 */
public record BulkItem(
    OpType opType, String index, String id, byte[] source, Map<String, float[]> vectors) {
  public BulkItem {
    requireNonNull(opType, "opType");
    requireNonNull(index, "index");
    vectors = vectors == null || vectors.isEmpty() ? Map.of() : Map.copyOf(vectors);
  }

  public BulkItem(OpType opType, String index, String id, byte[] source) {
    this(opType, index, id, source, Map.of());
  }
}
