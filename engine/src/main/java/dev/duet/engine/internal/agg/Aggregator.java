package dev.duet.engine.internal.agg;

import dev.duet.engine.breaker.RequestMemory;
import dev.duet.engine.search.AggregationResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Collects documents for one aggregation. Each document arrives with the ordinal of the bucket of
 * the parent that owns it (0 at the top level), so one aggregator serves every parent bucket and
 * per-bucket state lives in arrays indexed by that ordinal. Not thread-safe: a search collects on
 * one thread.
 */
abstract class Aggregator {
  /** What one bucket costs beyond its arrays' slots: its ordinal entry and its built result. */
  static final long BUCKET_BYTES = 96;

  final String name;
  private final String breakerLabel;
  // Set by the factory for an aggregation at the top of the request (no parent aggregation).
  boolean topLevel;

  Aggregator(String name) {
    this.name = name;
    this.breakerLabel = "<agg [" + name + "]>";
  }

  /** Reserves {@code bytes} on the request breaker before this aggregator allocates them. */
  final void reserve(long bytes) {
    RequestMemory.reserve(bytes, breakerLabel);
  }

  final String breakerLabel() {
    return breakerLabel;
  }

  /** The collector for one segment. */
  abstract LeafCollector leaf(Segment segment) throws IOException;

  /** The result for one parent bucket; an ordinal never collected gives the empty result. */
  abstract AggregationResult build(long owningBucket) throws IOException;

  /** Whether this aggregator (or one below it) reads scores. */
  boolean needsScores() {
    return false;
  }

  /** Runs once every document is collected, before the first build; sub-aggregators too. */
  void postCollection() throws IOException {}

  /** The name of OpenSearch's aggregator class that does this job, as its profile shows it. */
  String profileType() {
    return getClass().getSimpleName();
  }

  /**
   * What {@code profile: true} reports under {@code debug}: counts of what this aggregator did
   * (never estimates), under OpenSearch's keys where it has the same notion.
   */
  void profileDebug(Map<String, Object> debug) {}

  /** Receives the documents of one segment, in increasing order, with their owning bucket. */
  interface LeafCollector {
    void collect(int doc, long owningBucket) throws IOException;

    /**
     * Collects {@code count} documents at once, in increasing order, each with its owning bucket:
     * what a collector that overrides it does with one call and one tight loop instead of a call
     * chain per document (the chain's depth is what keeps the JIT from inlining a doc-values read
     * into its loop). The same documents in the same buckets as {@link #collect} one by one.
     */
    default void collectBlock(int[] docs, long[] owningBuckets, int count) throws IOException {
      for (int i = 0; i < count; i++) {
        collect(docs[i], owningBuckets[i]);
      }
    }

    LeafCollector NO_OP = (doc, bucket) -> {};

    /**
     * Collects nothing, because the aggregator has already counted the whole segment from its
     * field's points ({@link FilterRewrite}); a segment all of whose aggregators answer this is not
     * read at all.
     */
    LeafCollector COUNTED = (doc, bucket) -> {};
  }

  /** Shared by aggregators that make buckets: doc counts and sub-aggregators per bucket. */
  abstract static class Buckets extends Aggregator {
    final Aggregator[] subs;
    private long[] docCounts = new long[16];

    Buckets(String name, List<Aggregator> subs) {
      super(name);
      this.subs = subs.toArray(new Aggregator[0]);
    }

    @Override
    boolean needsScores() {
      for (Aggregator sub : subs) {
        if (sub.needsScores()) {
          return true;
        }
      }
      return false;
    }

    @Override
    void postCollection() throws IOException {
      for (Aggregator sub : subs) {
        sub.postCollection();
      }
    }

    LeafCollector[] subLeaves(Segment segment) throws IOException {
      LeafCollector[] leaves = new LeafCollector[subs.length];
      for (int i = 0; i < subs.length; i++) {
        leaves[i] = subs[i].leaf(segment);
      }
      return leaves;
    }

    /** Counts the document in {@code bucket} and passes it down to the sub-aggregators. */
    final void collectBucket(LeafCollector[] subLeaves, int doc, long bucket) throws IOException {
      if (bucket >= docCounts.length) {
        int size = (int) Math.max(bucket + 1, docCounts.length * 2L);
        // The counts' new slots, and the ordinals (BucketOrds) behind them.
        reserve((size - docCounts.length) * (Long.BYTES + 32L));
        docCounts = Arrays.copyOf(docCounts, size);
      }
      docCounts[(int) bucket]++;
      switch (subLeaves.length) {
        case 0 -> {}
        case 1 -> subLeaves[0].collect(doc, bucket);
        case 2 -> {
          // terms with two metrics (min and max, say): two call sites, each of one type
          subLeaves[0].collect(doc, bucket);
          subLeaves[1].collect(doc, bucket);
        }
        default -> {
          for (LeafCollector sub : subLeaves) {
            sub.collect(doc, bucket);
          }
        }
      }
    }

    /**
     * Counts one document in {@code bucket}, without passing it down (see {@link #collectBlock}).
     */
    final void countDoc(long bucket) {
      if (bucket >= docCounts.length) {
        int size = (int) Math.max(bucket + 1, docCounts.length * 2L);
        reserve((size - docCounts.length) * (Long.BYTES + 32L));
        docCounts = Arrays.copyOf(docCounts, size);
      }
      docCounts[(int) bucket]++;
    }

    /** Passes a block of counted documents, each with its bucket, down to the sub-aggregators. */
    static void collectBlock(LeafCollector[] subLeaves, int[] docs, long[] buckets, int count)
        throws IOException {
      if (count == 0) {
        return;
      }
      for (LeafCollector sub : subLeaves) {
        sub.collectBlock(docs, buckets, count);
      }
    }

    /** Counts {@code count} documents in {@code bucket} at once (they have no sub-aggregators). */
    final void addDocCount(long bucket, long count) {
      if (bucket >= docCounts.length) {
        int size = (int) Math.max(bucket + 1, docCounts.length * 2L);
        reserve((size - docCounts.length) * (Long.BYTES + 32L));
        docCounts = Arrays.copyOf(docCounts, size);
      }
      docCounts[(int) bucket] += count;
    }

    final long docCount(long bucket) {
      return bucket >= 0 && bucket < docCounts.length ? docCounts[(int) bucket] : 0;
    }

    /** The sub-aggregations' results for one bucket (-1: an empty bucket), in request order. */
    final List<AggregationResult> buildSubs(long bucket) throws IOException {
      reserve(BUCKET_BYTES); // one built bucket: nested terms multiply them before max_buckets
      if (subs.length == 0) {
        return List.of();
      }
      List<AggregationResult> out = new ArrayList<>(subs.length);
      for (Aggregator sub : subs) {
        out.add(sub.build(bucket));
      }
      return out;
    }
  }
}
