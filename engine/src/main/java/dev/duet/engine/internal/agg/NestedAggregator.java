package dev.duet.engine.internal.agg;

import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;
import org.apache.lucene.search.join.BitSetProducer;
import org.apache.lucene.search.join.QueryBitSetProducer;
import org.apache.lucene.util.BitSet;

/**
 * {@code nested}: for each collected document, its nested objects at the path, which sit in the
 * Lucene block just before it (after the previous document of the collected level), so they still
 * reach the sub-aggregations in increasing order. A path that is not nested collects nothing, as in
 * OpenSearch.
 */
final class NestedAggregator extends Aggregator.Buckets {
  private final String path;
  // The nested path of the documents this aggregator receives; null for root documents.
  private final String scope;
  private final Map<AggregationTarget, Level> levels = new HashMap<>();

  NestedAggregator(Aggregation.Nested spec, String scope, List<Aggregator> subs) {
    super(spec.name(), subs);
    this.path = spec.path();
    this.scope = scope;
  }

  @Override
  LeafCollector leaf(Segment segment) throws IOException {
    Level level = levels.computeIfAbsent(segment.target, this::level);
    if (level == null) {
      return LeafCollector.NO_OP;
    }
    BitSet parents = level.parents.getBitSet(segment.context);
    Scorer scorer = level.children.scorer(segment.context);
    if (parents == null || scorer == null) {
      return LeafCollector.NO_OP;
    }
    DocIdSetIterator children = scorer.iterator();
    LeafCollector[] subLeaves = subLeaves(segment);
    return (parent, owning) -> {
      int first = parent == 0 ? 0 : parents.prevSetBit(parent - 1) + 1;
      int child = children.docID() < first ? children.advance(first) : children.docID();
      for (; child < parent; child = children.nextDoc()) {
        collectBucket(subLeaves, child, owning);
      }
    };
  }

  private Level level(AggregationTarget target) {
    Query children = target.nestedDocuments().apply(path);
    if (children == null) {
      return null;
    }
    Query parents = scope == null ? target.documents() : target.nestedDocuments().apply(scope);
    IndexSearcher searcher = target.searcher();
    try {
      Weight weight =
          searcher.createWeight(searcher.rewrite(children), ScoreMode.COMPLETE_NO_SCORES, 1f);
      return new Level(new QueryBitSetProducer(parents), weight);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Override
  AggregationResult build(long owning) throws IOException {
    return new AggregationResult.SingleBucket(name, docCount(owning), buildSubs(owning));
  }

  private record Level(BitSetProducer parents, Weight children) {}
}
