package dev.duet.engine.document;

/**
 * A realtime get: the latest acknowledged version of a document, or {@code found = false}; {@code
 * routing} is the value the document was written with (null: none).
 */
public record GetResult(
    String index,
    String id,
    boolean found,
    long version,
    long seqNo,
    long primaryTerm,
    byte[] source,
    String routing) {
  /** A result without a routing value. */
  public GetResult(
      String index,
      String id,
      boolean found,
      long version,
      long seqNo,
      long primaryTerm,
      byte[] source) {
    this(index, id, found, version, seqNo, primaryTerm, source, null);
  }

  /** The same document with another source (a filtered one). */
  public GetResult withSource(byte[] newSource) {
    return new GetResult(index, id, found, version, seqNo, primaryTerm, newSource, routing);
  }
}
