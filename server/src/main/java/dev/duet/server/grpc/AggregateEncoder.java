package dev.duet.server.grpc;

import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.Aggregation.MetricKind;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.AggregationResult.Bucket;
import java.util.List;
import java.util.function.BiConsumer;
import org.opensearch.protobufs.Aggregate;
import org.opensearch.protobufs.DoubleTermsAggregate;
import org.opensearch.protobufs.DoubleTermsBucket;
import org.opensearch.protobufs.LongTermsAggregate;
import org.opensearch.protobufs.LongTermsBucket;
import org.opensearch.protobufs.LongTermsBucketKey;
import org.opensearch.protobufs.NullValue;
import org.opensearch.protobufs.SingleMetricAggregateBase;
import org.opensearch.protobufs.SingleMetricAggregateBaseAllOfValue;
import org.opensearch.protobufs.StringTermsAggregate;
import org.opensearch.protobufs.StringTermsBucket;
import org.opensearch.protobufs.UnmappedTermsAggregate;
import org.opensearch.protobufs.UnsignedLongTermsAggregate;
import org.opensearch.protobufs.UnsignedLongTermsBucket;

/**
 * Encodes aggregation results as the 1.6.0 {@code Aggregate} messages: string, long and double
 * terms ({@code sterms}, {@code lterms}, {@code dterms}) with their buckets' sub-aggregations, and
 * {@code min}/{@code max} (value or null, {@code value_as_string}). Only these can be requested
 * over this schema, so no other result reaches here.
 */
final class AggregateEncoder {
  private AggregateEncoder() {}

  /** Puts each result under its name; {@code specs} are the request's, to tell min from max. */
  static void encode(
      List<Aggregation> specs, List<AggregationResult> results, BiConsumer<String, Aggregate> out) {
    for (AggregationResult r : results) {
      Aggregation spec = null;
      for (Aggregation s : specs) {
        if (s.name().equals(r.name())) {
          spec = s;
        }
      }
      Aggregate encoded = encode(spec, r);
      out.accept(r.name(), spec == null ? encoded : withMeta(encoded, spec.meta()));
    }
  }

  private static Aggregate encode(Aggregation spec, AggregationResult result) {
    return switch (result) {
      case AggregationResult.SingleValue v -> {
        boolean max =
            spec != null
                && Aggregation.bare(spec) instanceof Aggregation.Metric m
                && m.kind() == MetricKind.MAX;
        Aggregate.Builder out = Aggregate.newBuilder();
        yield (max ? out.setMax(single(v)) : out.setMin(single(v))).build();
      }
      case AggregationResult.Buckets b -> terms(spec.subAggregations(), b);
      default ->
          throw new IllegalStateException("no 1.6.0 message for " + result.getClass().getName());
    };
  }

  /** The aggregate with the request's {@code meta} set on its message. */
  private static Aggregate withMeta(Aggregate a, java.util.Map<String, Object> meta) {
    if (meta.isEmpty()) {
      return a;
    }
    org.opensearch.protobufs.ObjectMap m = ObjectMaps.fromMap(meta);
    Aggregate.Builder out = a.toBuilder();
    if (a.hasMin()) {
      out.setMin(a.getMin().toBuilder().setMeta(m));
    } else if (a.hasMax()) {
      out.setMax(a.getMax().toBuilder().setMeta(m));
    } else if (a.hasSterms()) {
      out.setSterms(a.getSterms().toBuilder().setMeta(m));
    } else if (a.hasLterms()) {
      out.setLterms(a.getLterms().toBuilder().setMeta(m));
    } else if (a.hasDterms()) {
      out.setDterms(a.getDterms().toBuilder().setMeta(m));
    } else if (a.hasUlterms()) {
      out.setUlterms(a.getUlterms().toBuilder().setMeta(m));
    } else if (a.hasUmterms()) {
      out.setUmterms(a.getUmterms().toBuilder().setMeta(m));
    }
    return out.build();
  }

