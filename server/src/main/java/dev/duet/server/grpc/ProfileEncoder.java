package dev.duet.server.grpc;

import dev.duet.engine.search.SearchProfile;
import java.util.Map;
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
      out.addShards(
          ShardProfile.newBuilder()
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
