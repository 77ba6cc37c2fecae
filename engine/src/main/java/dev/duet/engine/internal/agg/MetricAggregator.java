package dev.duet.engine.internal.agg;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.Aggregation.MetricKind;
import dev.duet.engine.search.AggregationResult;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.util.NumericUtils;

/**
 * min, max, avg, sum, value_count, stats and extended_stats: per bucket a count, a compensated
 * (Kahan) sum as OpenSearch keeps it, min, max and the sum of squares, in flat arrays.
 */
final class MetricAggregator extends Aggregator {
  private final Aggregation.Metric spec;
  private final Double missing;
  private long[] counts = new long[0];
  private double[] sums = new double[0];
  private double[] compensations = new double[0];
  private double[] squares = new double[0];
  private double[] mins = new double[0];
  private double[] maxs = new double[0];
  private ValueFormat format = ValueFormat.RAW;
  // What the kind reads, so that the per-document path writes nothing else.
  private final boolean sumsNeeded;
  private final boolean boundsNeeded;
  private final boolean squaresNeeded;

  MetricAggregator(Aggregation.Metric spec) {
    super(spec.name());
    this.spec = spec;
    MetricKind kind = spec.kind();
    boolean stats = kind == MetricKind.STATS || kind == MetricKind.EXTENDED_STATS;
    this.sumsNeeded = stats || kind == MetricKind.AVG || kind == MetricKind.SUM;
    this.boundsNeeded = stats || kind == MetricKind.MIN || kind == MetricKind.MAX;
    this.squaresNeeded = kind == MetricKind.EXTENDED_STATS;
    this.missing = spec.missing() == null ? null : toDouble(spec.missing());
  }

  @Override
  String profileType() {
    return switch (spec.kind()) {
      case MIN -> "MinAggregator";
      case MAX -> "MaxAggregator";
      case AVG -> "AvgAggregator";
      case SUM -> "SumAggregator";
      case VALUE_COUNT -> "ValueCountAggregator";
      case STATS -> "StatsAggregator";
      case EXTENDED_STATS -> "ExtendedStatsAggregator";
    };
  }

  @Override
  LeafCollector leaf(Segment segment) throws IOException {
    FieldSource source = FieldSource.resolve(segment.target, spec.field());
    if (source == FieldSource.KEYWORD && spec.kind() == MetricKind.VALUE_COUNT) {
      SortedSetDocValues values = source.ordinals(segment, spec.field());
      return (doc, bucket) -> {
        if (values.advanceExact(doc)) {
          grow(bucket);
          counts[(int) bucket] += values.docValueCount();
        }
      };
    }
    if (source == FieldSource.KEYWORD) {
      throw DuetException.illegalArgument(
          "Field ["
              + spec.field()
              + "] of type ["
              + segment.target.fields().apply(spec.field()).type() // keyword, flat_object, ...
              + "] is not supported for aggregation ["
              + spec.kind().name().toLowerCase(Locale.ROOT)
              + "]");
    }
    if (source != FieldSource.UNMAPPED) {
      format =
          ValueFormat.of(source, segment.target.fields().apply(spec.field()), spec.format(), null);
    }
    SortedNumericDocValues values = source.numeric(segment, spec.field());
    NumericDocValues single = DocValues.unwrapSingleton(values);
    if (single != null && source == FieldSource.DOUBLE) {
      return new SingleDoubleLeaf(single);
    }
    if (single != null) {
      return (doc, bucket) -> {
        if (single.advanceExact(doc)) {
          grow(bucket);
          add((int) bucket, source.toDouble(single.longValue()));
        } else if (missing != null) {
          grow(bucket);
          add((int) bucket, missing);
        }
      };
    }
    return (doc, bucket) -> {
      if (values.advanceExact(doc)) {
        grow(bucket);
        for (int i = values.docValueCount(); i > 0; i--) {
          add((int) bucket, source.toDouble(values.nextValue()));
        }
      } else if (missing != null) {
        grow(bucket);
        add((int) bucket, missing);
      }
    };
  }

  /**
   * One double per document, the common case: read and decoded without the multi-valued iteration
   * or the source's switch, a block of documents in one loop.
   */
  private final class SingleDoubleLeaf implements LeafCollector {
    /**
     * Stands for "no value" among a block's values: the sortable form of a negative NaN with every
     * payload bit set, which no double field holds (they keep finite values only).
     */
    private static final long NO_VALUE = Long.MIN_VALUE;

