package dev.duet.engine.internal.shard;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

public class LiveVersionMapTest {
  @Test
  void countsTheBytesOfEntriesSinceTheLastRefresh() {
    LiveVersionMap map = new LiveVersionMap();
    map.put("a", new LiveVersionMap.Entry(1, 0, 1, new byte[1000], 0));
    map.put("b", new LiveVersionMap.Entry(1, 1, 1, null, System.nanoTime()));

    assertThat(map.ramBytes()).isEqualTo(2L * LiveVersionMap.ENTRY_OVERHEAD_BYTES + 2 + 2 + 1000);

    map.beforeRefresh();
    assertThat(map.ramBytes()).isZero();
    assertThat(map.get("a")).isNotNull(); // still there until the new searcher is published
    map.afterRefresh();
    assertThat(map.get("a")).isNull();
    assertThat(map.get("b")).isNotNull(); // the tombstone outlives the refresh
  }
}
