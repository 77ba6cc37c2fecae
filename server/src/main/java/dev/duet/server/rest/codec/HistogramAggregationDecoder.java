package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.Aggregation.BucketOrder;
import dev.duet.engine.search.Aggregation.CompositeSource;
import dev.duet.engine.search.DateIntervals;
import dev.duet.server.rest.codec.AggregationsDecoder.Pending;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The bodies of the aggregations that bucket by interval: histograms and composite. */
final class HistogramAggregationDecoder {
  private HistogramAggregationDecoder() {}

  static Pending histogram(AggregationBody body, boolean date) throws IOException {
    String field = null;
    double interval = 0;
    String calendar = null;
    String fixed = null;
    String timeZone = null;
    double offset = 0;
    long minDocCount = 0;
    Object boundsMin = null;
    Object boundsMax = null;
    List<BucketOrder> order = List.of();
    boolean keyed = false;
    String format = null;
    while (body.next()) {
      switch (body.field()) {
        case "field" -> field = body.string();
        case "interval" -> {
          if (date) {
            String v = body.string();
            if (v.matches("\\d+(ms|s|m|h|d)")
                && !v.equals("1m")
                && !v.equals("1h")
                && !v.equals("1d")) {
              fixed = v;
            } else {
              calendar = v;
            }
          } else {
            interval = body.doubleValue();
          }
        }
        case "calendar_interval" -> calendar = body.checked(DateIntervals::checkCalendar);
        case "fixed_interval" -> fixed = body.checked(DateIntervals::fixedMillis);
        case "time_zone" -> timeZone = body.string();
        case "offset" -> offset = date ? offsetMillis(body) : body.doubleValue();
        case "min_doc_count" -> minDocCount = body.longValue();
        case "extended_bounds" -> {
          JsonParser p = body.parser();
          while (p.nextToken() == JsonToken.FIELD_NAME) {
            String k = p.currentName();
            p.nextToken();
            if (k.equals("min")) {
              boundsMin = Json.scalar(p);
            } else if (k.equals("max")) {
              boundsMax = Json.scalar(p);
            } else {
              throw QueryErrors.error(p, "[extended_bounds] unknown field [" + k + "]");
            }
          }
        }
        case "order" -> order = body.order();
        case "keyed" -> keyed = body.bool();
        case "format" -> format = body.string();
        case "missing", "hard_bounds" -> body.skip();
        default -> throw body.unknownField();
      }
    }
    body.requireField(field);
    String f = field;
    double i = interval;
    String c = calendar;
    String fx = fixed;
    String tz = timeZone;
    double o = offset;
    long mdc = minDocCount;
    Object bmin = boundsMin;
    Object bmax = boundsMax;
    List<BucketOrder> ord = order;
    boolean k = keyed;
    String fmt = format;
    String name = body.aggName();
    return subs ->
        new Aggregation.Histogram(
            name, f, date, i, c, fx, tz, o, mdc, bmin, bmax, ord, k, fmt, subs);
  }

  /** A date offset such as {@code +6h} or {@code -1d} (a number is millis), in millis. */
  private static double offsetMillis(AggregationBody body) throws IOException {
    if (body.parser().currentToken().isNumeric()) {
      return body.longValue();
    }
    String text = body.string();
    try {
      return offsetMillis(text);
    } catch (DuetException e) {
      throw body.failedToParse(e);
    }
  }

  /** A date offset's text such as {@code +6h} or {@code -1d}, in millis. */
  private static long offsetMillis(String text) {
    String t = text.trim();
    int sign = 1;
    if (t.startsWith("+")) {
      t = t.substring(1);
    } else if (t.startsWith("-")) {
      sign = -1;
      t = t.substring(1);
    }
    int i = 0;
    while (i < t.length() && Character.isDigit(t.charAt(i))) {
      i++;
    }
    long unit =
        switch (t.substring(i)) {
          case "ms" -> 1;
          case "s" -> 1000;
          case "m" -> 60_000;
          case "h" -> 3_600_000;
          case "d" -> 86_400_000;
          default -> 0;
        };
    try {
      if (unit == 0) {
        throw new NumberFormatException(text);
      }
      return sign * Math.multiplyExact(Long.parseLong(t.substring(0, i)), unit);
    } catch (NumberFormatException | ArithmeticException e) {
      throw DuetException.illegalArgument(
          "failed to parse setting [DateHistogramAggregationBuilder.parseOffset] with value ["
              + text
              + "] as a time value: unit is missing or unrecognized");
    }
  }

  static Pending composite(AggregationBody body) throws IOException {
    int size = 10;
    List<CompositeSource> sources = new ArrayList<>();
    Map<String, Object> after = null;
    while (body.next()) {
      JsonParser p = body.parser();
      switch (body.field()) {
        case "size" -> size = body.intValue();
        case "sources" -> compositeSources(body, sources);
        case "after" -> {
          after = new LinkedHashMap<>();
          while (p.nextToken() == JsonToken.FIELD_NAME) {
            String k = p.currentName();
            p.nextToken();
            after.put(k, Json.scalar(p));
          }
        }
        default -> throw body.unknownField();
      }
    }
    if (sources.isEmpty()) {
      throw DuetException.illegalArgument("Required [sources]");
    }
    int s = size;
    Map<String, Object> a = after;
    String name = body.aggName();
    return subs -> new Aggregation.Composite(name, s, sources, a, subs);
  }

