package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.error.DuetException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One named aggregation of a search, as both the JSON and the protobuf decoders produce it. Bucket
 * aggregations carry their sub-aggregations; pipeline aggregations name the aggregations they read
 * with OpenSearch's {@code buckets_path} syntax ({@code agg>sub.metric}, {@code _count}).
 * Field-level values ({@code missing}, range bounds, {@code after}) are {@link String}, {@link
 * Long}, {@link Double} or {@link Boolean} as the client sent them.
 */
public sealed interface Aggregation {
  /** The bucket count {@code size} of aggregation {@code name}, which must be at least one. */
  static int checkSize(int size, String name) {
    if (size <= 0) {
      throw DuetException.illegalArgument(
          "[size] must be greater than 0. Found [" + size + "] in [" + name + "]");
    }
    return size;
  }

  /** OpenSearch's check that a values-source aggregation names its field. */
  static String requireField(String field) {
    if (field == null) {
      throw DuetException.illegalArgument(
          "Required one of fields [field, script], but none were specified. ");
    }
    return field;
  }

  /** {@code extended_stats}' {@code sigma}, which OpenSearch takes from zero up. */
  static double checkSigma(double sigma, String name) {
    if (!(sigma >= 0)) {
      throw DuetException.illegalArgument(
          "[sigma] must be greater than or equal to 0. Found [" + sigma + "] in [" + name + "]");
    }
    return sigma;
  }

  /** {@code cardinality}'s {@code precision_threshold}, which OpenSearch takes from zero up. */
  static long checkPrecisionThreshold(long threshold, String name) {
    if (threshold < 0) {
      throw DuetException.illegalArgument(
          "[precisionThreshold] must be greater than or equal to 0. Found ["
              + threshold
              + "] in ["
              + name
              + "]");
    }
    return threshold;
  }

  /** An aggregation that names no aggregation type. */
  static DuetException missingDefinition(String name) {
    return DuetException.parsing("Missing definition for aggregation [" + name + "]");
  }

  String name();

  /** Aggregations computed inside each bucket of this one; empty for metrics and pipelines. */
  default List<Aggregation> subAggregations() {
    return List.of();
  }

  /** The aggregation under any {@link WithMeta}: what is computed. */
  static Aggregation bare(Aggregation aggregation) {
    return aggregation instanceof WithMeta m ? m.aggregation() : aggregation;
  }

  /** The {@code meta} a client attached to this aggregation; empty when none. */
  default Map<String, Object> meta() {
    return Map.of();
  }

  /**
   * An aggregation with the client's {@code meta} object, which the response echoes beside its
   * result; the engine computes {@link #bare} of it.
   */
  record WithMeta(Aggregation aggregation, Map<String, Object> meta) implements Aggregation {
    public WithMeta {
      requireNonNull(aggregation, "aggregation");
      if (aggregation instanceof WithMeta) {
        throw new IllegalArgumentException("meta is attached once");
      }
      meta = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(meta));
    }

    @Override
    public String name() {
      return aggregation.name();
    }

