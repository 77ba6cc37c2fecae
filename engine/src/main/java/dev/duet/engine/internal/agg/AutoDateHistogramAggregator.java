package dev.duet.engine.internal.agg;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.DateFormats;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.AggregationResult.Bucket;
import java.io.IOException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.SortedNumericDocValues;

/**
 * {@code auto_date_histogram}: the interval is only known once every value is seen, so collection
 * records each (document, owning bucket, value) of a segment, and the first build picks, per owning
 * bucket, OpenSearch's rounding — the finest unit (second, minute, hour, day, month, year) whose
 * span fits {@code buckets} times its largest inner interval, then the smallest inner interval
 * (e.g. 7 days) that brings the span within {@code buckets} — and replays the recorded documents
 * into those buckets and their sub-aggregations. Empty buckets between the first and the last are
 * kept, as OpenSearch reports them.
 */
final class AutoDateHistogramAggregator extends Aggregator.Buckets {
  private static final ChronoUnit[] UNITS = {
    ChronoUnit.SECONDS,
    ChronoUnit.MINUTES,
    ChronoUnit.HOURS,
    ChronoUnit.DAYS,
    ChronoUnit.MONTHS,
    ChronoUnit.YEARS
  };
  private static final String[] ABBREVIATIONS = {"s", "m", "h", "d", "M", "y"};
  // The units as date_histogram's calendar intervals; seconds have none there.
  private static final String[] CALENDAR_UNITS = {null, "minute", "hour", "day", "month", "year"};
  private static final int[][] INNER = {
    {1, 5, 10, 30}, {1, 5, 10, 30}, {1, 3, 12}, {1, 7}, {1, 3}, {1, 5, 10, 20, 50, 100}
  };

  /** What one recorded value costs: its document, owning bucket and value. */
  private static final long ENTRY_BYTES = Integer.BYTES + 2L * Long.BYTES;

  private final Aggregation.AutoDateHistogram spec;
  private final ZoneId zone;
  private final int firstUnit;
  private final List<Recorded> recorded = new ArrayList<>();
  private final Map<Long, Plan> plans = new HashMap<>();
  private boolean replayed;
  private ValueFormat format;
  private FilterRewrite rewrite;
  // The smallest and largest value of the documents counted from points (top level only).
  private long countedMin = Long.MAX_VALUE;
  private long countedMax = Long.MIN_VALUE;
  // The top-level buckets of the chosen unit that hold documents, before inner intervals merge
  // them: OpenSearch's surviving_buckets.
  private int survivingBuckets;

  AutoDateHistogramAggregator(Aggregation.AutoDateHistogram spec, List<Aggregator> subs) {
    super(spec.name(), subs);
    this.spec = spec;
    this.zone = ValueFormat.zone(spec.timeZone());
    this.firstUnit =
        spec.minimumInterval() == null
            ? 0
            : Aggregation.AutoDateHistogram.UNITS.indexOf(spec.minimumInterval());
    this.format = ValueFormat.of(FieldSource.DATE, null, spec.format(), spec.timeZone());
  }

  @Override
  String profileType() {
    return topLevel
        ? "AutoDateHistogramAggregator.FromSingle"
        : "AutoDateHistogramAggregator.FromMany";
  }

  @Override
  void profileDebug(Map<String, Object> debug) {
    if (rewrite != null) {
      rewrite.profileDebug(debug);
    }
    if (topLevel) {
      debug.put("surviving_buckets", survivingBuckets);
    }
  }

  /**
   * The values of one segment, in collection order. A document of -1 stands for {@code weights}
   * documents counted from points at once, at the start of their range.
   */
  private static final class Recorded {
    final Segment segment;
    int size;
    int[] docs = new int[16];
    long[] owning = new long[16];
    long[] values = new long[16];
    long[] weights;

    Recorded(Segment segment) {
      this.segment = segment;
    }
  }

