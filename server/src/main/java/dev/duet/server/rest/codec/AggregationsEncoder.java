package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.AggregationResult.Bucket;
import dev.duet.engine.search.AggregationResult.Buckets;
import dev.duet.engine.search.AggregationResult.Kind;
import dev.duet.engine.search.SearchHit;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Writes a search's {@code aggregations} object as OpenSearch does, per type: the keys, their
 * order, {@code key_as_string} and {@code value_as_string} where OpenSearch writes them, and null
 * for values that do not exist (the min of no values).
 */
public final class AggregationsEncoder {
  private AggregationsEncoder() {}

  /** Writes {@code {"name":{...},...}}. */
  public static void encode(List<AggregationResult> results, JsonGenerator g) throws IOException {
    encode(results, SearchResponseEncoder.Params.DEFAULT, null, g);
  }

  /**
   * The same, with {@code typed_keys} as {@code typedKeys} says ({@code requested}: the search's
   * aggregations, null when not known): for the typed gRPC encoder, which reads what this writes.
   */
  public static void encode(
      List<AggregationResult> results,
      boolean typedKeys,
      List<Aggregation> requested,
      JsonGenerator g)
      throws IOException {
    encode(results, new SearchResponseEncoder.Params(false, typedKeys), requested, g);
  }

  /**
   * The same, written as {@code params} ask: with {@code typed_keys}, each name prefixed by its
   * type, told by {@code requested} (the search's aggregations; null when not known) where the
   * result alone cannot tell it.
   */
  static void encode(
      List<AggregationResult> results,
      SearchResponseEncoder.Params params,
      List<Aggregation> requested,
      JsonGenerator g)
      throws IOException {
    g.writeStartObject();
    writeAll(results, TypedKeys.of(requested), params, g);
    g.writeEndObject();
  }

  /**
   * {@code keys}: the requested aggregations of this level, which give the types ({@code
   * typed_keys}) and the {@code meta} echoed first in each result.
   */
  private static void writeAll(
      List<AggregationResult> results,
      TypedKeys keys,
      SearchResponseEncoder.Params params,
      JsonGenerator g)
      throws IOException {
    for (AggregationResult r : results) {
      g.writeFieldName(params.typedKeys() ? keys.key(r) : r.name());
      write(r, keys.meta(r), keys.sub(r), params, g);
    }
  }

  private static void write(
      AggregationResult r,
      Map<String, Object> meta,
      TypedKeys keys,
      SearchResponseEncoder.Params params,
      JsonGenerator g)
      throws IOException {
    g.writeStartObject();
    if (!meta.isEmpty()) {
      g.writeFieldName("meta");
      Json.writeValue(g, meta);
    }
    switch (r) {
      case AggregationResult.SingleValue v -> {
        g.writeFieldName("value");
        number(v.value(), g);
        if (v.keys() != null) {
          g.writeArrayFieldStart("keys");
          for (String key : v.keys()) {
            g.writeString(key);
          }
          g.writeEndArray();
        }
        if (v.valueAsString() != null) {
          g.writeStringField("value_as_string", v.valueAsString());
        }
      }
      case AggregationResult.Stats s -> stats(s, g);
      case AggregationResult.Percentiles p -> percentiles(p, g);
      case AggregationResult.SingleBucket b -> {
        g.writeNumberField("doc_count", b.docCount());
        writeAll(b.subAggregations(), keys, params, g);
      }
      case Buckets b -> buckets(b, keys, params, g);
      case AggregationResult.TopHits t -> topHits(t, params, g);
      case AggregationResult.SignificantTerms s -> significantTerms(s, keys, params, g);
    }
    g.writeEndObject();
  }