  private static SingleMetricAggregateBase single(AggregationResult.SingleValue v) {
    double value = v.value() == null ? Double.NaN : v.value().doubleValue();
    SingleMetricAggregateBase.Builder out = SingleMetricAggregateBase.newBuilder();
    out.setValue(
        Double.isNaN(value) || Double.isInfinite(value)
            ? SingleMetricAggregateBaseAllOfValue.newBuilder()
                .setNullValue(NullValue.NULL_VALUE_NULL)
            : SingleMetricAggregateBaseAllOfValue.newBuilder().setDouble(value));
    if (v.valueAsString() != null) {
      out.setValueAsString(v.valueAsString());
    }
    return out.build();
  }

  private static Aggregate terms(List<Aggregation> subSpecs, AggregationResult.Buckets b) {
    long error = b.docCountErrorUpperBound() == null ? 0 : b.docCountErrorUpperBound();
    long other = b.sumOtherDocCount() == null ? 0 : b.sumOtherDocCount();
    return switch (b.kind()) {
      case LONG_TERMS -> {
        LongTermsAggregate.Builder t =
            LongTermsAggregate.newBuilder()
                .setDocCountErrorUpperBound(error)
                .setSumOtherDocCount(other);
        for (Bucket bucket : b.buckets()) {
          LongTermsBucket.Builder lb =
              LongTermsBucket.newBuilder()
                  .setKey(LongTermsBucketKey.newBuilder().setSigned((Long) bucket.key()))
                  .setDocCount(bucket.docCount());
          if (bucket.keyAsString() != null) {
            lb.setKeyAsString(bucket.keyAsString());
          }
          encode(subSpecs, bucket.subAggregations(), lb::putAggregate);
          t.addBuckets(lb);
        }
        yield Aggregate.newBuilder().setLterms(t).build();
      }
      case UNSIGNED_LONG_TERMS -> {
        UnsignedLongTermsAggregate.Builder t =
            UnsignedLongTermsAggregate.newBuilder()
                .setDocCountErrorUpperBound(error)
                .setSumOtherDocCount(other);
        for (Bucket bucket : b.buckets()) {
          // uint64 on the wire: the value's 64 bits.
          UnsignedLongTermsBucket.Builder ub =
              UnsignedLongTermsBucket.newBuilder()
                  .setKey(((Number) bucket.key()).longValue())
                  .setDocCount(bucket.docCount());
          encode(subSpecs, bucket.subAggregations(), ub::putAggregate);
          t.addBuckets(ub);
        }
        yield Aggregate.newBuilder().setUlterms(t).build();
      }
      case DOUBLE_TERMS -> {
        DoubleTermsAggregate.Builder t =
            DoubleTermsAggregate.newBuilder()
                .setDocCountErrorUpperBound(error)
                .setSumOtherDocCount(other);
        for (Bucket bucket : b.buckets()) {
          DoubleTermsBucket.Builder db =
              DoubleTermsBucket.newBuilder()
                  .setKey(((Number) bucket.key()).doubleValue())
                  .setDocCount(bucket.docCount());
          encode(subSpecs, bucket.subAggregations(), db::putAggregate);
          t.addBuckets(db);
        }
        yield Aggregate.newBuilder().setDterms(t).build();
      }
      case UNMAPPED_TERMS ->
          Aggregate.newBuilder()
              .setUmterms(
                  UnmappedTermsAggregate.newBuilder()
                      .setDocCountErrorUpperBound(error)
                      .setSumOtherDocCount(other))
              .build();
      default -> {
        StringTermsAggregate.Builder t =
            StringTermsAggregate.newBuilder()
                .setDocCountErrorUpperBound(error)
                .setSumOtherDocCount(other);
        for (Bucket bucket : b.buckets()) {
          StringTermsBucket.Builder sb =
              StringTermsBucket.newBuilder()
                  .setKey(String.valueOf(bucket.key()))
                  .setDocCount(bucket.docCount());
          encode(subSpecs, bucket.subAggregations(), sb::putAggregate);
          t.addBuckets(sb);
        }
        yield Aggregate.newBuilder().setSterms(t).build();
      }
    };
  }
}
