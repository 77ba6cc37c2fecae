package dev.duet.engine.internal.agg;

import com.tdunning.math.stats.Centroid;
import com.tdunning.math.stats.MergingDigest;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import java.io.IOException;
import java.util.Arrays;
import org.apache.lucene.index.SortedNumericDocValues;

/**
 * {@code median_absolute_deviation}: one t-digest of the values per bucket; at build, the median is
 * read from it, and a second digest of each centroid's distance from that median (weighted by the
 * centroid's count) gives the median of the deviations, as OpenSearch computes it.
 */
final class MedianAbsoluteDeviationAggregator extends Aggregator {
  private final Aggregation.MedianAbsoluteDeviation spec;
  private MergingDigest[] digests = new MergingDigest[0];
  private ValueFormat format = ValueFormat.RAW;

  MedianAbsoluteDeviationAggregator(Aggregation.MedianAbsoluteDeviation spec) {
    super(spec.name());
    this.spec = spec;
  }

  @Override
  LeafCollector leaf(Segment segment) throws IOException {
    FieldSource source = FieldSource.resolve(segment.target, spec.field());
    if (source == FieldSource.KEYWORD) {
      throw DuetException.illegalArgument(
          "Field ["
              + spec.field()
              + "] of type ["
              + segment.target.fields().apply(spec.field()).type()
              + "] is not supported for aggregation [median_absolute_deviation]");
    }
    Double missing = spec.missing() == null ? null : MetricAggregator.toDouble(spec.missing());
    if (source == FieldSource.UNMAPPED) {
      return missing == null ? LeafCollector.NO_OP : (doc, bucket) -> digest(bucket).add(missing);
    }
    format =
        ValueFormat.of(source, segment.target.fields().apply(spec.field()), spec.format(), null);
    SortedNumericDocValues values = source.numeric(segment, spec.field());
    return (doc, bucket) -> {
      if (values.advanceExact(doc)) {
        MergingDigest d = digest(bucket);
        for (int i = values.docValueCount(); i > 0; i--) {
          d.add(source.toDouble(values.nextValue()));
        }
      } else if (missing != null) {
        digest(bucket).add(missing);
      }
    };
  }

  private MergingDigest digest(long bucket) {
    if (bucket >= digests.length) {
      int size = (int) Math.max(bucket + 1, digests.length * 2L);
      reserve((size - digests.length) * (long) Long.BYTES);
      digests = Arrays.copyOf(digests, size);
    }
    MergingDigest d = digests[(int) bucket];
    if (d == null) {
      reserve(PercentilesAggregator.digestBytes(spec.compression()));
      d = digests[(int) bucket] = new MergingDigest(spec.compression());
    }
    return d;
  }

  @Override
  AggregationResult build(long bucket) {
    MergingDigest d = bucket >= 0 && bucket < digests.length ? digests[(int) bucket] : null;
    double value = d == null || d.size() == 0 ? Double.NaN : deviation(d, spec.compression());
    String asString = Double.isNaN(value) ? null : format.format(value);
    return new AggregationResult.SingleValue(name, value, asString, null);
  }

  /** OpenSearch's approximation: the median of the centroids' distances from the median. */
  static double deviation(MergingDigest values, double compression) {
    double median = values.quantile(0.5);
    MergingDigest deviations = new MergingDigest(compression);
    for (Centroid c : values.centroids()) {
      deviations.add(Math.abs(median - c.mean()), c.count());
    }
    return deviations.quantile(0.5);
  }
}
