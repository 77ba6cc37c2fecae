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
    List<TupleValues> fields = values(segment);
    LeafCollector[] subLeaves = subLeaves(segment);
    List<List<Object>> parts = TupleBuckets.newParts(fields.size());
    if (spec.minDocCount() == 0) {
      // Every combination of the segment's documents is a bucket, matched or not (top level).
      List<TupleValues> all = values(segment);
      org.apache.lucene.util.Bits live = segment.context.reader().getLiveDocs();
      for (int doc = 0; doc < segment.context.reader().maxDoc(); doc++) {
        if (live == null || live.get(doc)) {
          read(all, doc, parts);
          ords.collect(0, parts, ord -> {});
        }
      }
    }
    return (doc, owning) -> {
      read(fields, doc, parts);
      ords.collect(owning, parts, ord -> collectBucket(subLeaves, doc, ord));
    };
  }

  /**
   * The fields' values of one segment; a date's key parts are its formatted strings, as
   * OpenSearch's multi_terms keys them.
   */
  private List<TupleValues> values(Segment segment) throws IOException {
    List<TupleValues> fields = new ArrayList<>();
    for (String field : spec.fields()) {
      var mapping = segment.target.fields().apply(field);
      TupleValues.KeyFunction keys = null;
      if (FieldSource.of(mapping) == FieldSource.DATE) {
        ValueFormat dates = ValueFormat.of(FieldSource.DATE, mapping, null, null);
        keys = (source, raw) -> dates.format(raw);
      }
      fields.add(new TupleValues(segment, field, keys));
    }
    return fields;
  }

  /** A document's key parts per field, a field's missing value standing in for none. */
  private void read(List<TupleValues> fields, int doc, List<List<Object>> parts)
      throws IOException {
    for (int i = 0; i < fields.size(); i++) {
      List<Object> values = fields.get(i).read(doc);
      Object missing = spec.missing().get(i);
      parts.set(i, values.isEmpty() && missing != null ? List.of(missing) : List.copyOf(values));
    }
  }

  @Override
  AggregationResult build(long owning) throws IOException {
    boolean bySubs = BucketOrdering.readsSubAggregations(spec.order());
    Map<Bucket, Integer> ordOf = new IdentityHashMap<>();
    List<Bucket> buckets = new ArrayList<>();
    long total = 0;
    for (var e : ords.of(owning).entrySet()) {
      long count = docCount(e.getValue());
      if (count < spec.minDocCount()) {
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