  @Override
  LeafCollector leaf(Segment segment) throws IOException {
    FieldSource source = FieldSource.resolve(segment.target, spec.field());
    if (source != FieldSource.DATE && source != FieldSource.UNMAPPED) {
      if (!source.isNumeric()) {
        throw DuetException.illegalArgument(
            "Field ["
                + spec.field()
                + "] of type ["
                + segment.target.fields().apply(spec.field()).type()
                + "] is not supported for aggregation [auto_date_histogram]");
      }
    }
    if (source != FieldSource.UNMAPPED) {
      format =
          ValueFormat.of(
              FieldSource.DATE,
              segment.target.fields().apply(spec.field()),
              spec.format(),
              spec.timeZone());
    }
    Long missing = missingMillis(segment);
    if (source == FieldSource.UNMAPPED && missing == null) {
      return LeafCollector.NO_OP;
    }
    Recorded r = new Recorded(segment);
    recorded.add(r);
    if (source == FieldSource.DATE && countedFromPoints(segment, r)) {
      return LeafCollector.COUNTED;
    }
    SortedNumericDocValues values = source.numeric(segment, spec.field());
    return (doc, owning) -> {
      if (values.advanceExact(doc)) {
        for (int i = values.docValueCount(); i > 0; i--) {
          record(r, doc, owning, values.nextValue());
        }
      } else if (missing != null) {
        record(r, doc, owning, missing);
      }
    };
  }

  private Long missingMillis(Segment segment) {
    if (spec.missing() == null) {
      return null;
    }
    if (spec.missing() instanceof Number n) {
      return n.longValue();
    }
    var mapping = segment.target.fields().apply(spec.field());
    Object own = mapping == null ? null : mapping.params().get("format");
    return DateFormats.of(own == null ? null : own.toString())
        .parseMillis(spec.missing().toString(), false);
  }

  private void record(Recorded r, int doc, long owning, long value) {
    if (r.size == r.docs.length) {
      int size = r.size * 2;
      reserve((size - r.size) * ENTRY_BYTES);
      r.docs = Arrays.copyOf(r.docs, size);
      r.owning = Arrays.copyOf(r.owning, size);
      r.values = Arrays.copyOf(r.values, size);
      if (r.weights != null) {
        r.weights = Arrays.copyOf(r.weights, size);
      }
    }
    r.docs[r.size] = doc;
    r.owning[r.size] = owning;
    r.values[r.size] = value;
    r.size++;
  }

  /**
   * Counts a segment from its points when OpenSearch's filter rewrite would (a top-level
   * auto_date_histogram in UTC without sub-aggregations or {@code missing}, over an indexed date
   * field), and when the values the query keeps are known from points, so that the unit chosen for
   * them is at most the one every value together will choose: each range of that unit is recorded
   * once, with its count, and replays into the bucket of any of its values.
   */
  private boolean countedFromPoints(Segment segment, Recorded r) throws IOException {
    if (!topLevel
        || subs.length > 0
        || spec.missing() != null
        || !zone.normalized().equals(ZoneOffset.UTC)
        || !FilterRewrite.countable(segment, spec.field())) {
      return false;
    }
    if (rewrite == null) {
      rewrite = new FilterRewrite();
    }
    long[] bounds = rewrite.matchedBounds(segment, spec.field());
    String unit = bounds == null ? null : CALENDAR_UNITS[unitFor(bounds[0], bounds[1])];
    FilterRewrite.Ranges ranges =
        unit == null
            ? null
            : FilterRewrite.dateRanges(Rounding.calendar(unit, zone), bounds[0], bounds[1]);
    boolean counted =
        rewrite.tryCount(
            segment,
            spec.field(),
            ranges,
            Integer.MAX_VALUE,
            (range, count) -> {
              if (r.weights == null) {
                r.weights = new long[r.docs.length];
              }
              record(r, -1, 0, ranges.lowers()[range]);
              r.weights[r.size - 1] = count;
            });
    if (counted) {
      countedMin = Math.min(countedMin, bounds[0]);
      countedMax = Math.max(countedMax, bounds[1]);
    }
    return counted;
  }

  /**
   * The finest unit (from {@code minimum_interval}) whose span of {@code min} to {@code max} fits
   * {@code buckets} times its largest inner interval.
   */
  private int unitFor(long min, long max) {
    int target = spec.buckets();
    int unit = firstUnit;
    while (unit < UNITS.length - 1) {
      int[] inner = INNER[unit];
      if (span(min, max, unit) <= (long) target * inner[inner.length - 1]) {
        break;
      }
      unit++;
    }
    return unit;
  }

