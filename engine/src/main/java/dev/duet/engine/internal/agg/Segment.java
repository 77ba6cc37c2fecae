package dev.duet.engine.internal.agg;

import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.Scorable;

/**
 * One segment being collected: its reader, the index it belongs to, the query whose documents are
 * collected and the current scorer.
 */
final class Segment {
  final LeafReaderContext context;
  final AggregationTarget target;
  final CollectedQuery query;
  Scorable scorer;

  Segment(LeafReaderContext context, AggregationTarget target, CollectedQuery query) {
    this.context = context;
    this.target = target;
    this.query = query;
  }
}
