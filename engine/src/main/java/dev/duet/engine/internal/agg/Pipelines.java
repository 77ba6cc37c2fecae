package dev.duet.engine.internal.agg;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.AggregationResult.Bucket;
import dev.duet.engine.search.AggregationResult.Buckets;
import java.util.ArrayList;
import java.util.List;

/**
 * Pipeline aggregations, computed over built results: parent pipelines (derivative, cumulative_sum,
 * bucket_sort) rewrite their parent's buckets; sibling pipelines (avg/sum/max/ min_bucket) read a
 * multi-bucket aggregation beside them. Gaps follow OpenSearch's {@code skip}: an empty bucket or a
 * missing value has no value.
 */
final class Pipelines {
  private Pipelines() {}

  /** Applies the pipelines among {@code specs} to {@code results} (same level), innermost first. */
  static List<AggregationResult> apply(List<Aggregation> specs, List<AggregationResult> results) {
    List<AggregationResult> out = new ArrayList<>(results.size() + 2);
    for (AggregationResult result : results) {
      out.add(applyInside(find(specs, result.name()), result));
    }
    for (Aggregation spec : specs) {
      if (Aggregation.bare(spec) instanceof Aggregation.BucketMetric m) {
        out.add(bucketMetric(m, out));
      }
    }
    return out;
  }

  private static AggregationResult applyInside(Aggregation spec, AggregationResult result) {
    if (spec == null || spec.subAggregations().isEmpty()) {
      return result;
    }
    List<Aggregation> subs = spec.subAggregations();
    switch (result) {
      case AggregationResult.SingleBucket single -> {
        return new AggregationResult.SingleBucket(
            single.name(), single.docCount(), apply(subs, single.subAggregations()));
      }
      case Buckets buckets -> {
        List<Bucket> rewritten = new ArrayList<>(buckets.buckets().size());
        for (Bucket b : buckets.buckets()) {
          rewritten.add(b.withSubAggregations(apply(subs, b.subAggregations())));
        }
        for (Aggregation sub : subs) {
          if (Aggregation.bare(sub) instanceof Aggregation.Parent p) {
            rewritten = parent(p, rewritten);
          } else if (Aggregation.bare(sub) instanceof Aggregation.MovingFunction m) {
            rewritten = movingFunction(m, rewritten);
          } else if (Aggregation.bare(sub) instanceof Aggregation.BucketSort s) {
            rewritten = bucketSort(s, rewritten);
          }
        }
        return buckets.withBuckets(rewritten);
      }
      default -> {
        return result;
      }
    }
  }

  private static List<Bucket> parent(Aggregation.Parent p, List<Bucket> buckets) {
    List<Bucket> out = new ArrayList<>(buckets.size());
    Double last = null;
    double sum = 0;
    for (Bucket b : buckets) {
      double value = bucketValue(b, p.bucketsPath(), p.gapPolicy());
      List<AggregationResult> subs = new ArrayList<>(b.subAggregations());
      if (p.kind() == Aggregation.ParentKind.CUMULATIVE_SUM) {
        if (!Double.isNaN(value)) {
          sum += value;
        }
        subs.add(new AggregationResult.SingleValue(p.name(), sum, null, null));
      } else {
        if (last != null) {
          subs.add(new AggregationResult.SingleValue(p.name(), value - last, null, null));
        }
        last = value;
      }
      out.add(b.withSubAggregations(subs));
    }
    return out;
  }

  /**
   * {@code moving_fn} as OpenSearch computes it: the values of the buckets that have one, and for
   * each such bucket the function of the window of them ending {@code shift} after it.
   */
  private static List<Bucket> movingFunction(Aggregation.MovingFunction m, List<Bucket> buckets) {
    MovingFunctions.Call call = MovingFunctions.parse(m.script());
    List<Double> values = new ArrayList<>();
    for (Bucket b : buckets) {
      double value = bucketValue(b, m.bucketsPath(), m.gapPolicy());
      if (!Double.isNaN(value)) {
        values.add(value);
      }
    }
    List<Bucket> out = new ArrayList<>(buckets.size());
    int index = 0;
    for (Bucket b : buckets) {
      if (Double.isNaN(bucketValue(b, m.bucketsPath(), m.gapPolicy()))) {
        out.add(b);
        continue;
      }
      int from = Math.clamp((long) index - m.window() + m.shift(), 0, values.size());
      int to = Math.clamp((long) index + m.shift(), 0, values.size());
      double[] window = new double[Math.max(0, to - from)];
      for (int i = 0; i < window.length; i++) {
        window[i] = values.get(from + i);
      }
      List<AggregationResult> subs = new ArrayList<>(b.subAggregations());
      subs.add(new AggregationResult.SingleValue(m.name(), call.apply(window), null, null));
      out.add(b.withSubAggregations(subs));
      index++;
    }
    return out;
  }

