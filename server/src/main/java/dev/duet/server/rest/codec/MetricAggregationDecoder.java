package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.Aggregation.BucketOrder;
import dev.duet.engine.search.Aggregation.GapPolicy;
import dev.duet.engine.search.Aggregation.MetricKind;
import dev.duet.engine.search.SortSpec;
import dev.duet.engine.search.SourceFilter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The bodies of metric and pipeline aggregations, which take no sub-aggregations. */
final class MetricAggregationDecoder {
  private static final double[] DEFAULT_PERCENTS = {1, 5, 25, 50, 75, 95, 99};
  private static final Set<String> TYPES =
      Set.of(
          "min",
          "max",
          "avg",
          "sum",
          "value_count",
          "stats",
          "extended_stats",
          "cardinality",
          "percentiles",
          "percentile_ranks",
          "weighted_avg",
          "median_absolute_deviation",
          "top_hits",
          "bucket_sort",
          "avg_bucket",
          "sum_bucket",
          "max_bucket",
          "min_bucket",
          "derivative",
          "cumulative_sum",
          "moving_fn");

  private MetricAggregationDecoder() {}

  static Set<String> types() {
    return TYPES;
  }

  static boolean handles(String type) {
    return TYPES.contains(type);
  }

  static Aggregation parse(JsonParser p, String type, String name) throws IOException {
    AggregationBody body = new AggregationBody(p, type, name);
    return switch (type) {
      case "cardinality" -> cardinality(body);
      case "percentiles", "percentile_ranks" -> percentiles(body, type.equals("percentile_ranks"));
      case "top_hits" -> topHits(body);
      case "weighted_avg" -> weightedAvg(body);
      case "median_absolute_deviation" -> medianAbsoluteDeviation(body);
      case "bucket_sort" -> bucketSort(body);
      case "moving_fn" -> movingFunction(body);
      case "avg_bucket", "sum_bucket", "max_bucket", "min_bucket", "derivative", "cumulative_sum" ->
          pipeline(body, type);
      default -> metric(body, MetricKind.valueOf(type.toUpperCase(Locale.ROOT)));
    };
  }

  private static Aggregation metric(AggregationBody body, MetricKind kind) throws IOException {
    String field = null;
    Object missing = null;
    String format = null;
    double sigma = 2;
    while (body.next()) {
      switch (body.field()) {
        case "field" -> field = body.string();
        case "missing" -> missing = body.scalar();
        case "format" -> format = body.string();
        case "sigma" -> {
          if (kind != MetricKind.EXTENDED_STATS) {
            throw body.unknownField();
          }
          sigma = body.doubleValue();
          try {
            Aggregation.checkSigma(sigma, body.aggName());
          } catch (DuetException e) {
            throw body.failedToParse(e);
          }
        }
        case "value_type" -> body.skip();
        default -> throw body.unknownField();
      }
    }
    body.requireField(field);
    return new Aggregation.Metric(body.aggName(), kind, field, missing, format, sigma);
  }

  private static Aggregation cardinality(AggregationBody body) throws IOException {
    String field = null;
    long threshold = 3000;
    Object missing = null;
    while (body.next()) {
      switch (body.field()) {
        case "field" -> field = body.string();
        case "precision_threshold" -> {
          threshold = body.longValue();
          try {
            Aggregation.checkPrecisionThreshold(threshold, body.aggName());
          } catch (DuetException e) {
            throw body.failedToParse(e);
          }
        }
        case "missing" -> missing = body.scalar();
        case "execution_hint", "value_type" -> body.skip();
        default -> throw body.unknownField();
      }
    }
    body.requireField(field);
    return new Aggregation.Cardinality(body.aggName(), field, threshold, missing);
  }

