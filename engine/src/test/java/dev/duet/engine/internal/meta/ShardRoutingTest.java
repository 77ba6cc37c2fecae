package dev.duet.engine.internal.meta;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.index.IndexSettings;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Shard numbers as OpenSearch 3.8.0 computes them ({@code _search_shards?routing=} on it). */
class ShardRoutingTest {
  private static final IndexSettings FIVE = new IndexSettings(Map.of("number_of_shards", "5"));

  @Test
  void routesAsOpenSearchDoesWithTheDefaultRoutingShards() {
    assertThat(FIVE.routingNumShards()).isEqualTo(640);
    assertThat(ShardRouting.shardOf(FIVE, "x", "5")).isEqualTo(0);
    assertThat(ShardRouting.shardOf(FIVE, "x", "4")).isEqualTo(1);
    assertThat(ShardRouting.shardOf(FIVE, "x", "1")).isEqualTo(4);
    assertThat(ShardRouting.shardOf(FIVE, "x", "2")).isEqualTo(3);
    assertThat(ShardRouting.shardOf(FIVE, "x", "abc")).isEqualTo(4);
    assertThat(ShardRouting.shardOf(FIVE, "x", "hello")).isEqualTo(4);
    // Without a routing value the id routes.
    assertThat(ShardRouting.shardOf(FIVE, "4", null)).isEqualTo(1);
  }

  @Test
  void honoursNumberOfRoutingShards() {
    IndexSettings three =
        new IndexSettings(Map.of("number_of_shards", "3", "number_of_routing_shards", "12"));
    assertThat(ShardRouting.shardOf(three, "x", "5")).isEqualTo(0);
    assertThat(ShardRouting.shardOf(three, "x", "abc")).isEqualTo(0);
    assertThat(new IndexSettings(Map.of()).routingNumShards()).isEqualTo(1024);
  }

  @Test
  void oneShardReachesEveryDocument() {
    IndexSettings one = new IndexSettings(Map.of("number_of_shards", "1"));
    assertThat(ShardRouting.reaches(one, "1", "5", null)).isTrue();
    assertThat(ShardRouting.reaches(FIVE, "1", "5", null)).isFalse();
    assertThat(ShardRouting.reaches(FIVE, "1", "5", "5")).isTrue();
    assertThat(ShardRouting.reaches(FIVE, "1", "5", "4")).isFalse();
  }
}
