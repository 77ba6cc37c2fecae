package dev.duet.engine.internal.agg;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.AggregationResult.Bucket;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.SortedNumericDocValues;

/**
 * {@code variable_width_histogram}: clusters of nearby values. Collection records each (document,
 * owning bucket, value); the first build starts, per owning bucket, from one cluster per distinct
 * value and merges the two adjacent clusters whose centroids are closest until {@code buckets}
 * remain, as OpenSearch's reduce does, then replays the recorded documents into those clusters and
 * their sub-aggregations. A bucket's key is its centroid; its {@code min} and {@code max} bound it.
 */
final class VariableWidthHistogramAggregator extends Aggregator.Buckets {
  private static final long ENTRY_BYTES = Integer.BYTES + 2L * Long.BYTES;

  private final Aggregation.VariableWidthHistogram spec;
  private final List<Recorded> recorded = new ArrayList<>();
  private final Map<Long, List<Cluster>> plans = new HashMap<>();
  private boolean replayed;

  VariableWidthHistogramAggregator(Aggregation.VariableWidthHistogram spec, List<Aggregator> subs) {
    super(spec.name(), subs);
    this.spec = spec;
  }

  private static final class Recorded {
    final Segment segment;
    int size;
    int[] docs = new int[16];
    long[] owning = new long[16];
    double[] values = new double[16];

    Recorded(Segment segment) {
      this.segment = segment;
    }
  }

  /** A cluster of values: its centroid, bounds, documents and (once placed) its ordinal. */
  private static final class Cluster {
    double centroid;
    double min;
    double max;
    long count;
    long ord;

    Cluster(double value, long count) {
      this.centroid = value;
      this.min = value;
      this.max = value;
      this.count = count;
    }
  }

  @Override
  LeafCollector leaf(Segment segment) throws IOException {
    FieldSource source = FieldSource.resolve(segment.target, spec.field());
    if (source == FieldSource.UNMAPPED) {
      return LeafCollector.NO_OP;
    }
    if (!source.isNumeric()) {
      throw DuetException.illegalArgument(
          "Field ["
              + spec.field()
              + "] of type ["
              + segment.target.fields().apply(spec.field()).type()
              + "] is not supported for aggregation [variable_width_histogram]");
    }
    SortedNumericDocValues values = source.numeric(segment, spec.field());
    Recorded r = new Recorded(segment);
    recorded.add(r);
    return (doc, owning) -> {
      if (values.advanceExact(doc)) {
        for (int i = values.docValueCount(); i > 0; i--) {
          double v = source.toDouble(values.nextValue());
          if (r.size == r.docs.length) {
            int size = r.size * 2;
            reserve((size - r.size) * ENTRY_BYTES);
            r.docs = Arrays.copyOf(r.docs, size);
            r.owning = Arrays.copyOf(r.owning, size);
            r.values = Arrays.copyOf(r.values, size);
          }
          r.docs[r.size] = doc;
          r.owning[r.size] = owning;
          r.values[r.size] = v;
          r.size++;
        }
      }
    };
  }

  private void replay() throws IOException {
    replayed = true;
    Map<Long, Map<Double, long[]>> counts = new HashMap<>();
    for (Recorded r : recorded) {
      for (int i = 0; i < r.size; i++) {
        counts.computeIfAbsent(r.owning[i], o -> new java.util.TreeMap<>())
            .computeIfAbsent(r.values[i], v -> new long[1])[0]++;
      }
    }
    long next = 0;
    for (var e : counts.entrySet()) {
      List<Cluster> clusters = new ArrayList<>();
      for (var v : e.getValue().entrySet()) {
        clusters.add(new Cluster(v.getKey(), v.getValue()[0]));
      }
      while (clusters.size() > spec.buckets()) {
        int best = 0;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (int i = 0; i + 1 < clusters.size(); i++) {
          double d = clusters.get(i + 1).centroid - clusters.get(i).centroid;
          if (d < bestDistance) {
            bestDistance = d;
            best = i;
          }
        }
        Cluster a = clusters.get(best);
        Cluster b = clusters.remove(best + 1);
        a.centroid = (a.centroid * a.count + b.centroid * b.count) / (a.count + b.count);
        a.min = Math.min(a.min, b.min);
        a.max = Math.max(a.max, b.max);
        a.count += b.count;
      }
      for (Cluster c : clusters) {
        c.ord = next++;
      }
      plans.put(e.getKey(), clusters);
    }
    for (Recorded r : recorded) {
      LeafCollector[] subLeaves = subLeaves(r.segment);
      int lastDoc = -1;
      long lastOwning = -1;
      long lastOrd = -1;
      for (int i = 0; i < r.size; i++) {
        long ord = -1;
        for (Cluster c : plans.get(r.owning[i])) {
          if (r.values[i] >= c.min && r.values[i] <= c.max) {
            ord = c.ord;
            break;
          }
        }
        if (r.docs[i] == lastDoc && r.owning[i] == lastOwning && ord == lastOrd) {
          continue; // a document counts once per bucket
        }
        collectBucket(subLeaves, r.docs[i], ord);
        lastDoc = r.docs[i];
        lastOwning = r.owning[i];
        lastOrd = ord;
      }
    }
    recorded.clear();
  }

  @Override
  AggregationResult build(long owning) throws IOException {
    if (!replayed) {
      replay();
    }
    List<Bucket> buckets = new ArrayList<>();
    for (Cluster c : plans.getOrDefault(owning, List.of())) {
      buckets.add(
          new Bucket(
              c.centroid, null, docCount(c.ord), c.min, null, c.max, null, buildSubs(c.ord)));
    }
    return new AggregationResult.Buckets(
        name, AggregationResult.Kind.VARIABLE_WIDTH_HISTOGRAM, buckets, false, null, null, null);
  }
}
