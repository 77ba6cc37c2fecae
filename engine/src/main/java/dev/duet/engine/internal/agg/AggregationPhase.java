package dev.duet.engine.internal.agg;

import dev.duet.engine.Engines;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.SearchProfile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.ExitableDirectoryReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.CollectionTerminatedException;
import org.apache.lucene.search.Collector;
import org.apache.lucene.search.CollectorManager;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Scorable;
import org.apache.lucene.search.ScoreMode;

/**
 * Runs a request's aggregations: the query's matching documents of every target index flow through
 * one aggregator tree (so several indices aggregate as one), {@code global} aggregations see every
 * document, then results are built, pipelines applied, and the bucket count checked against {@code
 * search.max_buckets}.
 */
public final class AggregationPhase {
  /** OpenSearch's default {@code search.max_buckets}. */
  public static final int DEFAULT_MAX_BUCKETS = Engines.DEFAULT_MAX_BUCKETS;

  private AggregationPhase() {}

  /**
   * @param queries the request's query translated for each target, in the same order
   */
  public static List<AggregationResult> execute(
      List<AggregationTarget> targets, List<Query> queries, List<Aggregation> specs, int maxBuckets)
      throws IOException {
    return execute(targets, queries, specs, maxBuckets, false).results();
  }

  /**
   * A request's aggregations and, with {@code profile}, each target's aggregation profile (in the
   * order of {@code targets}; empty lists otherwise).
   */
  public record Executed(
      List<AggregationResult> results, List<List<SearchProfile.AggregationNode>> profiles) {}

  /**
   * @param queries the request's query translated for each target, in the same order
   * @param profile whether to time the aggregators ({@code profile: true})
   */
  public static Executed execute(
      List<AggregationTarget> targets,
      List<Query> queries,
      List<Aggregation> specs,
      int maxBuckets,
      boolean profile)
      throws IOException {
    Pipelines.validate(specs);
    List<Aggregation> scoped = new ArrayList<>();
    List<Aggregation> global = new ArrayList<>();
    for (Aggregation spec : specs) {
      (Aggregation.bare(spec) instanceof Aggregation.Global ? global : scoped).add(spec);
    }
    int maxRegexLength = Integer.MAX_VALUE;
    for (AggregationTarget target : targets) {
      maxRegexLength = Math.min(maxRegexLength, target.maxRegexLength());
    }
    AggregatorFactory factory = new AggregatorFactory(maxBuckets, maxRegexLength, targets);
    if (profile) {
      factory.profiling();
    }
    List<Aggregator> scopedAggs = factory.create(scoped, null);
    List<Aggregator> globalAggs = factory.create(global, null);
    for (int i = 0; i < targets.size(); i++) {
      collect(targets.get(i), queries.get(i), scopedAggs);
      collect(targets.get(i), targets.get(i).documents(), globalAggs);
    }
    for (Aggregator a : scopedAggs) {
      a.postCollection();
    }
    for (Aggregator a : globalAggs) {
      a.postCollection();
    }
    Map<String, AggregationResult> built = new HashMap<>();
    for (Aggregator a : scopedAggs) {
      built.put(a.name, a.build(0));
    }
    for (Aggregator a : globalAggs) {
      built.put(a.name, a.build(0));
    }
    List<AggregationResult> ordered = new ArrayList<>(built.size());
    for (Aggregation spec : specs) {
      AggregationResult r = built.get(spec.name());
      if (r != null) {
        ordered.add(r);
      }
    }
    List<AggregationResult> results = Pipelines.apply(specs, ordered);
    long buckets = countBuckets(results);
    if (buckets > maxBuckets) {
      throw tooManyBuckets(buckets, maxBuckets);
    }
    List<List<SearchProfile.AggregationNode>> profiles = new ArrayList<>(targets.size());
    for (int i = 0; i < targets.size(); i++) {
      List<SearchProfile.AggregationNode> nodes = new ArrayList<>();
      if (profile) {
        for (Aggregator a : scopedAggs) {
          nodes.add(((ProfiledAggregator) a).node(targets.get(i), i == 0));
        }
        for (Aggregator a : globalAggs) {
          nodes.add(((ProfiledAggregator) a).node(targets.get(i), i == 0));
        }
      }
      profiles.add(nodes);
    }
    return new Executed(results, profiles);
  }

  private static void collect(AggregationTarget target, Query query, List<Aggregator> aggs)
      throws IOException {
    if (aggs.isEmpty()) {
      return;
    }
    boolean scores = false;
    for (Aggregator a : aggs) {
      scores |= a.needsScores();
    }
    TreeCollector collector =
        new TreeCollector(target, new CollectedQuery(query, target.searcher()), aggs, scores);
    try {
      target.searcher().search(query, new SingleCollectorManager(collector));
    } catch (ExitableDirectoryReader.ExitingReaderException e) {
      // The search's time ran out (its searcher says so): what was collected is answered, as
      // OpenSearch answers partial aggregations with timed_out.
    }
  }

