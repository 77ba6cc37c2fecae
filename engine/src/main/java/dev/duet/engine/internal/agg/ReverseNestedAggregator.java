package dev.duet.engine.internal.agg;

import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.join.BitSetProducer;
import org.apache.lucene.search.join.QueryBitSetProducer;
import org.apache.lucene.util.BitSet;

/**
 * {@code reverse_nested}: for each collected nested object, the document that holds it at the
 * target level (the nested objects at the path, or the root documents): the first document of that
 * level after it in its block. Each holder counts once per bucket, as in OpenSearch.
 */
final class ReverseNestedAggregator extends Aggregator.Buckets {
  private final String path;
  private final Map<AggregationTarget, BitSetProducer> holders = new HashMap<>();
  // Per owning bucket, the last holder collected in the current segment (-1: none).
  private int[] lastHolder = new int[16];

  ReverseNestedAggregator(Aggregation.ReverseNested spec, List<Aggregator> subs) {
    super(spec.name(), subs);
    this.path = spec.path();
  }

  @Override
  LeafCollector leaf(Segment segment) throws IOException {
    BitSetProducer producer = holders.computeIfAbsent(segment.target, this::holders);
    BitSet bits = producer == null ? null : producer.getBitSet(segment.context);
    if (bits == null) {
      return LeafCollector.NO_OP;
    }
    Arrays.fill(lastHolder, -1);
    LeafCollector[] subLeaves = subLeaves(segment);
    return (doc, owning) -> {
      int holder = bits.nextSetBit(doc);
      if (holder == DocIdSetIterator.NO_MORE_DOCS) {
        return;
      }
      if (owning >= lastHolder.length) {
        int old = lastHolder.length;
        lastHolder = Arrays.copyOf(lastHolder, (int) Math.max(owning + 1, old * 2L));
        Arrays.fill(lastHolder, old, lastHolder.length, -1);
      }
      if (lastHolder[(int) owning] != holder) {
        lastHolder[(int) owning] = holder;
        collectBucket(subLeaves, holder, owning);
      }
    };
  }

  private BitSetProducer holders(AggregationTarget target) {
    Query level = path == null ? target.documents() : target.nestedDocuments().apply(path);
    return level == null ? null : new QueryBitSetProducer(level);
  }

  @Override
  AggregationResult build(long owning) throws IOException {
    return new AggregationResult.SingleBucket(name, docCount(owning), buildSubs(owning));
  }
}
