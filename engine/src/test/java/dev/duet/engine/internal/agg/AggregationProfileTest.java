package dev.duet.engine.internal.agg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.Aggregation.IncludeExclude;
import dev.duet.engine.search.Aggregation.MetricKind;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.AggregationResult.Bucket;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.QueryControls;
import dev.duet.engine.search.SearchProfile;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code profile: true} reports the aggregators' tree with OpenSearch's class names, counts of what
 * they collected and built, and debug counts of what they did; terms partitions keep the terms
 * OpenSearch 3.8.0 keeps in each partition.
 */
class AggregationProfileTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "p",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "s", Map.of("type", "keyword"),
                    "n", Map.of("type", "long"),
                    "v", Map.of("type", "long")))));
    String[] sources = {
      "{\"s\":\"abc\",\"n\":1234,\"v\":1}",
      "{\"s\":\"abc\",\"n\":5678,\"v\":3}",
      "{\"s\":\"bcd\",\"n\":1234,\"v\":1}",
      "{\"v\":17}"
    };
    List<BulkItem> docs = new ArrayList<>();
    for (int i = 0; i < sources.length; i++) {
      docs.add(
          new BulkItem(OpType.INDEX, "p", "d" + i, sources[i].getBytes(StandardCharsets.UTF_8)));
    }
    assertThat(engine.bulk(new BulkRequest(docs, RefreshPolicy.IMMEDIATE)).errors()).isFalse();
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private SearchResponse search(boolean profile, Aggregation... aggs) {
    return engine.search(
        new SearchRequest(
                List.of("p"),
                new Query.MatchAll(1f),
                0,
                0,
                List.of(),
                SourceFilter.ALL,
                TrackTotalHits.DEFAULT)
            .withAggregations(List.of(aggs))
            .withControls(new QueryControls(0, 0, null, List.of(), profile)));
  }

  private static Aggregation terms(String field, IncludeExclude filter, List<Aggregation> subs) {
    return new Aggregation.Terms("t", field, 10, -1, List.of(), 1, null, filter, subs);
  }

  private static SearchProfile.AggregationNode only(SearchResponse r) {
    assertThat(r.profile().shards()).hasSize(1);
    List<SearchProfile.AggregationNode> nodes = r.profile().shards().get(0).aggregations();
    assertThat(nodes).hasSize(1);
    return nodes.get(0);
  }

  @Test
  void termsWithASubAggregationReportTheTreeAndWhatEachCollected() {
    Aggregation max = new Aggregation.Metric("m", MetricKind.MAX, "v", null, null, 2);
    SearchProfile.AggregationNode node = only(search(true, terms("n", null, List.of(max))));

    assertThat(node.type()).isEqualTo("NumericTermsAggregator");
    assertThat(node.description()).isEqualTo("t");
    assertThat(node.breakdown())
        .containsEntry("collect_count", 4L) // every document reaches the aggregator
        .containsEntry("build_leaf_collector_count", 1L)
        .containsEntry("initialize_count", 1L)
        .containsEntry("post_collection_count", 1L)
        .containsEntry("build_aggregation_count", 1L)
        .containsEntry("reduce_count", 0L);
    assertThat(node.debug())
        .containsEntry("total_buckets", 2)
        .containsEntry("result_strategy", "long_terms");
    assertThat(node.timeNanos()).isPositive();
    assertThat(node.children()).hasSize(1);
    SearchProfile.AggregationNode child = node.children().get(0);
    assertThat(child.type()).isEqualTo("MaxAggregator");
    assertThat(child.description()).isEqualTo("m");
    // Only the three documents with a value of n land in a bucket and reach the max.
    assertThat(child.breakdown()).containsEntry("collect_count", 3L);
    // Built once per returned bucket.
    assertThat(child.breakdown()).containsEntry("build_aggregation_count", 2L);
  }

  @Test
  void histogramAndCardinalityReportTheirOwnCounts() {
    SearchResponse r =
        search(
            true,
            new Aggregation.Histogram(
                "h", "v", false, 5, null, null, null, 0, 0, null, null, List.of(), false, null,
                List.of()),
            new Aggregation.Cardinality("c", "v", 3000, null));
    List<SearchProfile.AggregationNode> nodes = r.profile().shards().get(0).aggregations();

    assertThat(nodes)
        .extracting(SearchProfile.AggregationNode::type)
        .containsExactly("NumericHistogramAggregator", "CardinalityAggregator");
    // Keys 0 and 15 hold documents; the empty 5 is only filled in when the result is built.
    assertThat(nodes.get(0).debug()).containsEntry("total_buckets", 2);
    assertThat(nodes.get(1).debug())
        .containsEntry("numeric_collectors_used", 1)
        .containsEntry("ordinals_collectors_used", 0)
        .containsEntry("empty_collectors_used", 0);
  }

  @Test
  void withoutProfileNothingIsTimed() {
    SearchResponse r = search(false, terms("s", null, List.of()));
    assertThat(r.profile()).isNull();
    assertThat(((AggregationResult.Buckets) r.aggregations().get(0)).buckets()).hasSize(2);
  }

  @Test
  void partitionsSplitTermsAsOpenSearchDoes() {
    assertThat(keys(terms("s", IncludeExclude.partition(0, 2), List.of()))).containsExactly("bcd");
    assertThat(keys(terms("s", IncludeExclude.partition(1, 2), List.of()))).containsExactly("abc");
    assertThat(keys(terms("n", IncludeExclude.partition(0, 2), List.of()))).containsExactly(5678L);
    assertThat(keys(terms("n", IncludeExclude.partition(1, 2), List.of()))).containsExactly(1234L);
    // num_partitions 0 or below is refused (0 would otherwise read as "not partitioned": every
    // term)
    for (int numPartitions : new int[] {0, -2}) {
      assertThatThrownBy(() -> IncludeExclude.partition(0, numPartitions))
          .isInstanceOf(DuetException.class)
          .hasMessage("Partition must be >=0 and < numPartition which is " + numPartitions);
    }
  }

  private List<Object> keys(Aggregation agg) {
    AggregationResult.Buckets b =
        (AggregationResult.Buckets) search(false, agg).aggregations().get(0);
    return b.buckets().stream().map(Bucket::key).toList();
  }
}
