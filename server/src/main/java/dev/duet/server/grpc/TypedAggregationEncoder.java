package dev.duet.server.grpc;

import dev.duet.api.common.AggregateBucket;
import dev.duet.api.common.AggregateResult;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.AggregationResult.Bucket;
import dev.duet.engine.search.AggregationResult.Buckets;
import dev.duet.engine.search.AggregationResult.Kind;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Aggregation results as typed {@code AggregateResult} messages, built from the engine's results
 * field by field with what REST's {@code AggregationsEncoder} writes for them (null, NaN and
 * infinite values left out, as REST's null is). It covers the common results: single values, {@code
 * stats}, single-bucket results and unkeyed terms and histogram buckets; {@link #encodes} tells,
 * and the rest (and {@code typed_keys} names, and {@code meta}) is REST's encoder's, read as tokens
 * ({@link TypedSearchEncoder}).
 */
final class TypedAggregationEncoder {
  private TypedAggregationEncoder() {}

  /** Whether every result, sub-aggregations included, is one this class encodes. */
  static boolean encodes(List<AggregationResult> results, List<Aggregation> requested) {
    return !hasMeta(requested) && all(results);
  }

  /** Puts each result by its name with {@code put} (a builder's {@code putAggregations}). */
  static void encode(List<AggregationResult> results, BiConsumer<String, AggregateResult> put) {
    for (AggregationResult r : results) {
      put.accept(r.name(), result(r));
    }
  }

  private static boolean hasMeta(List<Aggregation> requested) {
    if (requested == null) {
      return true; // the types and meta are not known
    }
    for (Aggregation a : requested) {
      if (a instanceof Aggregation.WithMeta || hasMeta(a.subAggregations())) {
        return true;
      }
    }
    return false;
  }

  private static boolean all(List<AggregationResult> results) {
    for (AggregationResult r : results) {
      boolean covered =
          switch (r) {
            case AggregationResult.SingleValue v -> true;
            case AggregationResult.Stats s -> !s.extended();
            case AggregationResult.SingleBucket b -> all(b.subAggregations());
            case Buckets b -> buckets(b);
            default -> false;
          };
      if (!covered) {
        return false;
      }
    }
    return true;
  }

  private static boolean buckets(Buckets b) {
    if (b.keyed() || b.afterKey() != null) {
      return false;
    }
    boolean kind =
        switch (b.kind()) {
          case STRING_TERMS,
              UNMAPPED_TERMS,
              LONG_TERMS,
              UNSIGNED_LONG_TERMS,
              STRING_RARE_TERMS,
              LONG_RARE_TERMS,
              DOUBLE_TERMS,
              ADJACENCY_MATRIX,
              HISTOGRAM,
              DATE_HISTOGRAM,
              AUTO_DATE_HISTOGRAM,
              FILTERS ->
              true;
          default -> false;
        };
    if (!kind) {
      return false;
    }
    for (Bucket bucket : b.buckets()) {
      if (bucket.key() instanceof Map<?, ?>
          || bucket.key() instanceof List<?>
          || !all(bucket.subAggregations())) {
        return false;
      }
    }
    return true;
  }

  private static AggregateResult result(AggregationResult r) {
    AggregateResult.Builder out = AggregateResult.newBuilder();
    switch (r) {
      case AggregationResult.SingleValue v -> {
        Double value = number(v.value());
        if (value != null) {
          out.setValue(value);
        }
        if (v.keys() != null) {
          out.addAllKeys(v.keys());
        }
        if (v.valueAsString() != null) {
          out.setValueAsString(v.valueAsString());
        }
      }
      case AggregationResult.Stats s -> {
        boolean any = s.count() > 0;
        out.setCount(s.count());
        if (any && finite(s.min())) {
          out.setMin(s.min());
        }
        if (any && finite(s.max())) {
          out.setMax(s.max());
        }
        if (finite(s.avg())) {
          out.setAvg(s.avg());
        }
        if (finite(s.sum())) {
          out.setSum(s.sum());
        }
        if (s.asStrings() != null) {
          out.setMinAsString(s.asStrings().get(0))
              .setMaxAsString(s.asStrings().get(1))
              .setAvgAsString(s.asStrings().get(2))
              .setSumAsString(s.asStrings().get(3));
        }
      }
      case AggregationResult.SingleBucket b -> {
        out.setDocCount(b.docCount());
        encode(b.subAggregations(), out::putAggregations);
      }
      case Buckets b -> buckets(b, out);
      default -> throw new IllegalStateException("not covered: " + r.getClass().getSimpleName());
    }
    return out.build();
  }

  private static void buckets(Buckets b, AggregateResult.Builder out) {
    if (b.docCountErrorUpperBound() != null) {
      out.setDocCountErrorUpperBound(b.docCountErrorUpperBound());
    }
    if (b.sumOtherDocCount() != null) {
      out.setSumOtherDocCount(b.sumOtherDocCount());
    }
    AggregateResult.Buckets.ListValue.Builder list = out.getBucketsBuilder().getListValueBuilder();
    for (Bucket bucket : b.buckets()) {
      AggregateBucket.Builder one = list.addValuesBuilder();
      if (b.kind() != Kind.FILTERS) {
        key(bucket.key(), one.getKeyBuilder());
        if (bucket.keyAsString() != null) {
          one.setKeyAsString(bucket.keyAsString());
        }
      }
      one.setDocCount(bucket.docCount());
      encode(bucket.subAggregations(), one::putAggregations);
    }
    if (b.interval() != null) {
      out.setInterval(b.interval());
    }
  }

  /** A key as REST writes it: a number (null when not finite), else its text. */
  private static void key(Object key, AggregateBucket.Key.Builder out) {
    if (key instanceof Number n) {
      Double value = number(n);
      if (value != null) {
        out.setNumberValue(value);
      }
    } else {
      out.setStringValue(String.valueOf(key));
    }
  }

  /** REST's number as the message's double: null where REST writes null. */
  private static Double number(Number n) {
    if (n == null) {
      return null;
    }
    double d = n.doubleValue();
    return finite(d) ? d : null;
  }

  private static boolean finite(double d) {
    return !Double.isNaN(d) && !Double.isInfinite(d);
  }
}
