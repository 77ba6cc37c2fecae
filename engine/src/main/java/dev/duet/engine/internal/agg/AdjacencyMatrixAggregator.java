package dev.duet.engine.internal.agg;

import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.AggregationResult.Bucket;
import dev.duet.engine.search.Query;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;

/**
 * {@code adjacency_matrix}: n filters (in key order) advanced along the collected documents; a
 * document is counted in the bucket of each filter it matches and of each pair of them. Per owning
 * bucket there are n + n(n-1)/2 slots: the filters first, then the pairs (i, j), i &lt; j.
 */
final class AdjacencyMatrixAggregator extends Aggregator.Buckets {
  private final Aggregation.AdjacencyMatrix spec;
  private final List<String> keys;
  private final List<Query> filters;
  private final int width;
  private final Map<AggregationTarget, Weight[]> weights = new HashMap<>();

  AdjacencyMatrixAggregator(Aggregation.AdjacencyMatrix spec, List<Aggregator> subs) {
    super(spec.name(), subs);
    this.spec = spec;
    this.keys = List.copyOf(spec.filters().keySet());
    this.filters = List.copyOf(spec.filters().values());
    int n = keys.size();
    this.width = n + n * (n - 1) / 2;
  }

  /** The slot of the pair (i, j), i &lt; j, after the n single filters. */
  private int pair(int i, int j) {
    int n = keys.size();
    // pairs before row i: sum over r < i of (n - 1 - r)
    return n + i * (2 * n - i - 1) / 2 + (j - i - 1);
  }

  @Override
  LeafCollector leaf(Segment segment) throws IOException {
    LeafCollector[] subLeaves = subLeaves(segment);
    Weight[] ws = weights.computeIfAbsent(segment.target, this::createWeights);
    DocIdSetIterator[] iterators = new DocIdSetIterator[ws.length];
    for (int i = 0; i < ws.length; i++) {
      Scorer scorer = ws[i].scorer(segment.context);
      iterators[i] = scorer == null ? DocIdSetIterator.empty() : scorer.iterator();
    }
    boolean[] matched = new boolean[iterators.length];
    return (doc, owning) -> {
      for (int i = 0; i < iterators.length; i++) {
        DocIdSetIterator it = iterators[i];
        if (it.docID() < doc) {
          it.advance(doc);
        }
        matched[i] = it.docID() == doc;
      }
      long base = owning * width;
      for (int i = 0; i < matched.length; i++) {
        if (!matched[i]) {
          continue;
        }
        collectBucket(subLeaves, doc, base + i);
        for (int j = i + 1; j < matched.length; j++) {
          if (matched[j]) {
            collectBucket(subLeaves, doc, base + pair(i, j));
          }
        }
      }
    };
  }

  private Weight[] createWeights(AggregationTarget target) {
    IndexSearcher searcher = target.searcher();
    Weight[] out = new Weight[filters.size()];
    try {
      for (int i = 0; i < out.length; i++) {
        org.apache.lucene.search.Query q = target.queries().apply(filters.get(i));
        out[i] = searcher.createWeight(searcher.rewrite(q), ScoreMode.COMPLETE_NO_SCORES, 1f);
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return out;
  }

  @Override
  AggregationResult build(long owning) throws IOException {
    List<Bucket> buckets = new ArrayList<>();
    if (owning >= 0) {
      long base = owning * width;
      int n = keys.size();
      for (int i = 0; i < n; i++) {
        if (!spec.showOnlyIntersecting()) {
          add(buckets, keys.get(i), base + i);
        }
        for (int j = i + 1; j < n; j++) {
          add(buckets, keys.get(i) + spec.separator() + keys.get(j), base + pair(i, j));
        }
      }
    }
    // OpenSearch's reduce orders the buckets by key.
    buckets.sort(Comparator.comparing(b -> (String) b.key()));
    return new AggregationResult.Buckets(
        name, AggregationResult.Kind.ADJACENCY_MATRIX, buckets, false, null, null, null);
  }

  private void add(List<Bucket> buckets, String key, long ord) throws IOException {
    long count = docCount(ord);
    if (count > 0) {
      buckets.add(new Bucket(key, null, count, buildSubs(ord)));
    }
  }
}
