package dev.duet.engine.internal.agg;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.DateFormats;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.AggregationResult.Bucket;
import dev.duet.engine.search.AggregationResult.Kind;
import java.io.IOException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.internal.hppc.LongIntHashMap;
import org.apache.lucene.util.NumericUtils;

/**
 * {@code histogram} and {@code date_histogram}: each value is rounded to its bucket's key (numbers
 * by interval and offset, dates by {@link Rounding}) and counted under that key. With {@code
 * min_doc_count} 0 (the default) the gaps between the first and last key, widened to {@code
 * extended_bounds}, are filled with empty buckets, as OpenSearch's reduce does.
 */
final class HistogramAggregator extends Aggregator.Buckets {
  private static final int DATE_BLOCK_SHIFT = 22;
  private static final int DATE_BLOCKS = 1 << 16;
  private static final int UNKNOWN_BLOCK = -2;
  private static final int CUT_BLOCK = -1;
  private final Aggregation.Histogram spec;
  private final BucketOrds ords = new BucketOrds();
  private final Rounding rounding;
  private final ZoneId zone;
  private final int maxBuckets;
  private ValueFormat format = ValueFormat.RAW;
  private String fieldFormat;
  private int[] blockOrds;
  private long blockBase;

  HistogramAggregator(Aggregation.Histogram spec, List<Aggregator> subs, int maxBuckets) {
    super(spec.name(), subs);
    this.spec = spec;
    this.maxBuckets = maxBuckets;
    this.zone = ValueFormat.zone(spec.timeZone());
    if (!spec.date()) {
      if (!(spec.interval() > 0)) {
        throw DuetException.illegalArgument("interval must be positive, got: " + spec.interval());
      }
      rounding = null;
    } else if (spec.calendarInterval() != null) {
      rounding = Rounding.calendar(spec.calendarInterval(), zone);
    } else if (spec.fixedInterval() != null) {
      rounding = Rounding.fixed(spec.fixedInterval(), zone);
    } else {
      throw DuetException.illegalArgument(
          "Invalid interval specified, must be non-null and non-empty");
    }
    if (spec.date()) {
      format = ValueFormat.date(spec.format() == null ? DateFormats.DEFAULT : spec.format(), zone);
    }
  }

  @Override
  String profileType() {
    return spec.date() ? "DateHistogramAggregator" : "NumericHistogramAggregator";
  }

  @Override
  void profileDebug(java.util.Map<String, Object> debug) {
    debug.put("total_buckets", ords.size());
  }

  @Override
  LeafCollector leaf(Segment segment) throws IOException {
    FieldSource source = FieldSource.resolve(segment.target, spec.field());
    if (source == FieldSource.UNMAPPED) {
      return LeafCollector.NO_OP;
    }
    if (source == FieldSource.KEYWORD) {
      throw DuetException.illegalArgument(
          "Field ["
              + spec.field()
              + "] of type ["
              + segment.target.fields().apply(spec.field()).type() // keyword, flat_object, ...
              + "] is not supported for aggregation ["
              + (spec.date() ? "date_histogram" : "histogram")
              + "]");
    }
    if (spec.date() && spec.format() == null) {
      Object own = segment.target.fields().apply(spec.field()).params().get("format");
      fieldFormat = own == null ? null : own.toString();
      if (fieldFormat != null) {
        format = ValueFormat.date(fieldFormat, zone);
      }
    } else if (!spec.date() && (spec.format() != null || source == FieldSource.UNSIGNED)) {
      format = ValueFormat.of(source, null, spec.format(), null);
    }
    LeafCollector[] subLeaves = subLeaves(segment);
    SortedNumericDocValues values = source.numeric(segment, spec.field());
    return (doc, owning) -> {
      if (!values.advanceExact(doc)) {
        return;
      }
      long previous = -1;
      for (int i = values.docValueCount(); i > 0; i--) {
        long raw = values.nextValue();
        long ord = owning == 0 && rounding != null ? topDateOrd(source, raw) : -1;
        if (ord < 0) {
          ord = ords.add(owning, key(source, raw));
        }
        if (ord != previous) { // a document counts once per bucket
          collectBucket(subLeaves, doc, ord);
          previous = ord;
        }
      }
    };
  }

  /**
   * The top-level bucket of a date through a table of 2^22 ms (about 70 minute) blocks from the
   * first date seen, so most dates cost a shift and an array read instead of a rounding and a hash
   * lookup; -1 for a date outside the table or in a block a bucket boundary cuts.
   */
  private long topDateOrd(FieldSource source, long raw) {
    if (blockOrds == null) {
      blockBase = raw - (DATE_BLOCKS / 2L << DATE_BLOCK_SHIFT);
      blockOrds = new int[DATE_BLOCKS];
      java.util.Arrays.fill(blockOrds, UNKNOWN_BLOCK);
    }
    long block = (raw - blockBase) >> DATE_BLOCK_SHIFT;
    if (block < 0 || block >= DATE_BLOCKS) {
      return -1;
    }
    int ord = blockOrds[(int) block];
    if (ord == UNKNOWN_BLOCK) {
      long first = blockBase + (block << DATE_BLOCK_SHIFT);
      long key = key(source, first);
      ord = key == key(source, first + (1L << DATE_BLOCK_SHIFT) - 1) ? ords.add(0, key) : CUT_BLOCK;
      blockOrds[(int) block] = ord;
    }
    return ord;
  }

