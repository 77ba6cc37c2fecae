package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.Aggregation.BucketOrder;
import dev.duet.engine.search.Aggregation.IncludeExclude;
import dev.duet.engine.search.Query;
import dev.duet.server.rest.codec.AggregationsDecoder.Pending;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The bodies of bucket aggregations, the ones that take sub-aggregations. */
final class BucketAggregationDecoder {
  private static final Set<String> TYPES =
      Set.of(
          "terms",
          "multi_terms",
          "rare_terms",
          "range",
          "date_range",
          "geo_distance",
          "ip_range",
          "histogram",
          "date_histogram",
          "auto_date_histogram",
          "variable_width_histogram",
          "significant_text",
          "filter",
          "filters",
          "adjacency_matrix",
          "missing",
          "global",
          "composite",
          "significant_terms",
          "nested",
          "reverse_nested");

  private static final Set<String> FIELD_CONFIG =
      Set.of("field", "missing", "value_type", "format");

  private BucketAggregationDecoder() {}

  static Set<String> types() {
    return TYPES;
  }

  static boolean handles(String type) {
    return TYPES.contains(type);
  }

  static Pending parse(JsonParser p, String type, String name) throws IOException {
    AggregationBody body = new AggregationBody(p, type, name);
    return switch (type) {
      case "terms" -> terms(body);
      case "multi_terms" -> multiTerms(body);
      case "rare_terms" -> RareTermsDecoder.parse(body);
      case "range", "date_range" -> RangeAggregationDecoder.parse(body, type.equals("date_range"));
      case "geo_distance" -> RangeAggregationDecoder.geoDistance(body);
      case "ip_range" -> RangeAggregationDecoder.parseIp(body);
      case "histogram", "date_histogram" ->
          HistogramAggregationDecoder.histogram(body, type.equals("date_histogram"));
      case "filter" -> {
        Query filter = QueryDecoder.parse(p);
        yield subs -> new Aggregation.Filter(name, filter, subs);
      }
      case "auto_date_histogram" -> autoDateHistogram(body);
      case "variable_width_histogram" -> variableWidthHistogram(body);
      case "significant_text" -> significantText(body);
      case "filters" -> filters(body);
      case "adjacency_matrix" -> adjacencyMatrix(body);
      case "missing" -> {
        String field = null;
        Object missing = null;
        while (body.next()) {
          switch (body.field()) {
            case "field" -> field = body.string();
            case "missing" -> missing = body.scalar();
            case "value_type" -> body.skip();
            default -> throw body.unknownField();
          }
        }
        body.requireField(field);
        String f = field;
        Object m = missing;
        yield subs -> new Aggregation.Missing(name, f, m, subs);
      }
      case "global" -> {
        if (body.next()) {
          throw body.unknownField();
        }
        yield subs -> new Aggregation.Global(name, subs);
      }
      case "composite" -> HistogramAggregationDecoder.composite(body);
      case "significant_terms" -> SignificantTermsDecoder.parse(body);
      case "nested", "reverse_nested" -> NestedAggregationDecoder.parse(p, type, name);
      default -> throw new IllegalStateException(type);
    };
  }