  /**
   * {@code [{"name": {"terms": {...}}}, ...]} (or one such object), refused as OpenSearch refuses
   * anything else: a parse failure of {@code sources} naming the token it did not expect.
   */
  private static void compositeSources(AggregationBody body, List<CompositeSource> out)
      throws IOException {
    JsonParser p = body.parser();
    JsonToken t = p.currentToken();
    if (t == JsonToken.START_OBJECT) {
      out.add(compositeSourceObject(body));
    } else if (t != JsonToken.START_ARRAY) {
      throw body.unsupportedValue();
    } else {
      while (p.nextToken() != JsonToken.END_ARRAY) {
        expect(body, JsonToken.START_OBJECT);
        out.add(compositeSourceObject(body));
      }
    }
    if (out.isEmpty()) {
      throw body.failedToParse("Composite [sources] cannot be null or empty");
    }
  }

  /** One {@code {"name": {"type": {...}}}}; the parser is on its START_OBJECT. */
  private static CompositeSource compositeSourceObject(AggregationBody body) throws IOException {
    JsonParser p = body.parser();
    p.nextToken();
    expect(body, JsonToken.FIELD_NAME);
    String sourceName = p.currentName();
    p.nextToken();
    expect(body, JsonToken.START_OBJECT);
    p.nextToken();
    expect(body, JsonToken.FIELD_NAME);
    String type = p.currentName();
    p.nextToken();
    if (!Set.of("terms", "histogram", "date_histogram").contains(type)) {
      throw body.failedToParse(QueryErrors.error(p, "invalid source type: " + type));
    }
    expect(body, JsonToken.START_OBJECT);
    CompositeSource source = compositeSource(p, sourceName, type);
    p.nextToken();
    expect(body, JsonToken.END_OBJECT); // of {"type": {...}}
    p.nextToken();
    expect(body, JsonToken.END_OBJECT); // of {"name": {...}}
    return source;
  }

  private static void expect(AggregationBody body, JsonToken expected) {
    JsonToken t = body.parser().currentToken();
    if (t != expected) {
      throw body.failedToParse(
          QueryErrors.error(
              body.parser(),
              "Failed to parse object: expecting token of type ["
                  + expected
                  + "] but found ["
                  + Json.tokenName(t)
                  + "]"));
    }
  }

  private static CompositeSource compositeSource(JsonParser p, String name, String type)
      throws IOException {
    String field = null;
    boolean ascending = true;
    double interval = 0;
    String calendar = null;
    String fixed = null;
    boolean missingBucket = false;
    Aggregation.MissingOrder missingOrder = Aggregation.MissingOrder.DEFAULT;
    String format = null;
    String timeZone = null;
    long offset = 0;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String k = p.currentName();
      p.nextToken();
      switch (k) {
        case "field" -> field = p.getText();
        case "order" -> ascending = !p.getText().equals("desc");
        case "interval" -> {
          if (type.equals("date_histogram")) {
            calendar = p.getText();
          } else {
            interval = p.getDoubleValue();
          }
        }
        case "calendar_interval" -> calendar = p.getText();
        case "fixed_interval" -> fixed = p.getText();
        case "missing_bucket" -> missingBucket = p.getBooleanValue();
        case "missing_order" -> missingOrder = missingOrder(p, type);
        case "format" -> format = p.getText();
        case "time_zone" -> timeZone = p.getText();
        case "offset" ->
            offset = p.currentToken().isNumeric() ? p.getLongValue() : offsetMillis(p.getText());
        default -> p.skipChildren();
      }
    }
    return new CompositeSource(
        name,
        type,
        field,
        ascending,
        interval,
        calendar,
        fixed,
        missingBucket,
        missingOrder,
        format,
        timeZone,
        offset);
  }

  /** {@code first}, {@code last} or {@code default}, any case, as OpenSearch's enum reads it. */
  private static Aggregation.MissingOrder missingOrder(JsonParser p, String type)
      throws IOException {
    String value = p.getText();
    try {
      return Aggregation.MissingOrder.valueOf(value.toUpperCase(java.util.Locale.ROOT));
    } catch (IllegalArgumentException e) {
      String at = Json.location(p);
      DuetException cause =
          new DuetException(
              400,
              "x_content_parse_exception",
              at + " [" + type + "] failed to parse field [missing_order]",
              Map.of(),
              DuetException.illegalArgument(
                  "No enum constant org.opensearch.search.aggregations.bucket.missing.MissingOrder."
                      + value.toUpperCase(java.util.Locale.ROOT)));
      throw new DuetException(
          400,
          "x_content_parse_exception",
          at + " [composite] failed to parse field [sources]",
          Map.of(),
          cause);
    }
  }
}