  /** The bucket key of a raw value: epoch millis for dates, sortable double bits for numbers. */
  private long key(FieldSource source, long raw) {
    if (rounding != null) {
      return rounding.round(raw - (long) spec.offset()) + (long) spec.offset();
    }
    double v = source.toDouble(raw);
    double k = Math.floor((v - spec.offset()) / spec.interval()) * spec.interval() + spec.offset();
    return NumericUtils.doubleToSortableLong(k);
  }

  private long nextKey(long key) {
    if (rounding != null) {
      return rounding.next(key - (long) spec.offset()) + (long) spec.offset();
    }
    double k = NumericUtils.sortableLongToDouble(key);
    long n = Math.round((k - spec.offset()) / spec.interval()) + 1;
    return NumericUtils.doubleToSortableLong(n * spec.interval() + spec.offset());
  }

  @Override
  AggregationResult build(long owning) throws IOException {
    LongIntHashMap map = ords.of(owning);
    List<long[]> found = new ArrayList<>(); // {key, ord}
    if (map != null) {
      for (var c : map) {
        if (docCount(c.value) >= Math.max(1, spec.minDocCount())) {
          found.add(new long[] {c.key, c.value});
        }
      }
    }
    found.sort((a, b) -> Long.compare(a[0], b[0])); // sortable bits order like the values
    List<Bucket> buckets = new ArrayList<>();
    if (spec.minDocCount() == 0) {
      fillGaps(found, buckets);
    } else {
      for (long[] f : found) {
        buckets.add(bucket(f[0], (int) f[1]));
      }
    }
    if (!spec.order().isEmpty()
        && !(spec.order().size() == 1
            && spec.order().get(0).equals(Aggregation.BucketOrder.KEY_ASC))) {
      buckets = BucketOrdering.sortAndLimit(buckets, spec.order(), Integer.MAX_VALUE);
    }
    return new AggregationResult.Buckets(
        name,
        spec.date() ? Kind.DATE_HISTOGRAM : Kind.HISTOGRAM,
        buckets,
        spec.keyed(),
        null,
        null,
        null);
  }

  private void fillGaps(List<long[]> found, List<Bucket> out) throws IOException {
    Long min = found.isEmpty() ? null : found.get(0)[0];
    Long max = found.isEmpty() ? null : found.get(found.size() - 1)[0];
    if (spec.extendedMin() != null) {
      long bound = boundKey(spec.extendedMin());
      min = min == null || compare(bound, min) < 0 ? Long.valueOf(bound) : min;
      max = max == null ? Long.valueOf(bound) : max;
    }
    if (spec.extendedMax() != null) {
      long bound = boundKey(spec.extendedMax());
      max = max == null || compare(bound, max) > 0 ? Long.valueOf(bound) : max;
      min = min == null ? Long.valueOf(bound) : min;
    }
    if (min == null) {
      return;
    }
    int i = 0;
    for (long key = min; compare(key, max) <= 0; key = nextKey(key)) {
      if (out.size() >= maxBuckets) {
        throw AggregationPhase.tooManyBuckets(countKeys(key, max) + out.size(), maxBuckets);
      }
      while (i < found.size() && compare(found.get(i)[0], key) < 0) {
        i++; // cannot happen for aligned keys; keeps the walk safe
      }
      if (i < found.size() && found.get(i)[0] == key) {
        out.add(bucket(key, (int) found.get(i)[1]));
        i++;
      } else {
        out.add(bucket(key, -1));
      }
    }
  }

  private long countKeys(long from, long to) {
    if (rounding == null) {
      double a = NumericUtils.sortableLongToDouble(from);
      double b = NumericUtils.sortableLongToDouble(to);
      return Math.round((b - a) / spec.interval()) + 1;
    }
    long n = 0;
    for (long key = from; key <= to && n < 100_000_000L; key = nextKey(key)) {
      n++;
    }
    return n;
  }

  private int compare(long a, long b) {
    return Long.compare(a, b);
  }

  private long boundKey(Object bound) {
    if (!spec.date()) {
      double v = MetricAggregator.toDouble(bound);
      double k =
          Math.floor((v - spec.offset()) / spec.interval()) * spec.interval() + spec.offset();
      return NumericUtils.doubleToSortableLong(k);
    }
    long millis;
    if (bound instanceof Number n) {
      millis = n.longValue();
    } else {
      String f = spec.format() != null ? spec.format() : fieldFormat;
      millis = DateFormats.of(f).parseMillis(bound.toString(), false);
    }
    return rounding.round(millis - (long) spec.offset()) + (long) spec.offset();
  }

  private Bucket bucket(long key, int ord) throws IOException {
    List<AggregationResult> subs = buildSubs(ord);
    long count = ord < 0 ? 0 : docCount(ord);
    if (spec.date()) {
      return new Bucket(key, format.format(key), count, subs);
    }
    double k = NumericUtils.sortableLongToDouble(key);
    return new Bucket(k, format.format(k), count, subs);
  }
}
