package dev.duet.server.rest.codec;

import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code typed_keys}: the type OpenSearch writes before an aggregation's name ({@code
 * sterms#name}), the name of the result's class in OpenSearch rather than of the request's
 * aggregation ({@code percentiles} is {@code tdigest_percentiles}, {@code avg_bucket} is {@code
 * simple_value}, a {@code terms} over a long is {@code lterms}). The result says what it can (the
 * bucket kind, stats or extended stats); the requested aggregation of the same name says the rest
 * (which metric, which single-bucket aggregation). Scroll pages have no request at hand: there the
 * result alone decides, and a single value or single bucket falls back to the closest guess.
 */
final class TypedKeys {
  /** Requested aggregations of one level by name; empty when the request is not known. */
  private final Map<String, Aggregation> requested;

  private TypedKeys(Map<String, Aggregation> requested) {
    this.requested = requested;
  }

  /** The aggregations of one level of the request; null when not known. */
  static TypedKeys of(List<Aggregation> requested) {
    Map<String, Aggregation> byName = new HashMap<>();
    if (requested != null) {
      for (Aggregation a : requested) {
        byName.put(a.name(), a);
      }
    }
    return new TypedKeys(byName);
  }

  /** The level below {@code result}: its requested sub-aggregations. */
  TypedKeys sub(AggregationResult result) {
    Aggregation a = requested.get(result.name());
    return of(a == null ? null : a.subAggregations());
  }

  /** The {@code meta} of the requested aggregation of {@code result}'s name; empty when none. */
  Map<String, Object> meta(AggregationResult result) {
    Aggregation a = requested.get(result.name());
    return a == null ? Map.of() : a.meta();
  }

  /** {@code type#name}. */
  String key(AggregationResult result) {
    return type(result, requested.get(result.name())) + "#" + result.name();
  }

  static String type(AggregationResult result, Aggregation requested) {
    Aggregation request = requested == null ? null : Aggregation.bare(requested);
    return switch (result) {
      case AggregationResult.Stats s -> s.extended() ? "extended_stats" : "stats";
      case AggregationResult.TopHits t -> "top_hits";
      case AggregationResult.Percentiles p -> {
        boolean hdr = request instanceof Aggregation.Percentiles q && q.hdrDigits() != null;
        boolean ranks = request instanceof Aggregation.Percentiles q && q.ranks();
        yield (hdr ? "hdr_" : "tdigest_") + (ranks ? "percentile_ranks" : "percentiles");
      }
      case AggregationResult.Buckets b ->
          switch (b.kind()) {
            // OpenSearch reduces an unmapped terms to string terms: sterms, not umterms.
            case STRING_TERMS, UNMAPPED_TERMS -> "sterms";
            case LONG_TERMS -> "lterms";
            case UNSIGNED_LONG_TERMS -> "ulterms";
            case STRING_RARE_TERMS -> "srareterms";
            case LONG_RARE_TERMS -> "lrareterms";
            case DOUBLE_TERMS -> "dterms";
            case MULTI_TERMS -> "multi_terms";
            case HISTOGRAM -> "histogram";
            case DATE_HISTOGRAM -> "date_histogram";
            case AUTO_DATE_HISTOGRAM -> "auto_date_histogram";
            case VARIABLE_WIDTH_HISTOGRAM -> "variable_width_histogram";
            case RANGE -> "range";
            case DATE_RANGE -> "date_range";
            case GEO_DISTANCE -> "geo_distance";
            case IP_RANGE -> "ip_range";
            case FILTERS -> "filters";
            case ADJACENCY_MATRIX -> "adjacency_matrix";
            case COMPOSITE -> "composite";
          };
      case AggregationResult.SignificantTerms s ->
          // The result has no value kind: a long field is told by its keys, so an empty result
          // over a long field is written sigsterms where OpenSearch writes siglterms.
          !s.buckets().isEmpty() && s.buckets().getFirst().key() instanceof Long
              ? "siglterms"
              : "sigsterms";
      case AggregationResult.SingleBucket b ->
          switch (request) {
            case Aggregation.Missing m -> "missing";
            case Aggregation.Global gl -> "global";
            case Aggregation.Nested n -> "nested";
            case Aggregation.ReverseNested n -> "reverse_nested";
            case null, default -> "filter";
          };
      case AggregationResult.SingleValue v -> singleValue(v, request);
    };
  }

  private static String singleValue(AggregationResult.SingleValue v, Aggregation request) {
    return switch (request) {
      case Aggregation.Metric m ->
          switch (m.kind()) {
            case MIN -> "min";
            case MAX -> "max";
            case AVG -> "avg";
            case SUM -> "sum";
            case VALUE_COUNT -> "value_count";
            case STATS -> "stats";
            case EXTENDED_STATS -> "extended_stats";
          };
      case Aggregation.Cardinality c -> "cardinality";
      case Aggregation.WeightedAvg w -> "weighted_avg";
      case Aggregation.MedianAbsoluteDeviation m -> "median_absolute_deviation";
      case Aggregation.BucketMetric b ->
          switch (b.kind()) {
            case MAX, MIN -> "bucket_metric_value";
            case AVG, SUM -> "simple_value";
          };
      case Aggregation.MovingFunction m -> "simple_value";
      case Aggregation.Parent p ->
          switch (p.kind()) {
            case DERIVATIVE -> "derivative";
            case CUMULATIVE_SUM -> "simple_value";
          };
      case null, default -> v.keys() != null ? "bucket_metric_value" : "simple_value";
    };
  }
}