    @Override
    public List<Aggregation> subAggregations() {
      return aggregation.subAggregations();
    }
  }

  /**
   * {@code terms}: one bucket per distinct value; {@code shardSize} -1 means the default. {@code
   * valueType} (null: none) is the type an unmapped field's {@code missing} value is read as.
   */
  record Terms(
      String name,
      String field,
      int size,
      int shardSize,
      List<BucketOrder> order,
      long minDocCount,
      Object missing,
      IncludeExclude includeExclude,
      String valueType,
      List<Aggregation> subAggregations)
      implements Aggregation {
    /** A terms aggregation without a value type. */
    public Terms(
        String name,
        String field,
        int size,
        int shardSize,
        List<BucketOrder> order,
        long minDocCount,
        Object missing,
        IncludeExclude includeExclude,
        List<Aggregation> subAggregations) {
      this(
          name,
          field,
          size,
          shardSize,
          order,
          minDocCount,
          missing,
          includeExclude,
          null,
          subAggregations);
    }

    public Terms {
      requireField(field);
      checkSize(size, name);
      order = List.copyOf(order);
      subAggregations = List.copyOf(subAggregations);
    }
  }

  /**
   * {@code significant_terms}: the terms of a keyword field that are more frequent in the matching
   * documents than in the whole index (the background), scored by JLH, best first.
   */
  record SignificantTerms(
      String name, String field, int size, long minDocCount, List<Aggregation> subAggregations)
      implements Aggregation {
    public SignificantTerms {
      requireField(field);
      checkSize(size, name);
      subAggregations = List.copyOf(subAggregations);
    }
  }

  /**
   * {@code rare_terms}: the terms in at most {@code maxDocCount} documents, fewest first and then
   * by key (counted exactly, as on one shard).
   */
  record RareTerms(
      String name,
      String field,
      long maxDocCount,
      Object missing,
      IncludeExclude includeExclude,
      List<Aggregation> subAggregations)
      implements Aggregation {
    /** OpenSearch's bound on {@code max_doc_count}. */
    public static final long MAX_MAX_DOC_COUNT = 100;

    public RareTerms {
      requireField(field);
      checkMaxDocCount(maxDocCount, name);
      subAggregations = List.copyOf(subAggregations);
    }

    /** OpenSearch's check of {@code max_doc_count}, in its words. */
    public static void checkMaxDocCount(long maxDocCount, String name) {
      if (maxDocCount <= 0) {
        throw DuetException.illegalArgument(
            "[max_doc_count] must be greater than 0. Found ["
                + maxDocCount
                + "] in ["
                + name
                + "]");
      }
      if (maxDocCount > MAX_MAX_DOC_COUNT) {
        // sic: OpenSearch's message has no spaces around the bound
        throw DuetException.illegalArgument(
            "[max_doc_count] must be smallerthan " + MAX_MAX_DOC_COUNT + "in [" + name + "]");
      }
    }

    /** The terms aggregation counting the same buckets: every term, fewest documents first. */
    public Terms asTerms() {
      return new Terms(
          name,
          field,
          Integer.MAX_VALUE,
          -1,
          List.of(new BucketOrder("_count", true), BucketOrder.KEY_ASC),
          1,
          missing,
          includeExclude,
          subAggregations);
    }
  }

  /**
   * {@code multi_terms}: one bucket per distinct combination of the fields' values; {@code missing}
   * holds, per field, the value of a document without one (null: such documents form no bucket).
   */
  record MultiTerms(
      String name,
      List<String> fields,
      List<Object> missing,
      int size,
      List<BucketOrder> order,
      long minDocCount,
      List<Aggregation> subAggregations)
      implements Aggregation {
    /** A multi_terms without missing values. */
    public MultiTerms(
        String name,
        List<String> fields,
        int size,
        List<BucketOrder> order,
        long minDocCount,
        List<Aggregation> subAggregations) {
      this(
          name,
          fields,
          java.util.Collections.nCopies(fields.size(), null),
          size,
          order,
          minDocCount,
          subAggregations);
    }

    public MultiTerms {
      fields = List.copyOf(fields);
      if (missing.size() != fields.size()) {
        throw new IllegalArgumentException("one missing value per field");
      }
      missing = java.util.Collections.unmodifiableList(new ArrayList<>(missing));
      order = List.copyOf(order);
      subAggregations = List.copyOf(subAggregations);
    }
  }

  /** {@code range} and {@code date_range} ({@code date} true: bounds may be date strings). */
  record Range(
      String name,
      String field,
      boolean date,
      List<RangeBound> ranges,
      boolean keyed,
      String format,
      Object missing,
      List<Aggregation> subAggregations)
      implements Aggregation {
    public Range {
      ranges = List.copyOf(ranges);
      subAggregations = List.copyOf(subAggregations);
    }

    /** Ranges without a {@code missing} value: documents without one are in no range. */
    public Range(
        String name,
        String field,
        boolean date,
        List<RangeBound> ranges,
        boolean keyed,
        String format,
        List<Aggregation> subAggregations) {
      this(name, field, date, ranges, keyed, format, null, subAggregations);
    }
  }

  /**
   * {@code geo_distance}: range buckets of the distance from {@code origin} (a point in any of
   * OpenSearch's forms, as the client sent it) to a {@code geo_point} field's values, in {@code
   * unit} ({@code m} when null) by {@code distanceType} ({@code arc} or {@code plane}).
   */
  record GeoDistance(
      String name,
      String field,
      Object origin,
      String unit,
      String distanceType,
      List<RangeBound> ranges,
      boolean keyed,
      List<Aggregation> subAggregations)
      implements Aggregation {
    public GeoDistance {
      if (origin == null) {
        throw DuetException.illegalArgument(
            "Missing [origin] in geo_distance aggregator [" + name + "]");
      }
      ranges = List.copyOf(ranges);
      subAggregations = List.copyOf(subAggregations);
    }
  }

  /**
   * {@code ip_range}: fixed buckets of addresses, each {@code from} (inclusive) {@code to}
   * (exclusive) or a CIDR {@code mask}; the bounds are address literals, read by the engine.
   */
  record IpRange(
      String name,
      String field,
      List<IpRangeBound> ranges,
      boolean keyed,
      List<Aggregation> subAggregations)
      implements Aggregation {
    public IpRange {
      requireField(field);
      ranges = List.copyOf(ranges);
      subAggregations = List.copyOf(subAggregations);
    }
  }

  /**
   * {@code histogram} and {@code date_histogram}. For dates exactly one of {@code calendarInterval}
   * and {@code fixedInterval} is set; for numbers {@code interval}. Extended bounds are null when
   * absent.
   */
  record Histogram(
      String name,
      String field,
      boolean date,
      double interval,
      String calendarInterval,
      String fixedInterval,
      String timeZone,
      double offset,
      long minDocCount,
      Object extendedMin,
      Object extendedMax,
      List<BucketOrder> order,
      boolean keyed,
      String format,
      List<Aggregation> subAggregations)
      implements Aggregation {
    public Histogram {
      if (!date && !(interval > 0)) {
        throw DuetException.illegalArgument(
            "[interval] must be >0 for histogram aggregation [" + name + "]");
      }
      order = List.copyOf(order);
      subAggregations = List.copyOf(subAggregations);
    }
  }

  /**
   * {@code auto_date_histogram}: a date histogram whose interval is chosen so that at most {@code
   * buckets} buckets cover the values, from {@code minimumInterval} ({@code second}, null: the
   * finest) up.
   */
  record AutoDateHistogram(
      String name,
      String field,
      int buckets,
      String minimumInterval,
      String timeZone,
      String format,
      Object missing,
      List<Aggregation> subAggregations)
      implements Aggregation {
    /** The units it rounds to, finest first, as OpenSearch names them in minimum_interval. */
    public static final List<String> UNITS =
        List.of("second", "minute", "hour", "day", "month", "year");

    public AutoDateHistogram {
      requireField(field);
      checkBuckets(buckets, name);
      if (minimumInterval != null) {
        checkMinimumInterval(minimumInterval);
      }
      subAggregations = List.copyOf(subAggregations);
    }

    /** OpenSearch's check of {@code buckets}. */
    public static void checkBuckets(int buckets, String name) {
      if (buckets <= 0) {
        throw DuetException.illegalArgument("buckets must be greater than 0 for [" + name + "]");
      }
    }

    /** OpenSearch's check of {@code minimum_interval}. */
    public static void checkMinimumInterval(String interval) {
      if (!UNITS.contains(interval)) {
        throw DuetException.illegalArgument(
            "minimum_interval must be one of [[second, month, minute, day, hour, year]]");
      }
    }
  }

  /**
   * {@code significant_text}: the terms of a text field more frequent in the matching documents
   * than in the index, scored by JLH, best first ({@code filterDuplicateText} is accepted).
   */
  record SignificantText(
      String name,
      String field,
      int size,
      long minDocCount,
      boolean filterDuplicateText,
      List<Aggregation> subAggregations)
      implements Aggregation {
    public SignificantText {
      requireField(field);
      checkSize(size, name);
      subAggregations = List.copyOf(subAggregations);
    }
  }

  /**
   * {@code variable_width_histogram}: at most {@code buckets} clusters of nearby values, each keyed
   * by its centroid.
   */
  record VariableWidthHistogram(
      String name, String field, int buckets, List<Aggregation> subAggregations)
      implements Aggregation {
    public VariableWidthHistogram {
      requireField(field);
      if (buckets <= 0) {
        throw DuetException.illegalArgument("[buckets] must be greater than 0");
      }
      subAggregations = List.copyOf(subAggregations);
    }
  }

  /** {@code filter}: one bucket of the documents that match. */
  record Filter(String name, Query filter, List<Aggregation> subAggregations)
      implements Aggregation {
    public Filter {
      requireNonNull(filter, "filter");
      subAggregations = List.copyOf(subAggregations);
    }
  }

  /** {@code filters}: named (keyed) or anonymous buckets, and optionally an "other" bucket. */
  record Filters(
      String name,
      Map<String, Query> filters,
      boolean keyed,
      boolean otherBucket,
      String otherBucketKey,
      List<Aggregation> subAggregations)
      implements Aggregation {
    public Filters {
      if (filters.isEmpty()) {
        throw DuetException.illegalArgument("[filters] cannot be empty.");
      }
      filters = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(filters));
      subAggregations = List.copyOf(subAggregations);
    }
  }

  /**
   * {@code adjacency_matrix}: a bucket per filter (by key) and per pair of filters ({@code a&b},
   * joined by {@code separator}) of the documents matching both; the filters are taken in their
   * keys' order, and buckets without documents are left out.
   */
  record AdjacencyMatrix(
      String name,
      Map<String, Query> filters,
      String separator,
      boolean showOnlyIntersecting,
      List<Aggregation> subAggregations)
      implements Aggregation {
    public AdjacencyMatrix {
      if (filters.isEmpty()) {
        throw DuetException.illegalArgument("[" + name + "] is missing : filters parameter");
      }
      filters = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(filters));
      subAggregations = List.copyOf(subAggregations);
    }
  }

  /** {@code missing}: one bucket of the documents without a value for the field. */
  record Missing(String name, String field, Object missing, List<Aggregation> subAggregations)
      implements Aggregation {
    /** A missing aggregation without a {@code missing} value of its own. */
    public Missing(String name, String field, List<Aggregation> subAggregations) {
      this(name, field, null, subAggregations);
    }

    public Missing {
      subAggregations = List.copyOf(subAggregations);
    }
  }

  /** {@code global}: one bucket of every document of the index, whatever the query. */
  record Global(String name, List<Aggregation> subAggregations) implements Aggregation {
    public Global {
      subAggregations = List.copyOf(subAggregations);
    }
  }

  /**
   * {@code nested}: one bucket of the nested objects at {@code path} of the collected documents.
   */
  record Nested(String name, String path, List<Aggregation> subAggregations)
      implements Aggregation {
    public Nested {
      requireNonNull(path, "path");
      subAggregations = List.copyOf(subAggregations);
    }
  }

  /**
   * {@code reverse_nested}: inside a {@code nested} aggregation, one bucket of the documents that
   * hold the collected nested objects: the objects at {@code path}, or the root documents (null).
   */
  record ReverseNested(String name, String path, List<Aggregation> subAggregations)
      implements Aggregation {
    public ReverseNested {
      subAggregations = List.copyOf(subAggregations);
    }
  }

  /** {@code composite}: paged buckets over several sources, resumed {@code after} a key. */
  record Composite(
      String name,
      int size,
      List<CompositeSource> sources,
      Map<String, Object> after,
      List<Aggregation> subAggregations)
      implements Aggregation {
    public Composite {
      if (size <= 0) {
        // OpenSearch 3.8 fails these with a 500 (NegativeArraySizeException, a
        // NullPointerException for 0); terms' own rule and message are the client's answer.
        checkSize(size, name);
      }
      sources = List.copyOf(sources);
      java.util.Set<String> names = new java.util.HashSet<>();
      java.util.Set<String> duplicates = new java.util.LinkedHashSet<>();
      for (CompositeSource source : sources) {
        if (!names.add(source.name())) {
          duplicates.add(source.name());
        }
      }
      if (!duplicates.isEmpty()) {
        throw DuetException.illegalArgument(
            "Composite source names must be unique, found duplicates: " + duplicates);
      }
      subAggregations = List.copyOf(subAggregations);
    }
  }

  /** Single- and multi-value numeric metrics: min, max, avg, sum, value_count, stats... */
  record Metric(
      String name, MetricKind kind, String field, Object missing, String format, double sigma)
      implements Aggregation {
    public Metric {
      checkSigma(sigma, name);
    }
  }

  /** {@code cardinality}: distinct values, exact below {@code precisionThreshold}. */
  record Cardinality(String name, String field, long precisionThreshold, Object missing)
      implements Aggregation {
    public Cardinality {
      checkPrecisionThreshold(precisionThreshold, name);
    }
  }

  /**
   * {@code percentiles} ({@code ranks} false) and {@code percentile_ranks} (true), by t-digest of
   * {@code compression}, or by an HDR histogram of {@code hdrDigits} significant digits when that
   * is not null.
   */
  record Percentiles(
      String name,
      String field,
      boolean ranks,
      double[] points,
      boolean keyed,
      double compression,
      Object missing,
      Integer hdrDigits,
      String format)
      implements Aggregation {
    /** A t-digest percentiles without a format. */
    public Percentiles(
        String name,
        String field,
        boolean ranks,
        double[] points,
        boolean keyed,
        double compression,
        Object missing) {
      this(name, field, ranks, points, keyed, compression, missing, null, null);
    }

    /** OpenSearch's bounds of an HDR histogram's significant digits. */
    public static void checkHdrDigits(int digits) {
      if (digits < 0 || digits > 5) {
        throw DuetException.illegalArgument(
            "[numberOfSignificantValueDigits] must be between 0 and 5");
      }
    }

    /**
     * Above this a t-digest's arrays outgrow any heap (OpenSearch 3.8 has no bound: 1e10 runs it
     * out of memory).
     */
    public static final double MAX_COMPRESSION = 100_000;

    public Percentiles {
      if (!ranks) {
        for (double percent : points) {
          if (!(percent >= 0 && percent <= 100)) {
            throw DuetException.illegalArgument(
                "percent must be in [0,100], got [" + percent + "]: [" + name + "]");
          }
        }
      }
      if (compression < 0) {
        throw DuetException.illegalArgument(
            "[compression] must be greater than or equal to 0. Found [" + compression + "]");
      }
      if (hdrDigits != null) {
        checkHdrDigits(hdrDigits);
      }
      if (!(compression > 0 && compression <= MAX_COMPRESSION)) {
        throw DuetException.illegalArgument(
            "[compression] must be greater than 0 and at most ["
                + (long) MAX_COMPRESSION
                + "]. Found ["
                + compression
                + "] in ["
                + name
                + "]");
      }
    }
  }

  /**
   * {@code weighted_avg}: the sum of each value times its document's weight over the sum of the
   * weights; a document without a value (and no {@code valueMissing}) or a weight (and no {@code
   * weightMissing}) is passed over.
   */
  record WeightedAvg(
      String name,
      String valueField,
      Object valueMissing,
      String weightField,
      Object weightMissing,
      String format)
      implements Aggregation {
    public WeightedAvg {
      if (valueField == null) {
        throw DuetException.illegalArgument(
            "Could not find field name [value] in multiValuesSource");
      }
      if (weightField == null) {
        throw DuetException.illegalArgument(
            "Could not find field name [weight] in multiValuesSource");
      }
    }
  }

  /**
   * {@code median_absolute_deviation}: the median of the values' distances from their median, both
   * read from a t-digest of {@code compression}.
   */
  record MedianAbsoluteDeviation(
      String name, String field, double compression, Object missing, String format)
      implements Aggregation {
    public MedianAbsoluteDeviation {
      requireField(field);
      checkCompression(compression, name);
    }

    /** OpenSearch's check of a median_absolute_deviation's {@code compression}. */
    public static void checkCompression(double compression, String name) {
      if (!(compression > 0)) {
        throw DuetException.illegalArgument(
            "[compression] must be greater than 0. Found [" + compression + "] in [" + name + "]");
      }
      if (compression > Percentiles.MAX_COMPRESSION) {
        throw DuetException.illegalArgument(
            "[compression] must be greater than 0 and at most ["
                + (long) Percentiles.MAX_COMPRESSION
                + "]. Found ["
                + compression
                + "] in ["
                + name
                + "]");
      }
    }
  }

  /** {@code top_hits}: the best documents of each bucket. */
  record TopHits(
      String name,
      int from,
      int size,
      List<SortSpec> sort,
      SourceFilter source,
      boolean version,
      boolean seqNoPrimaryTerm)
      implements Aggregation {
    /** Top hits without their versions. */
    public TopHits(String name, int from, int size, List<SortSpec> sort, SourceFilter source) {
      this(name, from, size, sort, source, false, false);
    }

    public TopHits {
      if (size < 0) {
        throw DuetException.illegalArgument(
            "[size] must be greater than or equal to 0. Found [" + size + "] in [" + name + "]");
      }
      if (from < 0) {
        throw DuetException.illegalArgument(
            "[from] must be greater than or equal to 0. Found [" + from + "] in [" + name + "]");
      }
      sort = List.copyOf(sort);
    }
  }

  /** {@code bucket_sort}: sorts and pages its parent's buckets. */
  record BucketSort(String name, List<BucketOrder> sort, int from, Integer size)
      implements Aggregation {
    public BucketSort {
      sort = List.copyOf(sort);
    }
  }

  /** Sibling pipelines over a multi-bucket aggregation: avg/sum/max/min_bucket. */
  record BucketMetric(String name, BucketMetricKind kind, String bucketsPath, GapPolicy gapPolicy)
      implements Aggregation {}

  /** Parent pipelines computed per histogram bucket: derivative and cumulative_sum. */
  record Parent(String name, ParentKind kind, String bucketsPath, GapPolicy gapPolicy)
      implements Aggregation {}

  /**
   * {@code moving_fn}: per histogram bucket, {@code script} over the {@code window} values of
   * {@code bucketsPath} before it (moved {@code shift} buckets forward), gaps skipped; the script
   * is one of OpenSearch's {@code MovingFunctions} calls on {@code values}.
   */
  record MovingFunction(
      String name, String bucketsPath, int window, int shift, String script, GapPolicy gapPolicy)
      implements Aggregation {
    public MovingFunction {
      if (window <= 0) {
        throw DuetException.illegalArgument("[window] must be a positive, non-zero integer.");
      }
    }
  }

  enum MetricKind {
    MIN,
    MAX,
    AVG,
    SUM,
    VALUE_COUNT,
    STATS,
    EXTENDED_STATS
  }

  enum BucketMetricKind {
    AVG,
    SUM,
    MAX,
    MIN
  }

  enum ParentKind {
    DERIVATIVE,
    CUMULATIVE_SUM
  }

  enum GapPolicy {
    SKIP,
    INSERT_ZEROS
  }

  /** One ordering key: {@code _count}, {@code _key}, or a path into a sub-aggregation. */
  record BucketOrder(String path, boolean ascending) {
    public static final BucketOrder COUNT_DESC = new BucketOrder("_count", false);
    public static final BucketOrder KEY_ASC = new BucketOrder("_key", true);
  }

  /**
   * {@code include}/{@code exclude} of terms: a regular expression or a list of exact values. A
   * regex is checked where the index's {@code index.max_regex_length} is known, before it is parsed
   * ({@code RegexLimits}).
   */
  record IncludeExclude(
      String includeRegex,
      String excludeRegex,
      List<String> includeValues,
      List<String> excludeValues,
      int partition,
      int numPartitions) {
    public IncludeExclude {
      if (numPartitions > 0 && (partition < 0 || partition >= numPartitions)) {
        throw DuetException.illegalArgument(
            "Partition must be >=0 and < numPartition which is " + numPartitions);
      }
    }

    /** A filter of regular expressions or value lists, without partitions. */
    public IncludeExclude(
        String includeRegex,
        String excludeRegex,
        List<String> includeValues,
        List<String> excludeValues) {
      this(includeRegex, excludeRegex, includeValues, excludeValues, 0, 0);
    }

    /**
     * {@code include: {partition, num_partitions}}: the terms whose hash falls in one of {@code
     * numPartitions} partitions.
     */
    public static IncludeExclude partition(int partition, int numPartitions) {
      if (numPartitions <= 0) {
        // 0 would mean "not partitioned" to the record: refuse it as OpenSearch does
        throw DuetException.illegalArgument(
            "Partition must be >=0 and < numPartition which is " + numPartitions);
      }
      return new IncludeExclude(null, null, null, null, partition, numPartitions);
    }

    /** Whether terms are kept by partition. */
    public boolean partitioned() {
      return numPartitions > 0;
    }
  }

  /** One range; {@code from} inclusive, {@code to} exclusive, null when open. */
  record RangeBound(String key, Object from, Object to) {}

  /**
   * One range of {@code ip_range}: addresses {@code from} (inclusive) {@code to} (exclusive), null
   * when open, or a CIDR block {@code mask} (then from and to are null).
   */
  record IpRangeBound(String key, String from, String to, String mask) {}

  /**
   * One source of a composite: {@code terms}, {@code histogram} ({@code interval}) or {@code
   * date_histogram} ({@code calendarInterval}/{@code fixedInterval}); with {@code missingBucket},
   * documents without a value form a null bucket placed by {@code missingOrder}.
   */
  record CompositeSource(
      String name,
      String type,
      String field,
      boolean ascending,
      double interval,
      String calendarInterval,
      String fixedInterval,
      boolean missingBucket,
      MissingOrder missingOrder,
      String format,
      String timeZone,
      long offset) {
    public CompositeSource {
      missingOrder = missingOrder == null ? MissingOrder.DEFAULT : missingOrder;
    }

    /**
     * A source without a {@code format}, {@code time_zone} or {@code offset} of its own (a date
     * histogram's keys in epoch millis, UTC).
     */
    public CompositeSource(
        String name,
        String type,
        String field,
        boolean ascending,
        double interval,
        String calendarInterval,
        String fixedInterval,
        boolean missingBucket,
        MissingOrder missingOrder) {
      this(
          name,
          type,
          field,
          ascending,
          interval,
          calendarInterval,
          fixedInterval,
          missingBucket,
          missingOrder,
          null,
          null,
          0);
    }

    /** A source whose null bucket, if any, takes the default place. */
    public CompositeSource(
        String name,
        String type,
        String field,
        boolean ascending,
        double interval,
        String calendarInterval,
        String fixedInterval,
        boolean missingBucket) {
      this(
          name,
          type,
          field,
          ascending,
          interval,
          calendarInterval,
          fixedInterval,
          missingBucket,
          MissingOrder.DEFAULT);
    }

    /** Whether the null bucket comes before every value in this source's order. */
    public boolean missingFirst() {
      return missingOrder == MissingOrder.FIRST
          || missingOrder == MissingOrder.DEFAULT && ascending;
    }
  }

  /**
   * Where a composite source's null bucket goes: {@code first} or {@code last} whatever the order,
   * or by {@code default} first when ascending and last when descending.
   */
  enum MissingOrder {
    DEFAULT,
    FIRST,
    LAST
  }
}
