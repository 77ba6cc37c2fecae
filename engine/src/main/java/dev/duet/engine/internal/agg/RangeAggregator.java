package dev.duet.engine.internal.agg;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.field.GeoPointType;
import dev.duet.engine.internal.field.GeoPoints;
import dev.duet.engine.mapping.DateFormats;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.AggregationResult.Bucket;
import dev.duet.engine.search.AggregationResult.Kind;
import dev.duet.engine.search.GeoDistance;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.geo.GeoEncodingUtils;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.util.NumericUtils;

/**
 * {@code range} and {@code date_range}: fixed buckets, {@code from} inclusive and {@code to}
 * exclusive, bucket ordinal {@code owning * ranges + i}. Buckets are reported in request order as
 * OpenSearch sorts them (by from, then to), each keyed {@code from-to} unless given a key.
 */
final class RangeAggregator extends Aggregator.Buckets {
  private final Aggregation.Range spec;
  private final List<Aggregation.RangeBound> ranges;
  private double[] froms;
  private double[] tos;
  private ValueFormat format = ValueFormat.RAW;
  private double[] scratch = new double[4];
  // The value of a document without one ({@code missing}); NaN when none is given.
  private double missing = Double.NaN;
  // Filter rewrite: its counters, the ranges as raw values sorted, and each one's bucket.
  private FilterRewrite rewrite;
  private FilterRewrite.Ranges pointRanges;
  private int[] pointOrder;

  // geo_distance: the origin and the meters of the unit; null origin for range and date_range.
  private final GeoPoints.Point origin;
  private final double unitMeters;
  private final boolean plane;

  RangeAggregator(Aggregation.Range spec, List<Aggregator> subs) {
    this(spec, null, 1, false, subs);
  }

  /** {@code geo_distance}: ranges of the distance from the origin, in the request's unit. */
  RangeAggregator(Aggregation.GeoDistance spec, List<Aggregator> subs) {
    this(
        new Aggregation.Range(
            spec.name(), spec.field(), false, spec.ranges(), spec.keyed(), null, List.of()),
        GeoPoints.parse(spec.origin(), true),
        spec.unit() == null ? 1 : GeoDistance.meters("1" + spec.unit()),
        "plane".equalsIgnoreCase(spec.distanceType()),
        subs);
  }

  private RangeAggregator(
      Aggregation.Range spec,
      GeoPoints.Point origin,
      double unitMeters,
      boolean plane,
      List<Aggregator> subs) {
    super(spec.name(), subs);
    this.spec = spec;
    this.origin = origin;
    this.unitMeters = unitMeters;
    this.plane = plane;
    this.ranges = spec.ranges();
    if (ranges.isEmpty()) {
      throw DuetException.illegalArgument(
          "No [ranges] specified for the [" + spec.name() + "] aggregation");
    }
  }

  @Override
  LeafCollector leaf(Segment segment) throws IOException {
    if (origin != null) {
      return geoLeaf(segment);
    }
    FieldSource source = FieldSource.resolve(segment.target, spec.field());
    if (froms == null) {
      resolveBounds(source, segment);
    }
    if (source == FieldSource.KEYWORD
        || (source == FieldSource.UNMAPPED && Double.isNaN(missing))) {
      return LeafCollector.NO_OP;
    }
    if (countedFromPoints(segment, source)) {
      return LeafCollector.COUNTED;
    }
    LeafCollector[] subLeaves = subLeaves(segment);
    SortedNumericDocValues values =
        source == FieldSource.UNMAPPED
            ? org.apache.lucene.index.DocValues.emptySortedNumeric()
            : source.numeric(segment, spec.field());
    int n = ranges.size();
    return (doc, owning) -> {
      if (!values.advanceExact(doc)) {
        if (!Double.isNaN(missing)) {
          for (int r = 0; r < n; r++) {
            if (missing >= froms[r] && missing < tos[r]) {
              collectBucket(subLeaves, doc, owning * n + r);
            }
          }
        }
        return;
      }
      int count = values.docValueCount();
      if (count == 1) {
        double v = source.toDouble(values.nextValue());
        for (int r = 0; r < n; r++) {
          if (v >= froms[r] && v < tos[r]) {
            collectBucket(subLeaves, doc, owning * n + r);
          }
        }
        return;
      }
      // Multi-valued: a document counts once per range; the buffer is reused across documents.
      if (scratch.length < count) {
        scratch = new double[Math.max(count, scratch.length * 2)];
      }
      double[] all = scratch;
      for (int i = 0; i < count; i++) {
        all[i] = source.toDouble(values.nextValue());
      }
      for (int r = 0; r < n; r++) {
        for (int i = 0; i < count; i++) {
          double v = all[i];
          if (v >= froms[r] && v < tos[r]) {
            collectBucket(subLeaves, doc, owning * n + r);
            break;
          }
        }
      }
    };
  }

