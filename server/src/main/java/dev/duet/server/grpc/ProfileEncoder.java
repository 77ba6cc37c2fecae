package dev.duet.server.grpc;

import com.google.protobuf.Descriptors.FieldDescriptor;
import dev.duet.engine.search.SearchProfile;
import java.util.List;
import java.util.Map;
import org.opensearch.protobufs.AggregationBreakdown;
import org.opensearch.protobufs.AggregationProfile;
import org.opensearch.protobufs.AggregationProfileDebug;
import org.opensearch.protobufs.Collector;
import org.opensearch.protobufs.FetchProfile;
import org.opensearch.protobufs.FetchProfileBreakdown;
import org.opensearch.protobufs.Profile;
import org.opensearch.protobufs.QueryBreakdown;
import org.opensearch.protobufs.QueryProfile;
import org.opensearch.protobufs.ShardProfile;

/**
 * {@code profile} as the 1.6.0 {@link Profile} message (which OpenSearch 3.8's gRPC fails to
 * produce): the same tree REST shows.
 */
final class ProfileEncoder {
  private ProfileEncoder() {}

  static Profile encode(SearchProfile profile) {
    Profile.Builder out = Profile.newBuilder();
    for (SearchProfile.Shard shard : profile.shards()) {
      org.opensearch.protobufs.SearchProfile.Builder search =
          org.opensearch.protobufs.SearchProfile.newBuilder().setRewriteTime(shard.rewriteNanos());
      for (SearchProfile.QueryNode node : shard.query()) {
        search.addQuery(query(node));
      }
      for (SearchProfile.CollectorNode c : shard.collectors()) {
        search.addCollector(
            Collector.newBuilder()
                .setName(c.name())
                .setReason(c.reason())
                .setTimeInNanos(c.timeNanos()));
      }
      ShardProfile.Builder shardOut = ShardProfile.newBuilder();
      for (SearchProfile.AggregationNode node : shard.aggregations()) {
        shardOut.addAggregations(aggregation(node));
      }
      out.addShards(
          shardOut
              .setId(shard.id())
              .addSearches(search)
              .setFetch(
                  FetchProfile.newBuilder()
                      .setType("fetch")
                      .setDescription("fetch")
                      .setTimeInNanos(shard.fetchNanos())
                      .setBreakdown(FetchProfileBreakdown.getDefaultInstance())));
    }
    return out.build();
  }

  private static AggregationProfile aggregation(SearchProfile.AggregationNode node) {
    Map<String, Long> b = node.breakdown();
    AggregationProfile.Builder out =
        AggregationProfile.newBuilder()
            .setType(node.type())
            .setDescription(node.description())
            .setTimeInNanos(node.timeNanos())
            .setBreakdown(
                AggregationBreakdown.newBuilder()
                    .setInitialize(b.getOrDefault("initialize", 0L))
                    .setInitializeCount(b.getOrDefault("initialize_count", 0L))
                    .setBuildLeafCollector(b.getOrDefault("build_leaf_collector", 0L))
                    .setBuildLeafCollectorCount(b.getOrDefault("build_leaf_collector_count", 0L))
                    .setCollect(b.getOrDefault("collect", 0L))
                    .setCollectCount(b.getOrDefault("collect_count", 0L))
                    .setPostCollection(b.getOrDefault("post_collection", 0L))
                    .setPostCollectionCount(b.getOrDefault("post_collection_count", 0L))
                    .setBuildAggregation(b.getOrDefault("build_aggregation", 0L))
                    .setBuildAggregationCount(b.getOrDefault("build_aggregation_count", 0L))
                    .setReduce(b.getOrDefault("reduce", 0L))
                    .setReduceCount(b.getOrDefault("reduce_count", 0L)));
    if (!node.debug().isEmpty()) {
      out.setDebug(debug(node.debug()));
    }
    for (SearchProfile.AggregationNode child : node.children()) {
      out.addChildren(aggregation(child));
    }
    return out.build();
  }

  /** The debug keys the 1.6.0 message has a field for, each set by its name. */
  private static AggregationProfileDebug debug(Map<String, Object> debug) {
    AggregationProfileDebug.Builder out = AggregationProfileDebug.newBuilder();
    for (Map.Entry<String, Object> e : debug.entrySet()) {
      FieldDescriptor field = AggregationProfileDebug.getDescriptor().findFieldByName(e.getKey());
      if (field == null) {
        continue;
      }
      Object value = e.getValue();
      switch (field.getJavaType()) {
        case INT -> {
          if (value instanceof Number n) {
            out.setField(field, n.intValue());
          }
        }
        case LONG -> {
          if (value instanceof Number n) {
            out.setField(field, n.longValue());
          }
        }
        case BOOLEAN -> {
          if (value instanceof Boolean flag) {
            out.setField(field, flag);
          }
        }
        case STRING -> {
          if (field.isRepeated() && value instanceof List<?> list) {
            for (Object item : list) {
              out.addRepeatedField(field, String.valueOf(item));
            }
          } else if (!field.isRepeated()) {
            out.setField(field, String.valueOf(value));
          }
        }
        default -> {}
      }
    }
    return out.build();
  }

  private static QueryProfile query(SearchProfile.QueryNode node) {
    Map<String, Long> b = node.breakdown();
    QueryProfile.Builder out =
        QueryProfile.newBuilder()
            .setType(node.type())
            .setDescription(node.description())
            .setTimeInNanos(node.timeNanos())
            .setBreakdown(
                QueryBreakdown.newBuilder()
                    .setAdvance(b.getOrDefault("advance", 0L))
                    .setAdvanceCount(b.getOrDefault("advance_count", 0L))
                    .setBuildScorer(b.getOrDefault("build_scorer", 0L))
                    .setBuildScorerCount(b.getOrDefault("build_scorer_count", 0L))
                    .setCreateWeight(b.getOrDefault("create_weight", 0L))
                    .setCreateWeightCount(b.getOrDefault("create_weight_count", 0L))
                    .setMatch(b.getOrDefault("match", 0L))
                    .setMatchCount(b.getOrDefault("match_count", 0L))
                    .setShallowAdvance(b.getOrDefault("shallow_advance", 0L))
                    .setShallowAdvanceCount(b.getOrDefault("shallow_advance_count", 0L))
                    .setNextDoc(b.getOrDefault("next_doc", 0L))
                    .setNextDocCount(b.getOrDefault("next_doc_count", 0L))
                    .setScore(b.getOrDefault("score", 0L))
                    .setScoreCount(b.getOrDefault("score_count", 0L))
                    .setComputeMaxScore(b.getOrDefault("compute_max_score", 0L))
                    .setComputeMaxScoreCount(b.getOrDefault("compute_max_score_count", 0L))
                    .setSetMinCompetitiveScore(b.getOrDefault("set_min_competitive_score", 0L))
                    .setSetMinCompetitiveScoreCount(
                        b.getOrDefault("set_min_competitive_score_count", 0L)));
    for (SearchProfile.QueryNode child : node.children()) {
      out.addChildren(query(child));
    }
    return out.build();
  }
}