    private final NumericDocValues values;
    private long[] raw = new long[0];

    SingleDoubleLeaf(NumericDocValues values) {
      this.values = values;
    }

    @Override
    public void collect(int doc, long bucket) throws IOException {
      if (values.advanceExact(doc)) {
        grow(bucket);
        add((int) bucket, NumericUtils.sortableLongToDouble(values.longValue()));
      } else if (missing != null) {
        grow(bucket);
        add((int) bucket, missing);
      }
    }

    @Override
    public void collectBlock(int[] docs, long[] buckets, int count) throws IOException {
      if (raw.length < count) {
        raw = new long[count];
      }
      // Lucene decodes the block's values in one call (a dense field's bytes at once).
      values.longValues(count, docs, raw, NO_VALUE);
      for (int i = 0; i < count; i++) {
        long bucket = buckets[i];
        if (raw[i] != NO_VALUE) {
          grow(bucket);
          add((int) bucket, NumericUtils.sortableLongToDouble(raw[i]));
        } else if (missing != null) {
          grow(bucket);
          add((int) bucket, missing);
        }
      }
    }
  }

  private void grow(long bucket) {
    if (bucket < counts.length) {
      return;
    }
    int size = (int) Math.max(bucket + 1, counts.length * 2L);
    int old = counts.length;
    reserve((size - old) * 6L * Long.BYTES); // six arrays of 8-byte slots
    counts = Arrays.copyOf(counts, size);
    sums = Arrays.copyOf(sums, size);
    compensations = Arrays.copyOf(compensations, size);
    squares = Arrays.copyOf(squares, size);
    mins = Arrays.copyOf(mins, size);
    maxs = Arrays.copyOf(maxs, size);
    Arrays.fill(mins, old, size, Double.POSITIVE_INFINITY);
    Arrays.fill(maxs, old, size, Double.NEGATIVE_INFINITY);
  }

  private void add(int bucket, double value) {
    counts[bucket]++;
    if (sumsNeeded) {
      // Kahan summation, as OpenSearch's CompensatedSum, so sums agree to the last digit.
      double corrected = value - compensations[bucket];
      double sum = sums[bucket];
      double next = sum + corrected;
      compensations[bucket] = (next - sum) - corrected;
      sums[bucket] = next;
    }
    if (squaresNeeded) {
      squares[bucket] += value * value;
    }
    if (boundsNeeded) {
      mins[bucket] = Math.min(mins[bucket], value);
      maxs[bucket] = Math.max(maxs[bucket], value);
    }
  }

  @Override
  AggregationResult build(long bucket) {
    boolean has = bucket >= 0 && bucket < counts.length;
    int b = (int) bucket;
    long count = has ? counts[b] : 0;
    double sum = has ? sums[b] : 0;
    double min = count > 0 ? mins[b] : Double.POSITIVE_INFINITY;
    double max = count > 0 ? maxs[b] : Double.NEGATIVE_INFINITY;
    return switch (spec.kind()) {
      case MIN -> single(count > 0 ? min : Double.NaN);
      case MAX -> single(count > 0 ? max : Double.NaN);
      case AVG -> single(count > 0 ? sum / count : Double.NaN);
      case SUM -> single(sum);
      case VALUE_COUNT -> new AggregationResult.SingleValue(name, count, null, null);
      case STATS, EXTENDED_STATS ->
          new AggregationResult.Stats(
              name,
              count,
              min,
              max,
              sum,
              has ? squares[b] : 0,
              spec.kind() == MetricKind.EXTENDED_STATS,
              spec.sigma(),
              count == 0 || format == ValueFormat.RAW
                  ? null
                  : List.of(
                      format.format(min),
                      format.format(max),
                      format.format(sum / count),
                      format.format(sum)));
    };
  }

  private AggregationResult single(double value) {
    String asString = Double.isNaN(value) ? null : format.format(value);
    return new AggregationResult.SingleValue(name, value, asString, null);
  }

  static double toDouble(Object value) {
    if (value instanceof Number n) {
      return n.doubleValue();
    }
    try {
      return Double.parseDouble(value.toString());
    } catch (NumberFormatException e) {
      throw new DuetException(
          400, "number_format_exception", "For input string: \"" + value + "\"");
    }
  }
}
