package dev.duet.engine.internal.agg;

import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.SearchProfile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code profile: true}: times one aggregator's phases as OpenSearch's aggregation profiler breaks
 * them down ({@code initialize}, {@code build_leaf_collector}, {@code collect}, {@code
 * post_collection}, {@code build_aggregation}; {@code reduce} happens on no shard here). Collection
 * is counted per searched index, as OpenSearch counts it per shard; the tree of one request is
 * built once over every index, so its {@code initialize}, {@code post_collection} and {@code
 * build_aggregation} are reported on the first index's profile.
 */
final class ProfiledAggregator extends Aggregator {
  private final Aggregator delegate;
  private final List<ProfiledAggregator> children;
  private final long initializeNanos;
  private final Map<AggregationTarget, long[]> collection = new IdentityHashMap<>();
  private long postCollectionNanos;
  private long postCollectionCount;
  private long buildNanos;
  private long buildCount;

  ProfiledAggregator(Aggregator delegate, List<ProfiledAggregator> children, long initializeNanos) {
    super(delegate.name);
    this.delegate = delegate;
    this.children = List.copyOf(children);
    this.initializeNanos = initializeNanos;
  }

  long initializeNanos() {
    return initializeNanos;
  }

  @Override
  LeafCollector leaf(Segment segment) throws IOException {
    long[] times = collection.computeIfAbsent(segment.target, t -> new long[4]);
    long start = System.nanoTime();
    LeafCollector inner = delegate.leaf(segment);
    times[0] += System.nanoTime() - start;
    times[1]++;
    if (inner == LeafCollector.COUNTED) {
      return inner;
    }
    return (doc, owning) -> {
      long begin = System.nanoTime();
      inner.collect(doc, owning);
      times[2] += System.nanoTime() - begin;
      times[3]++;
    };
  }

  @Override
  void postCollection() throws IOException {
    long start = System.nanoTime();
    delegate.postCollection();
    postCollectionNanos += System.nanoTime() - start;
    postCollectionCount++;
  }

  @Override
  AggregationResult build(long owningBucket) throws IOException {
    long start = System.nanoTime();
    try {
      return delegate.build(owningBucket);
    } finally {
      buildNanos += System.nanoTime() - start;
      buildCount++;
    }
  }

  @Override
  boolean needsScores() {
    return delegate.needsScores();
  }

  @Override
  String profileType() {
    return delegate.profileType();
  }

  /**
   * This aggregator's profile on {@code target}; {@code first}: the index that reports the rest.
   */
  SearchProfile.AggregationNode node(AggregationTarget target, boolean first) {
    long[] times = collection.getOrDefault(target, new long[4]);
    Map<String, Long> breakdown = new LinkedHashMap<>();
    put(breakdown, "initialize", first ? initializeNanos : 0, first ? 1 : 0);
    put(breakdown, "build_leaf_collector", times[0], times[1]);
    put(breakdown, "collect", times[2], times[3]);
    put(
        breakdown,
        "post_collection",
        first ? postCollectionNanos : 0,
        first ? postCollectionCount : 0);
    put(breakdown, "build_aggregation", first ? buildNanos : 0, first ? buildCount : 0);
    put(breakdown, "reduce", 0, 0);
    long total = 0;
    for (Map.Entry<String, Long> e : breakdown.entrySet()) {
      if (!e.getKey().endsWith("_count")) {
        total += e.getValue();
      }
    }
    Map<String, Object> debug = new LinkedHashMap<>();
    delegate.profileDebug(debug);
    List<SearchProfile.AggregationNode> childNodes = new ArrayList<>(children.size());
    for (ProfiledAggregator child : children) {
      childNodes.add(child.node(target, first));
    }
    return new SearchProfile.AggregationNode(
        delegate.profileType(), name, total, breakdown, debug, childNodes);
  }

  private static void put(Map<String, Long> breakdown, String key, long nanos, long count) {
    breakdown.put(key, nanos);
    breakdown.put(key + "_count", count);
  }
}
