package dev.duet.server.rest.codec;

import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.Aggregation.IpRangeBound;
import dev.duet.engine.search.Aggregation.RangeBound;
import dev.duet.server.rest.codec.AggregationsDecoder.Pending;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The bodies of {@code range}, {@code date_range} and {@code ip_range}. */
final class RangeAggregationDecoder {
  private static final Set<String> RANGE_KEYS = Set.of("key", "from", "to");
  private static final Set<String> IP_RANGE_KEYS = Set.of("key", "from", "to", "mask");

  private RangeAggregationDecoder() {}

  static Pending parse(AggregationBody body, boolean date) throws IOException {
    String field = null;
    List<RangeBound> ranges = new ArrayList<>();
    boolean keyed = false;
    String format = null;
    Object missing = null;
    while (body.next()) {
      switch (body.field()) {
        case "field" -> field = body.string();
        case "keyed" -> keyed = body.bool();
        case "format" -> format = body.string();
        case "missing" -> missing = body.scalar();
        case "time_zone" -> body.skip();
        case "ranges" -> ranges(body, ranges);
        default -> throw body.unknownField();
      }
    }
    body.requireField(field);
    String f = field;
    boolean k = keyed;
    String fmt = format;
    String name = body.aggName();
    Object m = missing;
    return subs -> new Aggregation.Range(name, f, date, ranges, k, fmt, m, subs);
  }

  /** The body of {@code ip_range}: ranges of address literals or CIDR masks. */
  static Pending parseIp(AggregationBody body) throws IOException {
    String field = null;
    List<IpRangeBound> ranges = new ArrayList<>();
    boolean keyed = false;
    while (body.next()) {
      switch (body.field()) {
        case "field" -> field = body.string();
        case "keyed" -> keyed = body.bool();
        case "missing" -> body.skip();
        case "ranges" -> {
          for (Map<String, Object> range : body.scalarObjects("range", IP_RANGE_KEYS)) {
            ranges.add(
                new IpRangeBound(
                    text(range.get("key")),
                    text(range.get("from")),
                    text(range.get("to")),
                    text(range.get("mask"))));
          }
        }
        default -> throw body.unknownField();
      }
    }
    body.requireField(field);
    String f = field;
    boolean k = keyed;
    String name = body.aggName();
    return subs -> new Aggregation.IpRange(name, f, ranges, k, subs);
  }

  private static String text(Object value) {
    return value == null ? null : value.toString();
  }

  static Pending geoDistance(AggregationBody body) throws IOException {
    String field = null;
    Object origin = null;
    String unit = null;
    String distanceType = null;
    List<RangeBound> ranges = new ArrayList<>();
    boolean keyed = false;
    while (body.next()) {
      switch (body.field()) {
        case "field" -> field = body.string();
        case "keyed" -> keyed = body.bool();
        case "unit" -> unit = body.string();
        case "distance_type" -> distanceType = body.string();
        case "origin", "point", "center" -> origin = Json.readValue(body.parser());
        case "ranges" -> ranges(body, ranges);
        default -> throw body.unknownField();
      }
    }
    body.requireField(field);
    String f = field;
    Object o = origin;
    String u = unit;
    String d = distanceType;
    boolean k = keyed;
    String name = body.aggName();
    return subs -> new Aggregation.GeoDistance(name, f, o, u, d, ranges, k, subs);
  }

  private static void ranges(AggregationBody body, List<RangeBound> out) throws IOException {
    for (Map<String, Object> range : body.scalarObjects("range", RANGE_KEYS)) {
      Object key = range.get("key");
      out.add(
          new RangeBound(key == null ? null : key.toString(), range.get("from"), range.get("to")));
    }
  }
}
