package dev.duet.engine.internal.agg;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.DateFormats;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.Aggregation.CompositeSource;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.AggregationResult.Bucket;
import java.io.IOException;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code composite}: buckets over the combinations of its sources' values (terms, histogram,
 * date_histogram), in the sources' orders, {@code size} at a time, starting after {@code after};
 * {@code after_key} names the last bucket returned, for the next page.
 */
final class CompositeAggregator extends Aggregator.Buckets {
  /**
   * The key part of a document without a value in a source with {@code missing_bucket}: rendered as
   * null, placed by the source's {@code missing_order} (see {@link CompositeSource#missingFirst}).
   */
  private static final Object MISSING =
      new Object() {
        @Override
        public String toString() {
          return "null";
        }
      };

  private static final List<Object> MISSING_PART = List.of(MISSING);

  private final Aggregation.Composite spec;
  private final TupleBuckets ords = new TupleBuckets();
  private final Rounding[] roundings;
  // A date histogram source's key format (null: epoch millis) and the zone its after key is read
  // in.
  private final ValueFormat[] formats;
  private final ZoneId[] zones;
  private FilterRewrite rewrite;

  CompositeAggregator(Aggregation.Composite spec, List<Aggregator> subs) {
    super(spec.name(), subs);
    this.spec = spec;
    roundings = new Rounding[spec.sources().size()];
    formats = new ValueFormat[roundings.length];
    zones = new ZoneId[roundings.length];
    for (int i = 0; i < roundings.length; i++) {
      CompositeSource s = spec.sources().get(i);
      ZoneId zone = ValueFormat.zone(s.timeZone());
      zones[i] = zone;
      if (s.type().equals("date_histogram") && s.format() != null) {
        formats[i] = ValueFormat.date(s.format(), zone);
      }
      if (s.missingOrder() != Aggregation.MissingOrder.DEFAULT && !s.missingBucket()) {
        throw DuetException.illegalArgument("missing_order require missing_bucket is true");
      }
      if (s.type().equals("date_histogram")) {
        roundings[i] =
            s.calendarInterval() != null
                ? Rounding.calendar(s.calendarInterval(), zone)
                : s.fixedInterval() != null ? Rounding.fixed(s.fixedInterval(), zone) : null;
        if (roundings[i] == null) {
          throw DuetException.illegalArgument(
              "Invalid interval specified, must be non-null and non-empty");
        }
      }
    }
  }

  @Override
  LeafCollector leaf(Segment segment) throws IOException {
    if (countedFromPoints(segment)) {
      return LeafCollector.COUNTED;
    }
    List<TupleValues> fields = new ArrayList<>();
    for (int i = 0; i < roundings.length; i++) {
      CompositeSource s = spec.sources().get(i);
      Rounding rounding = roundings[i];
      TupleValues.KeyFunction keys =
          switch (s.type()) {
            case "date_histogram" -> (source, raw) -> rounding.round(raw - s.offset()) + s.offset();
            case "histogram" ->
                (source, raw) -> Math.floor(source.toDouble(raw) / s.interval()) * s.interval();
            default -> null;
          };
      fields.add(new TupleValues(segment, s.field(), keys));
    }
    LeafCollector[] subLeaves = subLeaves(segment);
    List<List<Object>> parts = TupleBuckets.newParts(fields.size());
    return (doc, owning) -> {
      for (int i = 0; i < fields.size(); i++) {
        List<Object> values = fields.get(i).read(doc);
        parts.set(
            i,
            values.isEmpty() && spec.sources().get(i).missingBucket()
                ? MISSING_PART
                : List.copyOf(values));
      }
      ords.collect(owning, parts, ord -> collectBucket(subLeaves, doc, ord));
    };
  }

  @Override
  void profileDebug(Map<String, Object> debug) {
    if (rewrite != null) {
      rewrite.profileDebug(debug);
    }
  }

