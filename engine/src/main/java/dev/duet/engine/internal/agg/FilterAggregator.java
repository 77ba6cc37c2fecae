package dev.duet.engine.internal.agg;

import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.AggregationResult.Bucket;
import dev.duet.engine.search.Query;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;

/**
 * The aggregations whose buckets are sets of documents: {@code filter}, {@code filters} (with its
 * optional other bucket), {@code missing} and {@code global}. Filters are Lucene weights advanced
 * along with the collected documents, which arrive in increasing order within a segment.
 */
final class FilterAggregator extends Aggregator.Buckets {
  private final Aggregation spec;
  private final List<String> keys = new ArrayList<>();
  private final List<Query> filters = new ArrayList<>();
  private final boolean other;
  private final Map<AggregationTarget, Weight[]> weights = new HashMap<>();

  FilterAggregator(Aggregation spec, List<Aggregator> subs) {
    super(spec.name(), subs);
    this.spec = spec;
    switch (spec) {
      case Aggregation.Filter f -> filters.add(f.filter());
      case Aggregation.Filters f -> {
        keys.addAll(f.filters().keySet());
        filters.addAll(f.filters().values());
      }
      default -> {}
    }
    this.other = spec instanceof Aggregation.Filters f && f.otherBucket();
  }

  private int width() {
    return filters.size() + (other ? 1 : 0);
  }

  @Override
  String profileType() {
    return switch (spec) {
      case Aggregation.Filters f -> "FiltersAggregator";
      case Aggregation.Missing m -> "MissingAggregator";
      case Aggregation.Global g -> "GlobalAggregator";
      default -> "FilterAggregator";
    };
  }

  @Override
  LeafCollector leaf(Segment segment) throws IOException {
    LeafCollector[] subLeaves = subLeaves(segment);
    switch (spec) {
      case Aggregation.Global g -> {
        return (doc, owning) -> collectBucket(subLeaves, doc, owning);
      }
      case Aggregation.Missing m -> {
        // With a missing value of its own every document has a value: the bucket stays empty.
        return m.missing() != null
            ? LeafCollector.NO_OP
            : missingLeaf(segment, m.field(), subLeaves);
      }
      default -> {}
    }
    Weight[] ws = weights.computeIfAbsent(segment.target, this::createWeights);
    DocIdSetIterator[] iterators = new DocIdSetIterator[ws.length];
    for (int i = 0; i < ws.length; i++) {
      Scorer scorer = ws[i].scorer(segment.context);
      iterators[i] = scorer == null ? DocIdSetIterator.empty() : scorer.iterator();
    }
    int width = width();
    return (doc, owning) -> {
      boolean matchedAny = false;
      for (int i = 0; i < iterators.length; i++) {
        DocIdSetIterator it = iterators[i];
        if (it.docID() < doc) {
          it.advance(doc);
        }
        if (it.docID() == doc) {
          matchedAny = true;
          collectBucket(subLeaves, doc, owning * width + i);
        }
      }
      if (other && !matchedAny) {
        collectBucket(subLeaves, doc, owning * width + filters.size());
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

  private LeafCollector missingLeaf(Segment segment, String field, LeafCollector[] subLeaves)
      throws IOException {
    FieldSource source = FieldSource.of(segment.target.fields().apply(field));
    DocIdSetIterator values =
        source == null || source == FieldSource.UNMAPPED
            ? DocIdSetIterator.empty()
            : source == FieldSource.KEYWORD
                ? DocValues.getSortedSet(segment.context.reader(), field)
                : DocValues.getSortedNumeric(segment.context.reader(), field);
    return (doc, owning) -> {
      if (values.docID() < doc) {
        values.advance(doc);
      }
      if (values.docID() != doc) {
        collectBucket(subLeaves, doc, owning);
      }
    };
  }

  @Override
  AggregationResult build(long owning) throws IOException {
    if (!(spec instanceof Aggregation.Filters f)) {
      return new AggregationResult.SingleBucket(name, docCount(owning), buildSubs(owning));
    }
    int width = width();
    List<Bucket> buckets = new ArrayList<>(width);
    for (int i = 0; i < width; i++) {
      long ord = owning < 0 ? -1 : owning * width + i;
      String key = i < keys.size() ? keys.get(i) : f.otherBucketKey();
      buckets.add(new Bucket(key, null, docCount(ord), buildSubs(ord)));
    }
    return new AggregationResult.Buckets(
        name, AggregationResult.Kind.FILTERS, buckets, f.keyed(), null, null, null);
  }
}
