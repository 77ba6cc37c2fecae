package dev.duet.engine.internal.shard;

import dev.duet.engine.index.StatsCounter;
import dev.duet.engine.internal.stats.ShardCounters;
import java.io.IOException;
import org.apache.lucene.index.ConcurrentMergeScheduler;
import org.apache.lucene.index.MergePolicy;

/**
 * Lucene's concurrent merge scheduler, counting each merge for {@code _stats}' {@code merges}: the
 * ones running (documents, bytes) and the ones done with their time.
 */
final class CountingMergeScheduler extends ConcurrentMergeScheduler {
  private final ShardCounters counters;

  CountingMergeScheduler(ShardCounters counters) {
    this.counters = counters;
  }

  @Override
  protected void doMerge(MergeSource mergeSource, MergePolicy.OneMerge merge) throws IOException {
    long docs = 0;
    for (org.apache.lucene.index.SegmentCommitInfo segment : merge.segments) {
      docs += segment.info.maxDoc();
    }
    long bytes = merge.totalBytesSize();
    counters.add(StatsCounter.MERGE_CURRENT_DOCS, docs);
    counters.add(StatsCounter.MERGE_CURRENT_BYTES, bytes);
    long start = counters.begin(StatsCounter.MERGE_CURRENT);
    try {
      super.doMerge(mergeSource, merge);
    } finally {
      counters.end(
          StatsCounter.MERGE_CURRENT, StatsCounter.MERGE_TOTAL, StatsCounter.MERGE_TIME, start);
      counters.add(StatsCounter.MERGE_CURRENT_DOCS, -docs);
      counters.add(StatsCounter.MERGE_CURRENT_BYTES, -bytes);
      counters.add(StatsCounter.MERGE_TOTAL_DOCS, docs);
      counters.add(StatsCounter.MERGE_TOTAL_BYTES, bytes);
    }
  }
}