  /** The rounding chosen for one owning bucket: its first bucket, unit, inner interval, count. */
  private record Plan(ZonedDateTime first, int unit, int inner, int count, long base) {}

  private ZonedDateTime truncate(long millis, int unit) {
    ZonedDateTime t = Instant.ofEpochMilli(millis).atZone(zone);
    return switch (UNITS[unit]) {
      case SECONDS, MINUTES, HOURS, DAYS -> t.truncatedTo(UNITS[unit]);
      case MONTHS -> t.truncatedTo(ChronoUnit.DAYS).withDayOfMonth(1);
      default -> t.truncatedTo(ChronoUnit.DAYS).withDayOfYear(1);
    };
  }

  /** The number of unit-buckets from the one of {@code min} to the one of {@code max}. */
  private long span(long min, long max, int unit) {
    return UNITS[unit].between(truncate(min, unit), truncate(max, unit)) + 1;
  }

  private void replay() throws IOException {
    replayed = true;
    Map<Long, long[]> bounds = new HashMap<>();
    for (Recorded r : recorded) {
      for (int i = 0; i < r.size; i++) {
        long[] b =
            bounds.computeIfAbsent(r.owning[i], o -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
        b[0] = Math.min(b[0], r.values[i]);
        b[1] = Math.max(b[1], r.values[i]);
      }
    }
    if (countedMin <= countedMax) {
      // Ranges counted from points recorded their starts: the values' own bounds decide.
      long[] b = bounds.computeIfAbsent(0L, o -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
      b[0] = Math.min(b[0], countedMin);
      b[1] = Math.max(b[1], countedMax);
    }
    long next = 0;
    int target = spec.buckets();
    for (var e : bounds.entrySet()) {
      long min = e.getValue()[0];
      long max = e.getValue()[1];
      int unit = unitFor(min, max);
      long span = span(min, max, unit);
      int inner = 1;
      if (span > target) {
        for (int candidate : INNER[unit]) {
          if ((span + candidate - 1) / candidate <= target) {
            inner = candidate;
            break;
          }
        }
      }
      int count = (int) ((span + inner - 1) / inner);
      plans.put(e.getKey(), new Plan(truncate(min, unit), unit, inner, count, next));
      next += count;
    }
    java.util.BitSet surviving = new java.util.BitSet();
    for (Recorded r : recorded) {
      LeafCollector[] subLeaves = subLeaves(r.segment);
      int lastDoc = -1;
      long lastOwning = -1;
      long lastOrd = -1;
      for (int i = 0; i < r.size; i++) {
        Plan plan = plans.get(r.owning[i]);
        long units = UNITS[plan.unit].between(plan.first, truncate(r.values[i], plan.unit));
        long ord = plan.base + units / plan.inner;
        if (r.owning[i] == 0) {
          surviving.set((int) units);
        }
        if (r.docs[i] < 0) {
          addDocCount(ord, r.weights[i]);
          continue;
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
    survivingBuckets = surviving.cardinality();
  }

  @Override
  AggregationResult build(long owning) throws IOException {
    if (!replayed) {
      replay();
    }
    Plan plan = plans.get(owning);
    if (plan == null) {
      return new AggregationResult.Buckets(
          name,
          AggregationResult.Kind.AUTO_DATE_HISTOGRAM,
          List.of(),
          false,
          null,
          null,
          null,
          "1" + ABBREVIATIONS[firstUnit]);
    }
    List<Bucket> buckets = new ArrayList<>(plan.count);
    for (int k = 0; k < plan.count; k++) {
      long key =
          plan.first.plus((long) k * plan.inner, UNITS[plan.unit]).toInstant().toEpochMilli();
      long ord = plan.base + k;
      buckets.add(new Bucket(key, format.format(key), docCount(ord), buildSubs(ord)));
    }
    return new AggregationResult.Buckets(
        name,
        AggregationResult.Kind.AUTO_DATE_HISTOGRAM,
        buckets,
        false,
        null,
        null,
        null,
        plan.inner + ABBREVIATIONS[plan.unit]);
  }
}