  private static Aggregation percentiles(AggregationBody body, boolean ranks) throws IOException {
    String field = null;
    double[] points = ranks ? null : DEFAULT_PERCENTS;
    boolean keyed = true;
    double compression = 100;
    Object missing = null;
    Integer hdrDigits = null;
    String format = null;
    while (body.next()) {
      switch (body.field()) {
        case "field" -> field = body.string();
        case "percents" -> {
          if (ranks) {
            throw body.unknownField();
          }
          points = body.doubles();
        }
        case "values" -> {
          if (!ranks) {
            throw body.unknownField();
          }
          points = body.doubles();
        }
        case "keyed" -> keyed = body.bool();
        case "missing" -> missing = body.scalar();
        case "tdigest" -> {
          JsonParser p = body.parser();
          while (p.nextToken() == JsonToken.FIELD_NAME) {
            String k = p.currentName();
            p.nextToken();
            if (k.equals("compression")) {
              compression = p.getDoubleValue();
            } else {
              p.skipChildren();
            }
          }
        }
        case "hdr" -> {
          JsonParser p = body.parser();
          hdrDigits = 3;
          while (p.nextToken() == JsonToken.FIELD_NAME) {
            String k = p.currentName();
            p.nextToken();
            if (k.equals("number_of_significant_value_digits")) {
              if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) {
                throw body.failedToParse(
                    DuetException.badRequest(
                        "x_content_parse_exception",
                        Json.location(p)
                            + " [hdr] number_of_significant_value_digits doesn't support values of"
                            + " type: "
                            + Json.tokenName(p.currentToken())));
              }
              hdrDigits = p.getIntValue();
              try {
                Aggregation.Percentiles.checkHdrDigits(hdrDigits);
              } catch (DuetException e) {
                throw body.failedToParse(e);
              }
            } else {
              p.skipChildren();
            }
          }
        }
        case "format" -> format = body.string();
        default -> throw body.unknownField();
      }
    }
    body.requireField(field);
    if (points == null) {
      throw DuetException.illegalArgument("[values] must not be null: [" + body.aggName() + "]");
    }
    if (points.length == 0) {
      throw DuetException.illegalArgument(
          "[" + (ranks ? "values" : "percents") + "] must not be empty: [" + body.aggName() + "]");
    }
    return new Aggregation.Percentiles(
        body.aggName(), field, ranks, points, keyed, compression, missing, hdrDigits, format);
  }

  private static Aggregation weightedAvg(AggregationBody body) throws IOException {
    Object[] value = new Object[2];
    Object[] weight = new Object[2];
    String format = null;
    while (body.next()) {
      switch (body.field()) {
        case "value" -> multiValuesSourceField(body, "value", value);
        case "weight" -> multiValuesSourceField(body, "weight", weight);
        case "format" -> format = body.string();
        case "value_type" -> body.skip();
        default -> throw body.unknownField();
      }
    }
    return new Aggregation.WeightedAvg(
        body.aggName(), (String) value[0], value[1], (String) weight[0], weight[1], format);
  }

  /**
   * One {@code {"field":..,"missing":..}} of a multi-values-source aggregation, into {@code out}.
   */
  private static void multiValuesSourceField(AggregationBody body, String element, Object[] out)
      throws IOException {
    JsonParser p = body.parser();
    if (p.currentToken() != JsonToken.START_OBJECT) {
      throw body.unsupportedValue();
    }
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String key = p.currentName();
      String at = Json.location(p);
      p.nextToken();
      switch (key) {
        case "field" -> out[0] = p.getText();
        case "missing" -> out[1] = Json.scalar(p);
        default ->
            throw body.failedToParse(
                DuetException.badRequest(
                    "x_content_parse_exception",
                    at + " [" + element + "] unknown field [" + key + "]"));
      }
    }
  }

  private static Aggregation medianAbsoluteDeviation(AggregationBody body) throws IOException {
    String field = null;
    Object missing = null;
    String format = null;
    double compression = 1000;
    while (body.next()) {
      switch (body.field()) {
        case "field" -> field = body.string();
        case "missing" -> missing = body.scalar();
        case "format" -> format = body.string();
        case "compression" -> {
          compression = body.doubleValue();
          try {
            Aggregation.MedianAbsoluteDeviation.checkCompression(compression, body.aggName());
          } catch (DuetException e) {
            throw body.failedToParse(e);
          }
        }
        case "value_type" -> body.skip();
        default -> throw body.unknownField();
      }
    }
    body.requireField(field);
    return new Aggregation.MedianAbsoluteDeviation(
        body.aggName(), field, compression, missing, format);
  }

  private static Aggregation topHits(AggregationBody body) throws IOException {
    int from = 0;
    int size = 3;
    List<SortSpec> sort = List.of();
    SourceFilter source = SourceFilter.ALL;
    boolean version = false;
    boolean seqNoPrimaryTerm = false;
    while (body.next()) {
      switch (body.field()) {
        case "from" -> from = body.intValue();
        case "size" -> size = body.intValue();
        case "sort" -> sort = sort(body.parser());
        case "_source" -> source = SourceFilters.parse(body.parser());
        case "version" -> version = body.parser().getValueAsBoolean();
        case "seq_no_primary_term" -> seqNoPrimaryTerm = body.parser().getValueAsBoolean();
        default -> throw body.unknownField();
      }
    }
    return new Aggregation.TopHits(
        body.aggName(), from, size, sort, source, version, seqNoPrimaryTerm);
  }

  /** A sort as top_hits and inner_hits take it: one key or an array of them. */
  static List<SortSpec> sort(JsonParser p) throws IOException {
    List<SortSpec> out = new ArrayList<>();
    if (p.currentToken() == JsonToken.START_ARRAY) {
      while (p.nextToken() != JsonToken.END_ARRAY) {
        sortElement(p, out);
      }
    } else {
      sortElement(p, out);
    }
    return out;
  }

  private static void sortElement(JsonParser p, List<SortSpec> out) throws IOException {
    if (p.currentToken() == JsonToken.VALUE_STRING) {
      out.add(new SortSpec(p.getText(), null));
      return;
    }
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = p.currentName();
      JsonToken t = p.nextToken();
      String order = null;
      if (t == JsonToken.VALUE_STRING) {
        order = p.getText();
      } else {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String k = p.currentName();
          p.nextToken();
          if (k.equals("order")) {
            order = p.getText();
          } else {
            p.skipChildren();
          }
        }
      }
      out.add(new SortSpec(field, order == null ? null : sortOrder(order)));
    }
  }

  private static SortSpec.SortOrder sortOrder(String order) {
    return order.equalsIgnoreCase("desc") ? SortSpec.SortOrder.DESC : SortSpec.SortOrder.ASC;
  }

  private static Aggregation bucketSort(AggregationBody body) throws IOException {
    List<BucketOrder> sort = new ArrayList<>();
    int from = 0;
    Integer size = null;
    while (body.next()) {
      switch (body.field()) {
        case "sort" -> {
          for (SortSpec spec : sort(body.parser())) {
            sort.add(new BucketOrder(spec.field(), spec.order() == SortSpec.SortOrder.ASC));
          }
        }
        case "from" -> from = body.intValue();
        case "size" -> size = body.intValue();
        case "gap_policy" -> body.gapPolicy();
        default -> throw body.unknownField();
      }
    }
    return new Aggregation.BucketSort(body.aggName(), sort, from, size);
  }

  private static Aggregation movingFunction(AggregationBody body) throws IOException {
    String path = null;
    Integer window = null;
    int shift = 0;
    String script = null;
    GapPolicy gaps = GapPolicy.SKIP;
    while (body.next()) {
      switch (body.field()) {
        case "buckets_path" -> path = body.string();
        case "window" -> window = body.intValue();
        case "shift" -> shift = body.intValue();
        case "gap_policy" -> gaps = body.gapPolicy();
        case "script" -> script = script(body);
        case "format" -> body.skip();
        default -> throw body.unknownField();
      }
    }
    String missing = path == null ? "buckets_path" : window == null ? "window" : null;
    missing = missing == null && script == null ? "script" : missing;
    if (missing != null) {
      throw QueryErrors.error(
          body.parser(),
          "Required [" + missing + "] for moving_fn aggregation [" + body.aggName() + "]");
    }
    return new Aggregation.MovingFunction(body.aggName(), path, window, shift, script, gaps);
  }

  /** A script's source: the string itself or its object's {@code source}. */
  private static String script(AggregationBody body) throws IOException {
    JsonParser p = body.parser();
    if (p.currentToken() != JsonToken.START_OBJECT) {
      return body.string();
    }
    String source = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String key = p.currentName();
      p.nextToken();
      if (key.equals("source") || key.equals("inline")) {
        source = p.getText();
      } else {
        p.skipChildren();
      }
    }
    return source;
  }

  private static Aggregation pipeline(AggregationBody body, String type) throws IOException {
    String path = null;
    GapPolicy gaps = GapPolicy.SKIP;
    while (body.next()) {
      switch (body.field()) {
        case "buckets_path" -> path = body.string();
        case "gap_policy" -> gaps = body.gapPolicy();
        case "format", "unit" -> body.skip();
        default -> throw body.unknownField();
      }
    }
    if (path == null) {
      throw QueryErrors.error(
          body.parser(),
          "Missing required field [buckets_path] for "
              + type
              + " aggregation ["
              + body.aggName()
              + "]");
    }
    String name = body.aggName();
    return switch (type) {
      case "derivative" ->
          new Aggregation.Parent(name, Aggregation.ParentKind.DERIVATIVE, path, gaps);
      case "cumulative_sum" ->
          new Aggregation.Parent(name, Aggregation.ParentKind.CUMULATIVE_SUM, path, gaps);
      default ->
          new Aggregation.BucketMetric(
              name,
              Aggregation.BucketMetricKind.valueOf(
                  type.substring(0, type.indexOf('_')).toUpperCase(Locale.ROOT)),
              path,
              gaps);
    };
  }
}