  /** OpenSearch's failure when a response would hold too many buckets (a reduce failure). */
  static DuetException tooManyBuckets(long count, int max) {
    Map<String, String> meta = new java.util.LinkedHashMap<>();
    meta.put("max_buckets", Integer.toString(max));
    DuetException cause =
        new DuetException(
            503,
            "too_many_buckets_exception",
            "Trying to create too many buckets. Must be less than or equal to: ["
                + max
                + "] but was ["
                + count
                + "]. This limit can be set by changing the [search.max_buckets] cluster level"
                + " setting.",
            meta,
            null);
    Map<String, String> phase = new java.util.LinkedHashMap<>();
    phase.put("phase", "fetch");
    phase.put("grouped", "true");
    return new DuetException(503, "search_phase_execution_exception", "", phase, cause);
  }

  private static long countBuckets(Collection<AggregationResult> results) {
    long n = 0;
    for (AggregationResult r : results) {
      switch (r) {
        case AggregationResult.Buckets b -> {
          n += b.buckets().size();
          for (AggregationResult.Bucket bucket : b.buckets()) {
            n += countBuckets(bucket.subAggregations());
          }
        }
        case AggregationResult.SingleBucket s -> n += countBuckets(s.subAggregations());
        default -> {}
      }
    }
    return n;
  }

  /** Feeds each matching document to the top-level aggregators with owning bucket 0. */
  private static final class TreeCollector implements Collector {
    private final AggregationTarget target;
    private final CollectedQuery query;
    private final List<Aggregator> aggs;
    private final boolean scores;

    TreeCollector(
        AggregationTarget target, CollectedQuery query, List<Aggregator> aggs, boolean scores) {
      this.target = target;
      this.query = query;
      this.aggs = aggs;
      this.scores = scores;
    }

    @Override
    public org.apache.lucene.search.LeafCollector getLeafCollector(LeafReaderContext context)
        throws IOException {
      Segment segment = new Segment(context, target, query);
      Aggregator.LeafCollector[] leaves = new Aggregator.LeafCollector[aggs.size()];
      boolean counted = true;
      for (int i = 0; i < leaves.length; i++) {
        leaves[i] = aggs.get(i).leaf(segment);
        counted &= leaves[i] == Aggregator.LeafCollector.COUNTED;
      }
      if (counted) {
        // Every aggregator counted the segment from its points (filter rewrite): nothing to read.
        throw new CollectionTerminatedException();
      }
      if (!scores) {
        // Nothing reads the scorer, so documents can reach the aggregators a block at a time.
        return new BlockLeafCollector(leaves);
      }
      return new org.apache.lucene.search.LeafCollector() {
        @Override
        public void setScorer(Scorable scorer) {
          segment.scorer = scorer;
        }

        @Override
        public void collect(int doc) throws IOException {
          for (Aggregator.LeafCollector leaf : leaves) {
            leaf.collect(doc, 0);
          }
        }
      };
    }

    @Override
    public ScoreMode scoreMode() {
      return scores ? ScoreMode.COMPLETE : ScoreMode.COMPLETE_NO_SCORES;
    }
  }

  /**
   * Hands the documents a bulk scorer streams (a range, or a stream of matches) to the top-level
   * aggregators a block at a time, all in owning bucket 0; a single document as it comes.
   */
  private static final class BlockLeafCollector implements org.apache.lucene.search.LeafCollector {
    private static final int BLOCK = 512;
    private static final long[] TOP = new long[BLOCK]; // owning bucket 0 for every document

    private final Aggregator.LeafCollector[] leaves;
    private final int[] docs = new int[BLOCK];
    private int count;

    BlockLeafCollector(Aggregator.LeafCollector[] leaves) {
      this.leaves = leaves;
    }

    @Override
    public void setScorer(Scorable scorer) {}

    @Override
    public void collect(int doc) throws IOException {
      for (Aggregator.LeafCollector leaf : leaves) {
        leaf.collect(doc, 0);
      }
    }

    @Override
    public void collectRange(int min, int max) throws IOException {
      for (int from = min; from < max; from += BLOCK) {
        int n = Math.min(BLOCK, max - from);
        for (int i = 0; i < n; i++) {
          docs[i] = from + i;
        }
        flush(n);
      }
    }

    @Override
    public void collect(org.apache.lucene.search.DocIdStream stream) throws IOException {
      count = 0;
      stream.forEach(
          doc -> {
            docs[count++] = doc;
            if (count == BLOCK) {
              flush(BLOCK);
              count = 0;
            }
          });
      flush(count);
      count = 0;
    }

    private void flush(int n) throws IOException {
      if (n == 0) {
        return;
      }
      for (Aggregator.LeafCollector leaf : leaves) {
        leaf.collectBlock(docs, TOP, n);
      }
    }
  }

  /**
   * Hands the one tree collector to every slice: searchers here run without an executor, so slices
   * are collected one after another on the calling thread.
   */
  private record SingleCollectorManager(TreeCollector collector)
      implements CollectorManager<TreeCollector, Void> {
    @Override
    public TreeCollector newCollector() {
      return collector;
    }

    @Override
    public Void reduce(Collection<TreeCollector> collectors) {
      return null;
    }
  }
}