  private static List<Bucket> bucketSort(Aggregation.BucketSort s, List<Bucket> buckets) {
    List<Bucket> sorted = new ArrayList<>(buckets);
    if (!s.sort().isEmpty()) {
      sorted.sort(BucketOrdering.comparator(s.sort()));
    }
    int from = Math.min(s.from(), sorted.size());
    int to = s.size() == null ? sorted.size() : Math.min(sorted.size(), from + s.size());
    return List.copyOf(sorted.subList(from, to));
  }

  private static AggregationResult bucketMetric(
      Aggregation.BucketMetric m, List<AggregationResult> siblings) {
    String path = m.bucketsPath();
    int split = headEnd(path);
    String head = path.substring(0, split);
    String rest = split == path.length() ? "_count" : path.substring(split + 1);
    AggregationResult target = null;
    for (AggregationResult r : siblings) {
      if (r.name().equals(head)) {
        target = r;
      }
    }
    if (!(target instanceof Buckets buckets)) {
      throw noAggregationFound(path);
    }
    double sum = 0;
    long count = 0;
    double best =
        m.kind() == Aggregation.BucketMetricKind.MIN
            ? Double.POSITIVE_INFINITY
            : Double.NEGATIVE_INFINITY;
    List<String> keys = new ArrayList<>();
    for (Bucket b : buckets.buckets()) {
      double value = bucketValue(b, rest, m.gapPolicy());
      if (Double.isNaN(value)) {
        continue;
      }
      sum += value;
      count++;
      boolean better = m.kind() == Aggregation.BucketMetricKind.MIN ? value < best : value > best;
      if (better) {
        best = value;
        keys.clear();
      }
      if (value == best) {
        keys.add(keyAsString(b));
      }
    }
    return switch (m.kind()) {
      case AVG ->
          new AggregationResult.SingleValue(
              m.name(), count == 0 ? Double.NaN : sum / count, null, null);
      case SUM -> new AggregationResult.SingleValue(m.name(), sum, null, null);
      case MAX, MIN -> new AggregationResult.SingleValue(m.name(), best, null, List.copyOf(keys));
    };
  }

  /**
   * Where the first element of a {@code buckets_path} ends: at its first {@code >} or {@code .}.
   */
  private static int headEnd(String path) {
    for (int i = 0; i < path.length(); i++) {
      if (path.charAt(i) == '>' || path.charAt(i) == '.') {
        return i;
      }
    }
    return path.length();
  }

  static DuetException noAggregationFound(String path) {
    return new DuetException(
        400,
        "action_request_validation_exception",
        "Validation Failed: 1: No aggregation found for path [" + path + "];");
  }

  /**
   * Checks, before any document is collected, that each sibling pipeline names a sibling
   * aggregation, as OpenSearch validates the request.
   */
  static void validate(List<Aggregation> specs) {
    for (Aggregation spec : specs) {
      if (Aggregation.bare(spec) instanceof Aggregation.BucketSort) {
        throw new DuetException(
            400,
            "action_request_validation_exception",
            "Validation Failed: 1: bucket_sort aggregation ["
                + spec.name()
                + "] must be declared inside of another aggregation;");
      }
    }
    validateLevel(specs);
  }

  private static void validateLevel(List<Aggregation> specs) {
    for (Aggregation spec : specs) {
      if (Aggregation.bare(spec) instanceof Aggregation.MovingFunction m) {
        MovingFunctions.parse(m.script());
      }
      if (Aggregation.bare(spec) instanceof Aggregation.BucketMetric m) {
        String head = m.bucketsPath().substring(0, headEnd(m.bucketsPath()));
        if (find(specs, head) == null) {
          throw noAggregationFound(m.bucketsPath());
        }
      }
      validateLevel(spec.subAggregations());
    }
  }

  private static String keyAsString(Bucket b) {
    return b.keyAsString() != null ? b.keyAsString() : String.valueOf(b.key());
  }

