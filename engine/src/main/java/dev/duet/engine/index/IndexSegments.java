package dev.duet.engine.index;

import java.util.List;

/** The segments of one index (Duet's one shard), searchable ones and committed ones, by name. */
public record IndexSegments(IndexInfo info, List<SegmentInfo> segments) {
  public IndexSegments {
    segments = List.copyOf(segments);
  }
}
