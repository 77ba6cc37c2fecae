package dev.duet.engine.internal.agg;

import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import java.io.IOException;
import java.util.Arrays;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.StringHelper;

/**
 * {@code cardinality}: per bucket, a set of 64-bit value hashes (exact) until it holds more than
 * {@code precision_threshold} values, then a HyperLogLog sketch whose precision follows
 * OpenSearch's {@code precision_threshold} (2^p registers, p from 4 to 18, relative error about
 * 1.04/√2^p). Keywords are hashed once per segment ordinal, numbers by a 64-bit mix.
 */
final class CardinalityAggregator extends Aggregator {
  private static final int MAX_THRESHOLD = 40_000;

  private final Aggregation.Cardinality spec;
  private final long threshold;
  private final int precision;
  private HyperLogLog[] sketches = new HyperLogLog[0];
  // Which collector each segment got, as OpenSearch's profile counts them.
  private int numericCollectors;
  private int ordinalsCollectors;
  private int emptyCollectors;

  CardinalityAggregator(Aggregation.Cardinality spec) {
    super(spec.name());
    this.spec = spec;
    this.threshold = Math.min(MAX_THRESHOLD, Math.max(0, spec.precisionThreshold()));
    this.precision = precisionFor(threshold);
  }

  /** OpenSearch's HyperLogLogPlusPlus.precisionFromThreshold. */
  static int precisionFor(long count) {
    long entries = (long) Math.ceil(count / 0.75);
    int p = 64 - Long.numberOfLeadingZeros(Math.max(entries, 1) - 1);
    return Math.max(4, Math.min(18, p));
  }

  @Override
  void profileDebug(java.util.Map<String, Object> debug) {
    debug.put("empty_collectors_used", emptyCollectors);
    debug.put("numeric_collectors_used", numericCollectors);
    debug.put("ordinals_collectors_used", ordinalsCollectors);
    // Duet never falls back from ordinals to hashing each value, nor hashes strings otherwise.
    debug.put("ordinals_collectors_overhead_too_high", 0);
    debug.put("string_hashing_collectors_used", 0);
  }

  @Override
  LeafCollector leaf(Segment segment) throws IOException {
    FieldSource source = FieldSource.resolve(segment.target, spec.field());
    if (source == FieldSource.KEYWORD) {
      ordinalsCollectors++;
      SortedSetDocValues values = source.ordinals(segment, spec.field());
      long[] hashes = new long[(int) Math.min(Integer.MAX_VALUE - 8, values.getValueCount())];
      boolean[] known = new boolean[hashes.length];
      return (doc, bucket) -> {
        if (!values.advanceExact(doc)) {
          addMissing(bucket);
          return;
        }
        for (int i = values.docValueCount(); i > 0; i--) {
          int ord = (int) values.nextOrd();
          if (!known[ord]) {
            hashes[ord] = hash(values.lookupOrd(ord));
            known[ord] = true;
          }
          sketch(bucket).add(hashes[ord]);
        }
      };
    }
    if (source == FieldSource.UNMAPPED) {
      emptyCollectors++;
      return (doc, bucket) -> addMissing(bucket);
    }
    numericCollectors++;
    SortedNumericDocValues values = source.numeric(segment, spec.field());
    return (doc, bucket) -> {
      if (!values.advanceExact(doc)) {
        addMissing(bucket);
        return;
      }
      for (int i = values.docValueCount(); i > 0; i--) {
        sketch(bucket).add(mix64(values.nextValue()));
      }
    };
  }

  private void addMissing(long bucket) {
    if (spec.missing() != null) {
      sketch(bucket).add(hash(new BytesRef(spec.missing().toString())));
    }
  }

  private HyperLogLog sketch(long bucket) {
    if (bucket >= sketches.length) {
      int size = (int) Math.max(bucket + 1, sketches.length * 2L);
      reserve((size - sketches.length) * (long) Long.BYTES);
      sketches = Arrays.copyOf(sketches, size);
    }
    HyperLogLog s = sketches[(int) bucket];
    if (s == null) {
      s = sketches[(int) bucket] = new HyperLogLog(threshold, precision, breakerLabel());
    }
    return s;
  }

  static long hash(BytesRef bytes) {
    return StringHelper.murmurhash3_x64_128(bytes)[0];
  }

  /** The murmur3 finalizer: spreads a long's bits over all 64. */
  static long mix64(long z) {
    z ^= z >>> 33;
    z *= 0xff51afd7ed558ccdL;
    z ^= z >>> 33;
    z *= 0xc4ceb9fe1a85ec53L;
    z ^= z >>> 33;
    return z;
  }

  @Override
  AggregationResult build(long bucket) {
    long count =
        bucket >= 0 && bucket < sketches.length && sketches[(int) bucket] != null
            ? sketches[(int) bucket].cardinality()
            : 0;
    return new AggregationResult.SingleValue(name, count, null, null);
  }
}
