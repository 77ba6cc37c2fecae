package dev.duet.engine.search;

import java.util.List;
import java.util.Map;

/**
 * The computed value of one named aggregation, shaped as OpenSearch reports it so that both
 * encoders only write what they are given. Numbers that OpenSearch renders as null (the min of
 * nothing) are {@link Double#NaN}.
 */
public sealed interface AggregationResult {
  String name();

  /**
   * One value: min, max, avg, sum, value_count and cardinality ({@code value} is a {@link Long} for
   * counts, else a {@link Double}), and the single-value pipelines. {@code keys} is set for
   * max_bucket and min_bucket.
   */
  record SingleValue(String name, Number value, String valueAsString, List<String> keys)
      implements AggregationResult {}

  /**
   * {@code stats}, and {@code extended_stats} when {@code extended} (sigma for the bounds). {@code
   * asStrings} holds min, max, avg and sum formatted (dates, explicit formats), or is null.
   */
  record Stats(
      String name,
      long count,
      double min,
      double max,
      double sum,
      double sumOfSquares,
      boolean extended,
      double sigma,
      List<String> asStrings)
      implements AggregationResult {
    public double avg() {
      return count == 0 ? Double.NaN : sum / count;
    }

    /** OpenSearch's population variance, clamped at 0 against rounding. */
    public double variancePopulation() {
      return count == 0 ? Double.NaN : Math.max(0, (sumOfSquares - sum * sum / count) / count);
    }

    public double varianceSampling() {
      return count == 0
          ? Double.NaN
          : Math.max(0, (sumOfSquares - sum * sum / count) / (count - 1));
    }

    /** A value by the name OpenSearch gives it in a {@code buckets_path}; NaN when unknown. */
    public double value(String key) {
      return switch (key) {
        case "count" -> count;
        case "min" -> count == 0 ? Double.NaN : min;
        case "max" -> count == 0 ? Double.NaN : max;
        case "sum" -> sum;
        case "avg" -> avg();
        case "sum_of_squares" -> sumOfSquares;
        case "variance", "variance_population" -> variancePopulation();
        case "variance_sampling" -> varianceSampling();
        case "std_deviation", "std_deviation_population" -> Math.sqrt(variancePopulation());
        case "std_deviation_sampling" -> Math.sqrt(varianceSampling());
        default -> Double.NaN;
      };
    }
  }

  /**
   * {@code percentiles} / {@code percentile_ranks}: point → value, in request order; {@code
   * valuesAsString} (null: none) the values formatted (dates, an explicit format).
   */
  record Percentiles(
      String name, double[] points, double[] values, boolean keyed, List<String> valuesAsString)
      implements AggregationResult {
    /** Percentiles without string forms. */
    public Percentiles(String name, double[] points, double[] values, boolean keyed) {
      this(name, points, values, keyed, null);
    }
  }

  /** filter, missing, global: one bucket. */
  record SingleBucket(String name, long docCount, List<AggregationResult> subAggregations)
      implements AggregationResult {}

  /**
   * Every multi-bucket aggregation. {@code docCountErrorUpperBound} and {@code sumOtherDocCount}
   * are set for terms-like kinds only; {@code afterKey} for composite only; {@code interval} (like
   * {@code 7d}) for auto_date_histogram only.
   */
  record Buckets(
      String name,
      Kind kind,
      List<Bucket> buckets,
      boolean keyed,
      Long docCountErrorUpperBound,
      Long sumOtherDocCount,
      Map<String, Object> afterKey,
      String interval)
      implements AggregationResult {
    /** Buckets without the interval that only auto_date_histogram reports. */
    public Buckets(
        String name,
        Kind kind,
        List<Bucket> buckets,
        boolean keyed,
        Long docCountErrorUpperBound,
        Long sumOtherDocCount,
        Map<String, Object> afterKey) {
      this(name, kind, buckets, keyed, docCountErrorUpperBound, sumOtherDocCount, afterKey, null);
    }

    /** The same aggregation with other buckets. */
    public Buckets withBuckets(List<Bucket> other) {
      return new Buckets(
          name, kind, other, keyed, docCountErrorUpperBound, sumOtherDocCount, afterKey, interval);
    }
  }

  /**
   * {@code significant_terms}: {@code docCount} documents matched (the foreground), {@code bgCount}
   * documents in the searched indices (the background), buckets best score first.
   */
  record SignificantTerms(String name, long docCount, long bgCount, List<SignificantBucket> buckets)
      implements AggregationResult {}

  /**
   * One significant term: its count in the foreground and background, and its score; {@code
   * keyAsString} (null: none) is a date key's formatted form or a boolean key's {@code Boolean}.
   */
  record SignificantBucket(
      Object key,
      Object keyAsString,
      long docCount,
      double score,
      long bgCount,
      List<AggregationResult> subAggregations) {
    /** A bucket whose key has no string form. */
    public SignificantBucket(
        Object key,
        long docCount,
        double score,
        long bgCount,
        List<AggregationResult> subAggregations) {
      this(key, null, docCount, score, bgCount, subAggregations);
    }
  }

  /** {@code top_hits}: total of the bucket, then the hits. */
  record TopHits(String name, long total, float maxScore, List<SearchHit> hits)
      implements AggregationResult {}

  /**
   * One bucket. {@code key} is a {@link String}, {@link Long}, {@link Double}, a {@link List}
   * (multi_terms) or a {@link Map} (composite); {@code keyAsString} is null when OpenSearch writes
   * none. Range bounds are NaN when open.
   */
  record Bucket(
      Object key,
      String keyAsString,
      long docCount,
      double from,
      String fromAsString,
      double to,
      String toAsString,
      List<AggregationResult> subAggregations) {
    public Bucket(Object key, String keyAsString, long docCount, List<AggregationResult> subs) {
      this(key, keyAsString, docCount, Double.NaN, null, Double.NaN, null, subs);
    }

    public Bucket withSubAggregations(List<AggregationResult> subs) {
      return new Bucket(key, keyAsString, docCount, from, fromAsString, to, toAsString, subs);
    }
  }

  /** How a multi-bucket result is written: which keys, in which order. */
  enum Kind {
    STRING_TERMS,
    /** terms over a field no searched index maps: written as string terms, typed apart in gRPC. */
    UNMAPPED_TERMS,
    LONG_TERMS,
    /** terms over {@code unsigned_long}: keys are Longs, or BigIntegers past Long.MAX_VALUE. */
    UNSIGNED_LONG_TERMS,
    /** rare_terms of keywords: written as string terms without their error counts. */
    STRING_RARE_TERMS,
    /** rare_terms of numbers and dates. */
    LONG_RARE_TERMS,
    DOUBLE_TERMS,
    MULTI_TERMS,
    HISTOGRAM,
    DATE_HISTOGRAM,
    /**
     * variable_width_histogram: a centroid key, its bounds as min ({@code from}) and max ({@code
     * to}).
     */
    VARIABLE_WIDTH_HISTOGRAM,
    /** auto_date_histogram: date histogram buckets, and the interval chosen. */
    AUTO_DATE_HISTOGRAM,
    RANGE,
    DATE_RANGE,
    GEO_DISTANCE,
    /** ip_range: bounds written as addresses ({@code fromAsString}, {@code toAsString}). */
    IP_RANGE,
    FILTERS,
    /** adjacency_matrix: string keys, written without key_as_string. */
    ADJACENCY_MATRIX,
    COMPOSITE
  }
}
