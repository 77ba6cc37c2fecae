package dev.duet.engine.document;

/** A realtime get: the latest acknowledged version of a document, or {@code found = false}. */
public record GetResult(
    String index,
    String id,
    boolean found,
    long version,
    long seqNo,
    long primaryTerm,
    byte[] source) {}