  private static void significantTerms(
      AggregationResult.SignificantTerms s,
      TypedKeys keys,
      SearchResponseEncoder.Params params,
      JsonGenerator g)
      throws IOException {
    g.writeNumberField("doc_count", s.docCount());
    g.writeNumberField("bg_count", s.bgCount());
    g.writeArrayFieldStart("buckets");
    for (AggregationResult.SignificantBucket b : s.buckets()) {
      g.writeStartObject();
      key(b.key(), g);
      if (b.keyAsString() instanceof Boolean bool) {
        g.writeBooleanField("key_as_string", bool); // OpenSearch writes the format's object
      } else if (b.keyAsString() != null) {
        g.writeStringField("key_as_string", b.keyAsString().toString());
      }
      g.writeNumberField("doc_count", b.docCount());
      g.writeNumberField("score", b.score());
      g.writeNumberField("bg_count", b.bgCount());
      writeAll(b.subAggregations(), keys, params, g);
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  private static void number(Number n, JsonGenerator g) throws IOException {
    if (n == null) {
      g.writeNull();
    } else if (n instanceof Long l) {
      g.writeNumber(l);
    } else if (n instanceof java.math.BigInteger b) {
      g.writeNumber(b); // an unsigned_long key past Long.MAX_VALUE
    } else {
      double d = n.doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        g.writeNull();
      } else {
        g.writeNumber(d);
      }
    }
  }

  private static void field(String name, double value, JsonGenerator g) throws IOException {
    g.writeFieldName(name);
    number(value, g);
  }

  private static void stats(AggregationResult.Stats s, JsonGenerator g) throws IOException {
    boolean any = s.count() > 0;
    g.writeNumberField("count", s.count());
    field("min", any ? s.min() : Double.NaN, g);
    field("max", any ? s.max() : Double.NaN, g);
    field("avg", s.avg(), g);
    field("sum", s.sum(), g);
    if (s.asStrings() != null) {
      g.writeStringField("min_as_string", s.asStrings().get(0));
      g.writeStringField("max_as_string", s.asStrings().get(1));
      g.writeStringField("avg_as_string", s.asStrings().get(2));
      g.writeStringField("sum_as_string", s.asStrings().get(3));
    }
    if (!s.extended()) {
      return;
    }
    double varP = s.variancePopulation();
    double varS = s.varianceSampling();
    double sdP = Math.sqrt(varP);
    double sdS = Math.sqrt(varS);
    double avg = s.avg();
    field("sum_of_squares", any ? s.sumOfSquares() : Double.NaN, g);
    field("variance", varP, g);
    field("variance_population", varP, g);
    field("variance_sampling", varS, g);
    field("std_deviation", sdP, g);
    field("std_deviation_population", sdP, g);
    field("std_deviation_sampling", sdS, g);
    g.writeObjectFieldStart("std_deviation_bounds");
    field("upper", avg + s.sigma() * sdP, g);
    field("lower", avg - s.sigma() * sdP, g);
    field("upper_population", avg + s.sigma() * sdP, g);
    field("lower_population", avg - s.sigma() * sdP, g);
    field("upper_sampling", avg + s.sigma() * sdS, g);
    field("lower_sampling", avg - s.sigma() * sdS, g);
    g.writeEndObject();
  }

  private static void percentiles(AggregationResult.Percentiles p, JsonGenerator g)
      throws IOException {
    List<String> asStrings = p.valuesAsString();
    if (p.keyed()) {
      g.writeObjectFieldStart("values");
      for (int i = 0; i < p.points().length; i++) {
        String key = Double.toString(p.points()[i]);
        field(key, p.values()[i], g);
        if (asStrings != null && asStrings.get(i) != null) {
          g.writeStringField(key + "_as_string", asStrings.get(i));
        }
      }
      g.writeEndObject();
      return;
    }
    g.writeArrayFieldStart("values");
    for (int i = 0; i < p.points().length; i++) {
      g.writeStartObject();
      g.writeNumberField("key", p.points()[i]);
      field("value", p.values()[i], g);
      if (asStrings != null && asStrings.get(i) != null) {
        g.writeStringField("value_as_string", asStrings.get(i));
      }
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  private static void buckets(
      Buckets b, TypedKeys keys, SearchResponseEncoder.Params params, JsonGenerator g)
      throws IOException {
    if (b.afterKey() != null) {
      g.writeFieldName("after_key");
      Json.writeValue(g, b.afterKey());
    }
    if (b.docCountErrorUpperBound() != null) {
      g.writeNumberField("doc_count_error_upper_bound", b.docCountErrorUpperBound());
    }
    if (b.sumOtherDocCount() != null) {
      g.writeNumberField("sum_other_doc_count", b.sumOtherDocCount());
    }
    boolean keyed = b.keyed();
    if (keyed) {
      g.writeObjectFieldStart("buckets");
    } else {
      g.writeArrayFieldStart("buckets");
    }
    for (Bucket bucket : b.buckets()) {
      if (keyed) {
        g.writeFieldName(keyName(b.kind(), bucket));
      }
      bucket(b.kind(), keyed, bucket, keys, params, g);
    }
    if (keyed) {
      g.writeEndObject();
    } else {
      g.writeEndArray();
    }
    if (b.interval() != null) {
      g.writeStringField("interval", b.interval());
    }
  }

  private static String keyName(Kind kind, Bucket bucket) {
    if (bucket.keyAsString() != null) {
      return bucket.keyAsString();
    }
    return String.valueOf(bucket.key());
  }

  private static void bucket(
      Kind kind,
      boolean keyed,
      Bucket b,
      TypedKeys keys,
      SearchResponseEncoder.Params params,
      JsonGenerator g)
      throws IOException {
    g.writeStartObject();
    switch (kind) {
      case HISTOGRAM, DATE_HISTOGRAM, AUTO_DATE_HISTOGRAM -> {
        if (b.keyAsString() != null) {
          g.writeStringField("key_as_string", b.keyAsString());
        }
        key(b.key(), g);
      }
      case RANGE, DATE_RANGE, GEO_DISTANCE -> {
        if (!keyed) {
          key(b.key(), g);
        }
        if (!Double.isNaN(b.from())) {
          g.writeNumberField("from", b.from());
          if (b.fromAsString() != null) {
            g.writeStringField("from_as_string", b.fromAsString());
          }
        }
        if (!Double.isNaN(b.to())) {
          g.writeNumberField("to", b.to());
          if (b.toAsString() != null) {
            g.writeStringField("to_as_string", b.toAsString());
          }
        }
      }
      case IP_RANGE -> {
        if (!keyed) {
          key(b.key(), g);
        }
        if (b.fromAsString() != null) {
          g.writeStringField("from", b.fromAsString());
        }
        if (b.toAsString() != null) {
          g.writeStringField("to", b.toAsString());
        }
      }
      case FILTERS -> {}
      case VARIABLE_WIDTH_HISTOGRAM -> {
        g.writeNumberField("min", b.from());
        key(b.key(), g);
        g.writeNumberField("max", b.to());
      }
      default -> {
        key(b.key(), g);
        if (b.keyAsString() != null) {
          g.writeStringField("key_as_string", b.keyAsString());
        }
      }
    }
    g.writeNumberField("doc_count", b.docCount());
    writeAll(b.subAggregations(), keys, params, g);
    g.writeEndObject();
  }

  private static void key(Object key, JsonGenerator g) throws IOException {
    g.writeFieldName("key");
    if (key instanceof Map<?, ?> || key instanceof List<?>) {
      Json.writeValue(g, key);
    } else if (key instanceof Number n) {
      number(n, g);
    } else {
      g.writeString(String.valueOf(key));
    }
  }

  private static void topHits(
      AggregationResult.TopHits t, SearchResponseEncoder.Params params, JsonGenerator g)
      throws IOException {
    g.writeObjectFieldStart("hits");
    SearchResponseEncoder.writeTotal(t.total(), "eq", params, g);
    g.writeFieldName("max_score");
    if (Float.isNaN(t.maxScore())) {
      g.writeNull();
    } else {
      g.writeNumber(t.maxScore());
    }
    g.writeArrayFieldStart("hits");
    for (SearchHit hit : t.hits()) {
      SearchResponseEncoder.writeHit(hit, params, g);
    }
    g.writeEndArray();
    g.writeEndObject();
  }
}
