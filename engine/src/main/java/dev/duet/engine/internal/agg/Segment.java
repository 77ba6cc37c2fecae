package dev.duet.engine.internal.agg;

import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.Scorable;

/** One segment being collected: its reader, the index it belongs to, and the current scorer. */
final class Segment {
  final LeafReaderContext context;
  final AggregationTarget target;
  Scorable scorer;

  Segment(LeafReaderContext context, AggregationTarget target) {
    this.context = context;
    this.target = target;
  }
}