  @Override
  void profileDebug(java.util.Map<String, Object> debug) {
    if (rewrite != null) {
      rewrite.profileDebug(debug);
    }
  }

  /**
   * Counts a segment from its points when OpenSearch's filter rewrite would: a top-level range
   * without sub-aggregations or {@code missing}, over an indexed long, date or double field, whose
   * ranges do not overlap, in a segment whose every document the query keeps.
   */
  private boolean countedFromPoints(Segment segment, FieldSource source) throws IOException {
    if (!topLevel
        || subs.length > 0
        || spec.missing() != null
        || (source != FieldSource.LONG
            && source != FieldSource.DATE
            && source != FieldSource.DOUBLE)
        || !FilterRewrite.countable(segment, spec.field())) {
      return false;
    }
    if (rewrite == null) {
      rewrite = new FilterRewrite();
      pointRanges = pointRanges(source);
    }
    if (pointRanges == null || !segment.query.matchesAll(segment.context)) {
      return false;
    }
    return rewrite.tryCount(
        segment,
        spec.field(),
        pointRanges,
        Integer.MAX_VALUE,
        (range, count) -> addDocCount(pointOrder[range], count));
  }

  /**
   * The ranges as raw values, sorted as OpenSearch sorts them, when they do not overlap and their
   * bounds are exact in the field's values; null otherwise. Fills {@link #pointOrder}.
   */
  private FilterRewrite.Ranges pointRanges(FieldSource source) {
    int n = ranges.size();
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(
        order,
        (a, b) -> {
          int c = Double.compare(froms[a], froms[b]);
          return c != 0 ? c : Double.compare(tos[a], tos[b]);
        });
    long[] lowers = new long[n];
    long[] uppers = new long[n];
    pointOrder = new int[n];
    for (int i = 0; i < n; i++) {
      int r = order[i];
      if (i > 0 && tos[order[i - 1]] > froms[r]) {
        return null; // overlapping ranges count a value more than once
      }
      Long lower = rawLower(froms[r], source);
      Long upper = rawUpper(tos[r], source);
      if (lower == null || upper == null) {
        return null;
      }
      lowers[i] = lower;
      uppers[i] = upper;
      pointOrder[i] = r;
    }
    return new FilterRewrite.Ranges(lowers, uppers);
  }

  /** The smallest raw value {@code >= from}, or null when a long cannot say it exactly. */
  private static Long rawLower(double from, FieldSource source) {
    if (from == Double.NEGATIVE_INFINITY) {
      return Long.MIN_VALUE;
    }
    if (source == FieldSource.DOUBLE) {
      return NumericUtils.doubleToSortableLong(from == 0 ? -0.0 : from); // -0.0 >= 0.0 too
    }
    return Math.abs(from) < 0x1p52 ? (Long) (long) Math.ceil(from) : null;
  }

  /** The largest raw value {@code < to}, or null when a long cannot say it exactly. */
  private static Long rawUpper(double to, FieldSource source) {
    if (to == Double.POSITIVE_INFINITY) {
      return Long.MAX_VALUE;
    }
    if (source == FieldSource.DOUBLE) {
      return NumericUtils.doubleToSortableLong(to == 0 ? -0.0 : to) - 1; // -0.0 < 0.0 is false
    }
    return Math.abs(to) < 0x1p52 ? (Long) ((long) Math.ceil(to) - 1) : null;
  }

