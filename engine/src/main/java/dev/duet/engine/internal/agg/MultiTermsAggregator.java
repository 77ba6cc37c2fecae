package dev.duet.engine.internal.agg;

import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.AggregationResult.Bucket;
import java.io.IOException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/** {@code multi_terms}: terms over the combinations of several fields' values. */
final class MultiTermsAggregator extends Aggregator.Buckets {
  private final Aggregation.MultiTerms spec;
  private final TupleBuckets ords = new TupleBuckets();

  MultiTermsAggregator(Aggregation.MultiTerms spec, List<Aggregator> subs) {
    super(spec.name(), subs);
    this.spec = spec;
  }

  @Override
  LeafCollector leaf(Segment segment) throws IOException {
    List<TupleValues> fields = new ArrayList<>();
    for (String field : spec.fields()) {
      fields.add(new TupleValues(segment, field, null));
    }
    LeafCollector[] subLeaves = subLeaves(segment);
    List<List<Object>> parts = TupleBuckets.newParts(fields.size());
    return (doc, owning) -> {
      for (int i = 0; i < fields.size(); i++) {
        parts.set(i, List.copyOf(fields.get(i).read(doc)));
      }
      ords.collect(owning, parts, ord -> collectBucket(subLeaves, doc, ord));
    };
  }

  @Override
  AggregationResult build(long owning) throws IOException {
    boolean bySubs = BucketOrdering.readsSubAggregations(spec.order());
    Map<Bucket, Integer> ordOf = new IdentityHashMap<>();
    List<Bucket> buckets = new ArrayList<>();
    long total = 0;
    for (var e : ords.of(owning).entrySet()) {
      long count = docCount(e.getValue());
      if (count < Math.max(1, spec.minDocCount())) {
        continue;
      }
      total += count;
      StringBuilder asString = new StringBuilder();
      for (Object part : e.getKey()) {
        asString.append(asString.isEmpty() ? "" : "|").append(part);
      }
      Bucket b =
          new Bucket(
              e.getKey(), asString.toString(), count, bySubs ? buildSubs(e.getValue()) : List.of());
      ordOf.put(b, e.getValue());
      buckets.add(b);
    }
    List<Bucket> top = BucketOrdering.sortAndLimit(buckets, spec.order(), spec.size());
    long returned = 0;
    List<Bucket> out = new ArrayList<>(top.size());
    for (Bucket b : top) {
      returned += b.docCount();
      out.add(bySubs ? b : b.withSubAggregations(buildSubs(ordOf.get(b))));
    }
    return new AggregationResult.Buckets(
        name, AggregationResult.Kind.MULTI_TERMS, out, false, 0L, total - returned, null);
  }
}
