package dev.duet.engine.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What {@code profile: true} reports, per index searched ("shard"): the query tree with Lucene's
 * timing breakdown, rewrite time, the collector, and the fetch phase's time. Times are nanoseconds
 * of this node and mean nothing across machines.
 */
public record SearchProfile(List<Shard> shards) {
  public SearchProfile {
    shards = List.copyOf(shards);
  }

  /** This profile as measured on {@code node} (shard ids name the node). */
  public SearchProfile onNode(String node) {
    List<Shard> out = new ArrayList<>(shards.size());
    for (Shard s : shards) {
      out.add(
          new Shard(
              node, s.index, s.query, s.rewriteNanos, s.collectors, s.fetchNanos, s.aggregations));
    }
    return new SearchProfile(out);
  }

  /** One index's profile; {@code node} is null until the node sets it. */
  public record Shard(
      String node,
      String index,
      List<QueryNode> query,
      long rewriteNanos,
      List<CollectorNode> collectors,
      long fetchNanos,
      List<AggregationNode> aggregations) {
    public Shard {
      query = List.copyOf(query);
      collectors = List.copyOf(collectors);
      aggregations = List.copyOf(aggregations);
    }

    /** A shard profile without aggregations. */
    public Shard(
        String node,
        String index,
        List<QueryNode> query,
        long rewriteNanos,
        List<CollectorNode> collectors,
        long fetchNanos) {
      this(node, index, query, rewriteNanos, collectors, fetchNanos, List.of());
    }

    /** This shard's profile with {@code aggregations}, the aggregators' tree. */
    public Shard withAggregations(List<AggregationNode> aggregations) {
      return new Shard(node, index, query, rewriteNanos, collectors, fetchNanos, aggregations);
    }

    /** The shard's id as OpenSearch's profile names it: {@code [node][index][0]}. */
    public String id() {
      return "[" + node + "][" + index + "][0]";
    }
  }

  /**
   * One query of the tree: Lucene's class name, its description, total time and the breakdown
   * ({@code create_weight}, {@code build_scorer}, {@code next_doc}, ... each with a {@code
   * _count}).
   */
  public record QueryNode(
      String type,
      String description,
      long timeNanos,
      Map<String, Long> breakdown,
      List<QueryNode> children) {
    public QueryNode {
      children = List.copyOf(children);
    }
  }

  /**
   * One aggregator of the tree, as OpenSearch names its class ({@code NumericHistogramAggregator}):
   * the request's aggregation name as description, the time of its phases ({@code initialize},
   * {@code build_leaf_collector}, {@code collect}, {@code post_collection}, {@code
   * build_aggregation}, {@code reduce}, each with a {@code _count}), what it did ({@code debug}:
   * numbers, strings or lists) and its sub-aggregators.
   */
  public record AggregationNode(
      String type,
      String description,
      long timeNanos,
      Map<String, Long> breakdown,
      Map<String, Object> debug,
      List<AggregationNode> children) {
    public AggregationNode {
      breakdown = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(breakdown));
      debug = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(debug));
      children = List.copyOf(children);
    }
  }

  /** The collector that gathered the hits and why ({@code search_top_hits}). */
  public record CollectorNode(String name, String reason, long timeNanos) {}
}
