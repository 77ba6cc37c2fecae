package dev.duet.engine.index;

import java.util.Map;

/**
 * One Lucene segment as {@code _segments} shows it: {@code generation} is the number in its name
 * (base 36, as OpenSearch reads it); {@code committed} when the last commit holds it, {@code
 * search} when the current searcher reads it; {@code version} is the Lucene version that wrote it.
 */
public record SegmentInfo(
    String name,
    long generation,
    long docs,
    long deletedDocs,
    long sizeBytes,
    boolean committed,
    boolean search,
    String version,
    boolean compound,
    Map<String, String> attributes) {
  public SegmentInfo {
    attributes = Map.copyOf(attributes);
  }
}