  /**
   * Counts a segment from its points when OpenSearch's filter rewrite would: a top-level composite
   * of one ascending date_histogram source in UTC without offset, {@code missing_bucket},
   * sub-aggregations or {@code after}, over an indexed date field; the walk stops once it has
   * passed {@code size} buckets, as the page needs no more.
   */
  private boolean countedFromPoints(Segment segment) throws IOException {
    if (!topLevel || subs.length > 0 || roundings.length != 1 || spec.after() != null) {
      return false;
    }
    CompositeSource s = spec.sources().get(0);
    Rounding rounding = roundings[0];
    if (rounding == null
        || s.missingBucket()
        || !s.ascending()
        || s.offset() != 0
        || !zones[0].normalized().equals(ZoneOffset.UTC)
        || FieldSource.resolve(segment.target, s.field()) != FieldSource.DATE
        || !FilterRewrite.countable(segment, s.field())) {
      return false;
    }
    if (rewrite == null) {
      rewrite = new FilterRewrite();
    }
    FilterRewrite.Ranges ranges = rewrite.dateRanges(segment, s.field(), rounding);
    return rewrite.tryCount(
        segment,
        s.field(),
        ranges,
        spec.size(),
        (range, count) -> {
          List<List<Object>> parts = List.of(List.of(rounding.round(ranges.lowers()[range])));
          try {
            ords.collect(0, parts, ord -> addDocCount(ord, count));
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
  }

  @Override
  AggregationResult build(long owning) throws IOException {
    Comparator<List<Object>> order = keyOrder();
    List<Object> after = afterKey();
    List<Map.Entry<List<Object>, Integer>> entries = new ArrayList<>();
    for (var e : ords.of(owning).entrySet()) {
      if (after == null || order.compare(e.getKey(), after) > 0) {
        entries.add(e);
      }
    }
    entries.sort(Map.Entry.comparingByKey(order));
    List<Bucket> buckets = new ArrayList<>();
    for (var e : entries.subList(0, Math.min(spec.size(), entries.size()))) {
      buckets.add(
          new Bucket(keyMap(e.getKey()), null, docCount(e.getValue()), buildSubs(e.getValue())));
    }
    Map<String, Object> afterKey =
        buckets.isEmpty() ? null : keyMap((List<Object>) keyList(buckets.get(buckets.size() - 1)));
    return new AggregationResult.Buckets(
        name, AggregationResult.Kind.COMPOSITE, buckets, false, null, null, afterKey);
  }

  private static List<Object> keyList(Bucket b) {
    List<Object> parts = new ArrayList<>(((Map<?, ?>) b.key()).values());
    parts.replaceAll(p -> p == null ? MISSING : p);
    return parts;
  }

  private Map<String, Object> keyMap(List<Object> key) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (int i = 0; i < key.size(); i++) {
      Object part = key.get(i);
      if (formats[i] != null && part instanceof Long millis) {
        part = formats[i].format(millis);
      }
      out.put(spec.sources().get(i).name(), part == MISSING ? null : part);
    }
    return out;
  }

  private Comparator<List<Object>> keyOrder() {
    return (a, b) -> {
      for (int i = 0; i < a.size(); i++) {
        CompositeSource source = spec.sources().get(i);
        Object x = a.get(i);
        Object y = b.get(i);
        if (x == MISSING || y == MISSING) {
          if (x == y) {
            continue;
          }
          // The null bucket's place does not flip with the order; missing_order decides it.
          return (x == MISSING) == source.missingFirst() ? -1 : 1;
        }
        int c = compare(x, y);
        if (c != 0) {
          return source.ascending() ? c : -c;
        }
      }
      return 0;
    };
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compare(Object x, Object y) {
    Number n = number(x, y);
    Number m = number(y, x);
    if (n != null && m != null) {
      return BucketOrdering.compareNumbers(n, m);
    }
    return ((Comparable) x.toString()).compareTo(y.toString());
  }

  /**
   * {@code x} as a number when it is one, or when it is the text of one (an {@code after} value too
   * big for a long) compared with a number; else null.
   */
  private static Number number(Object x, Object other) {
    if (x instanceof Number n) {
      return n;
    }
    if (x instanceof String s && other instanceof Number) {
      try {
        return new java.math.BigInteger(s.trim());
      } catch (NumberFormatException e) {
        return null;
      }
    }
    return null;
  }

  /**
   * An {@code after} date by the source's format; a date without an offset of its own is a local
   * time of the source's time zone.
   */
  private static long afterMillis(String text, String format, ZoneId zone) {
    // iso8601 reads as the default ISO parser does.
    long utc = DateFormats.of("iso8601".equals(format) ? null : format).parseMillis(text, false);
    int t = text.indexOf('T');
    boolean offsetGiven =
        text.endsWith("Z") || (t >= 0 && (text.indexOf('+', t) >= 0 || text.indexOf('-', t) >= 0));
    if (offsetGiven || zone.equals(ZoneOffset.UTC) || text.chars().allMatch(Character::isDigit)) {
      return utc;
    }
    java.time.LocalDateTime local =
        java.time.LocalDateTime.ofInstant(java.time.Instant.ofEpochMilli(utc), ZoneOffset.UTC);
    return local.atZone(zone).toInstant().toEpochMilli();
  }

  /** The {@code after} key as values comparable with the keys (dates parsed when strings). */
  private List<Object> afterKey() {
    if (spec.after() == null) {
      return null;
    }
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < spec.sources().size(); i++) {
      CompositeSource s = spec.sources().get(i);
      Object v = spec.after().get(s.name());
      if (v == null && s.missingBucket() && spec.after().containsKey(s.name())) {
        out.add(MISSING);
        continue;
      }
      if (v == null) {
        throw DuetException.illegalArgument(
            "[after] has 0 value(s) but [sources] has " + spec.sources().size());
      }
      if (s.type().equals("date_histogram") && v instanceof String str) {
        // Read as the keys are written: by the source's format, in its time zone.
        v = afterMillis(str, s.format(), zones[i]);
      }
      out.add(v);
    }
    return out;
  }
}
