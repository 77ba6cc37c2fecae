package dev.duet.engine.internal.agg;

import com.tdunning.math.stats.MergingDigest;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.DoubleHistogram;
import org.apache.lucene.index.SortedNumericDocValues;

/**
 * {@code percentiles} and {@code percentile_ranks}: one sketch per bucket, read as quantiles or as
 * the cumulative distribution (percent). The sketch is a t-digest ({@code com.tdunning:t-digest}'s
 * MergingDigest, as OpenSearch keeps it; ranks clamped to 0–100), or with {@code hdr} an
 * auto-resizing {@link DoubleHistogram} of the requested significant digits, as OpenSearch keeps
 * that one.
 */
final class PercentilesAggregator extends Aggregator {
  private final Aggregation.Percentiles spec;
  private final boolean hdr;
  private final boolean ranks;
  private MergingDigest[] digests = new MergingDigest[0];
  private DoubleHistogram[] histograms = new DoubleHistogram[0];
  private ValueFormat format = ValueFormat.RAW;

  PercentilesAggregator(Aggregation.Percentiles spec) {
    super(spec.name());
    this.spec = spec;
    this.hdr = spec.hdrDigits() != null;
    this.ranks = spec.ranks();
  }

  /** Adds values to one bucket's sketch. */
  private interface Sketch {
    void add(double value);
  }

  @Override
  String profileType() {
    return (hdr ? "HDR" : "TDigest")
        + (ranks ? "PercentileRanksAggregator" : "PercentilesAggregator");
  }

  @Override
  LeafCollector leaf(Segment segment) throws IOException {
    FieldSource source = FieldSource.resolve(segment.target, spec.field());
    if (source == FieldSource.KEYWORD) {
      throw DuetException.illegalArgument(
          "Field ["
              + spec.field()
              + "] of type ["
              + segment.target.fields().apply(spec.field()).type() // keyword, flat_object, ...
              + "] is not supported for aggregation ["
              + (spec.ranks() ? "percentile_ranks" : "percentiles")
              + "]");
    }
    Double missing = spec.missing() == null ? null : MetricAggregator.toDouble(spec.missing());
    if (source == FieldSource.UNMAPPED) {
      return missing == null ? LeafCollector.NO_OP : (doc, bucket) -> sketch(bucket).add(missing);
    }
    format =
        ValueFormat.of(source, segment.target.fields().apply(spec.field()), spec.format(), null);
    SortedNumericDocValues values = source.numeric(segment, spec.field());
    return (doc, bucket) -> {
      if (values.advanceExact(doc)) {
        Sketch s = sketch(bucket);
        for (int i = values.docValueCount(); i > 0; i--) {
          s.add(source.toDouble(values.nextValue()));
        }
      } else if (missing != null) {
        sketch(bucket).add(missing);
      }
    };
  }

  private Sketch sketch(long bucket) {
    if (hdr) {
      DoubleHistogram h = histogram(bucket);
      return value -> record(h, value);
    }
    MergingDigest d = digest(bucket);
    return d::add;
  }

  /**
   * Records a value, or refuses it as OpenSearch's shard does when the histogram cannot cover it (a
   * negative value, or a range wider than the digits allow): with the library's own words and type,
   * but as the client's error (400), where OpenSearch answers 500.
   */
  private static void record(DoubleHistogram h, double value) {
    try {
      h.recordValue(value);
    } catch (ArrayIndexOutOfBoundsException e) {
      throw new DuetException(400, "array_index_out_of_bounds_exception", e.getMessage());
    }
  }

  private DoubleHistogram histogram(long bucket) {
    if (bucket >= histograms.length) {
      int size = (int) Math.max(bucket + 1, histograms.length * 2L);
      reserve((size - histograms.length) * (long) Long.BYTES);
      histograms = Arrays.copyOf(histograms, size);
    }
    DoubleHistogram h = histograms[(int) bucket];
    if (h == null) {
      h = new DoubleHistogram(spec.hdrDigits());
      h.setAutoResize(true);
      reserve(h.getEstimatedFootprintInBytes());
      histograms[(int) bucket] = h;
    }
    return h;
  }

  private MergingDigest digest(long bucket) {
    if (bucket >= digests.length) {
      int size = (int) Math.max(bucket + 1, digests.length * 2L);
      reserve((size - digests.length) * (long) Long.BYTES);
      digests = Arrays.copyOf(digests, size);
    }
    MergingDigest d = digests[(int) bucket];
    if (d == null) {
      reserve(digestBytes(spec.compression()));
      d = digests[(int) bucket] = new MergingDigest(spec.compression());
    }
    return d;
  }

  /**
   * What a MergingDigest holds once it has values: about 288 bytes per unit of compression
   * (measured on t-digest 3.3: 23 KB at 100, 2.8 MB at 10,000, 25 MB at 100,000), so an extreme
   * compression trips the breaker here instead of exhausting the heap.
   */
  static long digestBytes(double compression) {
    double bytes = Math.ceil(compression) * 288 + 1024;
    return bytes >= Long.MAX_VALUE / 2 ? Long.MAX_VALUE / 2 : (long) bytes;
  }

  @Override
  AggregationResult build(long bucket) {
    double[] points = spec.points();
    double[] values = new double[points.length];
    if (hdr) {
      DoubleHistogram h =
          bucket >= 0 && bucket < histograms.length ? histograms[(int) bucket] : null;
      for (int i = 0; i < points.length; i++) {
        if (h == null || h.getTotalCount() == 0) {
          values[i] = Double.NaN;
        } else if (spec.ranks()) {
          values[i] = h.getPercentileAtOrBelowValue(points[i]);
        } else {
          values[i] = h.getValueAtPercentile(points[i]);
        }
      }
    } else {
      MergingDigest d = bucket >= 0 && bucket < digests.length ? digests[(int) bucket] : null;
      for (int i = 0; i < points.length; i++) {
        if (d == null || d.size() == 0) {
          values[i] = Double.NaN;
        } else if (spec.ranks()) {
          values[i] = Math.max(0, Math.min(100, d.cdf(points[i]) * 100));
        } else {
          values[i] = d.quantile(points[i] / 100);
        }
      }
    }
    List<String> asStrings = null;
    if (format != ValueFormat.RAW) {
      asStrings = new ArrayList<>(values.length);
      for (double v : values) {
        asStrings.add(Double.isNaN(v) ? null : format.format(v));
      }
    }
    return new AggregationResult.Percentiles(name, points.clone(), values, spec.keyed(), asStrings);
  }
}