  /** {@code include: {partition, num_partitions}}, checked as OpenSearch checks it. */
  private static IncludeExclude partition(AggregationBody body) throws IOException {
    JsonParser p = body.parser();
    Integer partition = null;
    Integer numPartitions = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String key = p.currentName();
      p.nextToken();
      switch (key) {
        case "partition" -> partition = p.getValueAsInt();
        case "num_partitions" -> numPartitions = p.getValueAsInt();
        default -> {
          p.skipChildren();
          throw body.failedToParse("Unknown parameter in Include/Exclude clause: " + key);
        }
      }
    }
    if (numPartitions == null) {
      throw body.failedToParse("Missing [num_partitions] parameter for partition-based include");
    }
    if (partition == null) {
      throw body.failedToParse("Missing [partition] parameter for partition-based include");
    }
    try {
      return IncludeExclude.partition(partition, numPartitions);
    } catch (DuetException e) {
      throw body.failedToParse(e);
    }
  }

  private static Pending terms(AggregationBody body) throws IOException {
    String field = null;
    int size = 10;
    int shardSize = -1;
    List<BucketOrder> order = List.of();
    long minDocCount = 1;
    Object missing = null;
    String includeRegex = null;
    String excludeRegex = null;
    List<String> includeValues = null;
    List<String> excludeValues = null;
    IncludeExclude partition = null;
    String valueType = null;
    while (body.next()) {
      switch (body.field()) {
        case "field" -> field = body.string();
        case "size" -> {
          size = body.sizeValue();
        }
        case "shard_size" -> shardSize = body.intValue();
        case "order" -> order = body.order();
        case "min_doc_count" -> minDocCount = body.longValue();
        case "shard_min_doc_count", "execution_hint", "collect_mode", "show_term_doc_count_error" ->
            body.skip();
        case "value_type" -> valueType = body.string();
        case "missing" -> missing = body.scalar();
        case "format" -> body.string();
        case "include" -> {
          if (body.parser().currentToken() == JsonToken.START_ARRAY) {
            includeValues = strings(body.parser());
          } else if (body.parser().currentToken() == JsonToken.START_OBJECT) {
            partition = partition(body);
          } else {
            includeRegex = body.string();
          }
        }
        case "exclude" -> {
          if (partition != null) {
            body.skip();
            throw body.failedToParse(
                "Cannot specify any excludes when using a partition-based include");
          }
          if (body.parser().currentToken() == JsonToken.START_ARRAY) {
            excludeValues = strings(body.parser());
          } else {
            excludeRegex = body.string();
          }
        }
        default -> throw body.unknownField();
      }
    }
    body.requireField(field);
    IncludeExclude filter =
        partition != null
            ? partition
            : includeRegex == null
                    && excludeRegex == null
                    && includeValues == null
                    && excludeValues == null
                ? null
                : new IncludeExclude(includeRegex, excludeRegex, includeValues, excludeValues);
    String f = field;
    int s = size;
    int ss = shardSize;
    List<BucketOrder> o = order;
    long mdc = minDocCount;
    Object m = missing;
    String name = body.aggName();
    String vt = valueType;
    return subs -> new Aggregation.Terms(name, f, s, ss, o, mdc, m, filter, vt, subs);
  }

  private static Pending multiTerms(AggregationBody body) throws IOException {
    List<String> fields = new ArrayList<>();
    List<Object> missing = new ArrayList<>();
    int size = 10;
    List<BucketOrder> order = List.of();
    long minDocCount = 1;
    while (body.next()) {
      switch (body.field()) {
        case "terms" -> {
          for (Map<String, Object> config : body.scalarObjects("field_config", FIELD_CONFIG)) {
            Object field = config.get("field");
            if (field != null) {
              fields.add(field.toString());
              missing.add(config.get("missing"));
            }
          }
          if (fields.size() < 2) {
            throw body.failedToParse(
                "multi term aggregation must has at least 2 terms. Found ["
                    + fields.size()
                    + "] in ["
                    + body.aggName()
                    + "] Use terms aggregation for single term aggregation");
          }
        }
        case "size" -> size = body.intValue();
        case "order" -> order = body.order();
        case "min_doc_count" -> minDocCount = body.longValue();
        case "shard_size", "shard_min_doc_count", "collect_mode", "show_term_doc_count_error" ->
            body.skip();
        default -> throw body.unknownField();
      }
    }
    int s = size;
    List<BucketOrder> o = order;
    long mdc = minDocCount;
    String name = body.aggName();
    return subs -> new Aggregation.MultiTerms(name, fields, missing, s, o, mdc, subs);
  }

  private static Pending filters(AggregationBody body) throws IOException {
    Map<String, Query> filters = new LinkedHashMap<>();
    boolean keyed = true;
    boolean other = false;
    String otherKey = "_other_";
    while (body.next()) {
      JsonParser p = body.parser();
      switch (body.field()) {
        case "filters" -> {
          if (p.currentToken() == JsonToken.START_ARRAY) {
            keyed = false;
            int i = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
              filters.put(Integer.toString(i++), QueryDecoder.parse(p));
            }
          } else {
            while (p.nextToken() == JsonToken.FIELD_NAME) {
              String key = p.currentName();
              p.nextToken();
              filters.put(key, QueryDecoder.parse(p));
            }
          }
        }
        case "other_bucket" -> other = body.bool();
        case "other_bucket_key" -> {
          otherKey = body.string();
          other = true;
        }
        default -> throw body.unknownField();
      }
    }
    boolean k = keyed;
    boolean o = other;
    String ok = otherKey;
    String name = body.aggName();
    return subs -> new Aggregation.Filters(name, filters, k, o, ok, subs);
  }

  private static Pending variableWidthHistogram(AggregationBody body) throws IOException {
    String field = null;
    int buckets = 10;
    while (body.next()) {
      switch (body.field()) {
        case "field" -> field = body.string();
        case "buckets" -> buckets = body.intValue();
        case "shard_size", "initial_buffer", "format", "value_type" -> body.skip();
        default -> throw body.unknownField();
      }
    }
    body.requireField(field);
    String name = body.aggName();
    String f = field;
    int b = buckets;
    return subs -> new Aggregation.VariableWidthHistogram(name, f, b, subs);
  }

  private static Pending significantText(AggregationBody body) throws IOException {
    String field = null;
    int size = 10;
    long minDocCount = 3;
    boolean filterDuplicateText = false;
    while (body.next()) {
      switch (body.field()) {
        case "field" -> field = body.string();
        case "size" -> size = body.sizeValue();
        case "min_doc_count" -> minDocCount = body.longValue();
        case "filter_duplicate_text" -> filterDuplicateText = body.bool();
        case "shard_size", "shard_min_doc_count", "source_fields", "jlh", "execution_hint" ->
            body.skip();
        default -> throw body.unknownField();
      }
    }
    body.requireField(field);
    String name = body.aggName();
    String f = field;
    int s = size;
    long m = minDocCount;
    boolean d = filterDuplicateText;
    return subs -> new Aggregation.SignificantText(name, f, s, m, d, subs);
  }

  private static Pending autoDateHistogram(AggregationBody body) throws IOException {
    String field = null;
    int buckets = 10;
    String minimumInterval = null;
    String timeZone = null;
    String format = null;
    Object missing = null;
    while (body.next()) {
      switch (body.field()) {
        case "field" -> field = body.string();
        case "buckets" -> {
          buckets = body.intValue();
          try {
            Aggregation.AutoDateHistogram.checkBuckets(buckets, body.aggName());
          } catch (dev.duet.engine.error.DuetException e) {
            throw body.failedToParse(e);
          }
        }
        case "minimum_interval" ->
            minimumInterval = body.checked(Aggregation.AutoDateHistogram::checkMinimumInterval);
        case "time_zone" -> timeZone = body.string();
        case "format" -> format = body.string();
        case "missing" -> missing = body.scalar();
        case "value_type" -> body.skip();
        default -> throw body.unknownField();
      }
    }
    body.requireField(field);
    String name = body.aggName();
    String f = field;
    int b = buckets;
    String mi = minimumInterval;
    String tz = timeZone;
    String fm = format;
    Object m = missing;
    return subs -> new Aggregation.AutoDateHistogram(name, f, b, mi, tz, fm, m, subs);
  }

  private static Pending adjacencyMatrix(AggregationBody body) throws IOException {
    Map<String, Query> filters = new LinkedHashMap<>();
    String separator = "&";
    boolean onlyIntersecting = false;
    while (body.next()) {
      JsonParser p = body.parser();
      switch (body.field()) {
        case "filters" -> {
          if (p.currentToken() != JsonToken.START_OBJECT) {
            throw body.failedToParse(
                "[filters] doesn't support arrays. Use a single object with multiple fields.");
          }
          while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            p.nextToken();
            filters.put(key, QueryDecoder.parse(p));
          }
        }
        case "separator" -> separator = body.string();
        case "show_only_intersecting" -> onlyIntersecting = body.bool();
        default -> throw body.unknownField();
      }
    }
    String name = body.aggName();
    String sep = separator;
    boolean only = onlyIntersecting;
    return subs -> new Aggregation.AdjacencyMatrix(name, filters, sep, only, subs);
  }

  static List<String> strings(JsonParser p) throws IOException {
    List<String> out = new ArrayList<>();
    while (p.nextToken() != JsonToken.END_ARRAY) {
      out.add(p.getText());
    }
    return out;
  }
}