  private LeafCollector geoLeaf(Segment segment) throws IOException {
    if (froms == null) {
      resolveBounds(FieldSource.UNMAPPED, segment);
    }
    FieldMapping field = segment.target.fields().apply(spec.field());
    if (field == null) {
      return LeafCollector.NO_OP;
    }
    if (!(FieldTypes.of(field) instanceof GeoPointType)) {
      throw DuetException.illegalArgument(
          "Field ["
              + spec.field()
              + "] of type ["
              + field.type()
              + "] is not supported for aggregation [geo_distance]");
    }
    LeafCollector[] subLeaves = subLeaves(segment);
    SortedNumericDocValues values =
        DocValues.getSortedNumeric(segment.context.reader(), spec.field());
    int n = ranges.size();
    return (doc, owning) -> {
      if (!values.advanceExact(doc)) {
        return;
      }
      int count = values.docValueCount();
      if (scratch.length < count) {
        scratch = new double[Math.max(count, scratch.length * 2)];
      }
      double[] all = scratch;
      for (int i = 0; i < count; i++) {
        long encoded = values.nextValue();
        double lat = GeoEncodingUtils.decodeLatitude((int) (encoded >>> 32));
        double lon = GeoEncodingUtils.decodeLongitude((int) encoded);
        all[i] = GeoPointType.distance(origin.lat(), origin.lon(), lat, lon, plane) / unitMeters;
      }
      for (int r = 0; r < n; r++) {
        for (int i = 0; i < count; i++) {
          double v = all[i];
          if (v >= froms[r] && v < tos[r]) {
            collectBucket(subLeaves, doc, owning * n + r);
            break;
          }
        }
      }
    };
  }

  private void resolveBounds(FieldSource source, Segment segment) {
    froms = new double[ranges.size()];
    tos = new double[ranges.size()];
    String dateFormat = spec.format();
    if (spec.date() && (source == FieldSource.DATE || source == FieldSource.UNMAPPED)) {
      // An unmapped field's bounds are read and written in the default date format.
      if (dateFormat == null) {
        Object own =
            source == FieldSource.UNMAPPED
                ? null
                : segment.target.fields().apply(spec.field()).params().get("format");
        dateFormat = own == null ? DateFormats.DEFAULT : own.toString();
      }
      format = ValueFormat.date(dateFormat, ValueFormat.zone(null));
    } else if (spec.format() != null) {
      format = ValueFormat.of(source, null, spec.format(), null);
    }
    for (int i = 0; i < ranges.size(); i++) {
      froms[i] = bound(ranges.get(i).from(), Double.NEGATIVE_INFINITY, dateFormat);
      tos[i] = bound(ranges.get(i).to(), Double.POSITIVE_INFINITY, dateFormat);
    }
    if (spec.missing() != null) {
      missing = bound(spec.missing(), Double.NaN, dateFormat);
    }
  }

  private double bound(Object value, double open, String dateFormat) {
    if (value == null) {
      return open;
    }
    if (spec.date() && value instanceof String s) {
      return DateFormats.of(dateFormat).parseMillis(s, false);
    }
    if (spec.date()
        && value instanceof Number n
        && dateFormat != null
        && dateFormat.split("\\|\\|")[0].trim().equals("epoch_second")) {
      return n.doubleValue() * 1000; // a number is in the field's unit, seconds here
    }
    return MetricAggregator.toDouble(value);
  }

  @Override
  AggregationResult build(long owning) throws IOException {
    if (froms == null) {
      resolveBounds(FieldSource.UNMAPPED, null);
    }
    int n = ranges.size();
    List<Bucket> buckets = new ArrayList<>(n);
    for (int r = 0; r < n; r++) {
      long ord = owning < 0 ? -1 : owning * n + r;
      double from = froms[r];
      double to = tos[r];
      String fromString = Double.isInfinite(from) ? null : format.format(from);
      String toString = Double.isInfinite(to) ? null : format.format(to);
      String key = ranges.get(r).key();
      if (key == null) {
        key = keyPart(from, fromString) + "-" + keyPart(to, toString);
      }
      buckets.add(
          new Bucket(
              key,
              null,
              docCount(ord),
              Double.isInfinite(from) ? (origin != null ? 0.0 : Double.NaN) : from,
              fromString,
              Double.isInfinite(to) ? Double.NaN : to,
              toString,
              buildSubs(ord)));
    }
    buckets.sort(
        (a, b) -> {
          int c = Double.compare(nanLow(a.from()), nanLow(b.from()));
          return c != 0 ? c : Double.compare(nanHigh(a.to()), nanHigh(b.to()));
        });
    return new AggregationResult.Buckets(
        name,
        origin != null ? Kind.GEO_DISTANCE : spec.date() ? Kind.DATE_RANGE : Kind.RANGE,
        buckets,
        spec.keyed(),
        null,
        null,
        null);
  }

  private static double nanLow(double v) {
    return Double.isNaN(v) ? Double.NEGATIVE_INFINITY : v;
  }

  private static double nanHigh(double v) {
    return Double.isNaN(v) ? Double.POSITIVE_INFINITY : v;
  }

  private static String keyPart(double bound, String asString) {
    if (Double.isInfinite(bound)) {
      return "*";
    }
    return asString != null ? asString : Double.toString(bound);
  }
}