  /** A bucket's value at {@code path} with the gap policy: NaN for a gap under skip. */
  private static double bucketValue(Bucket b, String path, Aggregation.GapPolicy gaps) {
    double value =
        b.docCount() == 0 ? Double.NaN : resolve(b.subAggregations(), path, b.docCount(), true);
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return gaps == Aggregation.GapPolicy.INSERT_ZEROS ? 0 : Double.NaN;
    }
    return value;
  }

  /**
   * The value at a {@code buckets_path} inside one bucket: {@code _count}, {@code agg}, {@code
   * agg.metric} (stats, percentiles), or {@code single_bucket_agg>...}.
   */
  static double resolve(List<AggregationResult> subs, String path, long docCount) {
    return resolve(subs, path, docCount, false);
  }

  /**
   * As {@link #resolve(List, String, long)}; for a sibling pipeline ({@code pipeline}) a path that
   * ends on, or passes through, a multi-bucket or multi-value aggregation fails as OpenSearch's
   * {@code BucketHelpers} fails it.
   */
  static double resolve(
      List<AggregationResult> subs, String path, long docCount, boolean pipeline) {
    if (path.equals("_count")) {
      return docCount;
    }
    int gt = path.indexOf('>');
    String head = gt < 0 ? path : path.substring(0, gt);
    String metric = null;
    int bracket = head.indexOf('[');
    if (bracket > 0 && head.endsWith("]")) {
      metric = head.substring(bracket + 1, head.length() - 1);
      head = head.substring(0, bracket);
    } else if (gt < 0 && head.indexOf('.') > 0) {
      int dot = head.indexOf('.');
      metric = head.substring(dot + 1);
      head = head.substring(0, dot);
    }
    AggregationResult found = find(subs, head);
    if (found == null) {
      // OpenSearch answers 500 here; Duet keeps its words and type, as a client error.
      String why =
          "The provided aggregation ["
              + head
              + "] either does not exist, or is a pipeline aggregation and cannot be used to sort"
              + " the buckets.";
      throw new DuetException(
          400,
          "aggregation_execution_exception",
          "Invalid aggregation order path [" + path + "]. " + why,
          java.util.Map.of(),
          DuetException.illegalArgument(why));
    }
    if (pipeline) {
      checkPipelineTarget(found, head, metric, gt >= 0);
    }
    return switch (found) {
      case AggregationResult.SingleBucket single ->
          gt < 0
              ? single.docCount()
              : resolve(
                  single.subAggregations(), path.substring(gt + 1), single.docCount(), pipeline);
      case AggregationResult.SingleValue v ->
          v.value() == null ? Double.NaN : v.value().doubleValue();
      case AggregationResult.Stats s -> s.value(metric == null ? "value" : metric);
      case AggregationResult.Percentiles p -> percentile(p, metric);
      default ->
          throw DuetException.illegalArgument("Invalid aggregation order path [" + path + "]");
    };
  }

  private static void checkPipelineTarget(
      AggregationResult found, String head, String metric, boolean through) {
    String got =
        switch (found) {
          case Buckets b -> through ? "Object[]" : typeName(b.kind());
          case AggregationResult.Stats s -> metric == null ? "" : null;
          case AggregationResult.Percentiles p -> metric == null ? "" : null;
          default -> null;
        };
    if (got == null) {
      return;
    }
    String reason =
        "buckets_path must reference either a number value or a single value numeric metric"
            + " aggregation, "
            + (got.isEmpty()
                ? "but [" + head + "] contains multiple values. Please specify which to use."
                : "got: [" + got + "] at aggregation [" + head + "]");
    // OpenSearch answers 500 here; Duet keeps its words and type, as a client error.
    throw new DuetException(400, "aggregation_execution_exception", reason);
  }

  /** The class name OpenSearch's message gives a multi-bucket result. */
  private static String typeName(AggregationResult.Kind kind) {
    return switch (kind) {
      case LONG_TERMS -> "LongTerms";
      case STRING_TERMS -> "StringTerms";
      case DOUBLE_TERMS -> "DoubleTerms";
      case UNMAPPED_TERMS -> "UnmappedTerms";
      default -> "Object[]";
    };
  }

  private static double percentile(AggregationResult.Percentiles p, String metric) {
    double point = metric == null ? Double.NaN : Double.parseDouble(metric);
    for (int i = 0; i < p.points().length; i++) {
      if (p.points()[i] == point) {
        return p.values()[i];
      }
    }
    return Double.NaN;
  }

  private static <T> T find(List<T> items, String name) {
    for (T item : items) {
      String n = item instanceof Aggregation a ? a.name() : ((AggregationResult) item).name();
      if (n.equals(name)) {
        return item;
      }
    }
    return null;
  }
}
