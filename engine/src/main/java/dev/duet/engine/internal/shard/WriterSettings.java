package dev.duet.engine.internal.shard;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.KeepOnlyLastCommitDeletionPolicy;
import org.apache.lucene.index.SnapshotDeletionPolicy;
import org.apache.lucene.index.TieredMergePolicy;
import org.apache.lucene.search.Sort;

/**
 * The {@link IndexWriterConfig} of every Duet index, with OpenSearch 3.8's defaults where Lucene's
 * differ, so that both engines flush and merge alike (asked of the running OpenSearch with {@code
 * GET /{index}/_settings?include_defaults=true}).
 */
public final class WriterSettings {
  /** {@code index.merge.policy.segments_per_tier}: Lucene 10.5 defaults to 8. */
  static final double SEGMENTS_PER_TIER = 10;

  /**
   * {@code index.merge.policy.max_merge_at_once}: Lucene 10.5 defaults to 10; a wider merge
   * rewrites each document fewer times on its way up the tiers.
   */
  static final int MAX_MERGE_AT_ONCE = 30;

  /** {@code index.merge.policy.floor_segment}, as in Lucene. */
  static final double FLOOR_SEGMENT_MB = 16;

  /** {@code index.merge.policy.max_merged_segment}, as in Lucene. */
  static final double MAX_MERGED_SEGMENT_MB = 5 * 1024;

  /** {@code index.merge.policy.deletes_pct_allowed}, as in Lucene. */
  static final double DELETES_PCT_ALLOWED = 20;

  /**
   * Indexing buffer before a segment is flushed. OpenSearch shares 10% of the heap (at least 48 MB)
   * among the shards that index; Duet gives each index a fixed buffer of that order.
   */
  static final double RAM_BUFFER_MB = 64;

  private WriterSettings() {}

  /** The field Lucene marks each block's parent document with in a sorted index. */
  static final String PARENT_FIELD = "_duet_parent";

  /**
   * The config; {@code indexSort} (null when the index is not sorted) is the order segments keep,
   * with the parent field Lucene needs to keep nested blocks together under it; merges are counted
   * in {@code counters}.
   */
  static IndexWriterConfig config(
      Analyzer analyzer,
      Codec codec,
      Sort indexSort,
      dev.duet.engine.internal.stats.ShardCounters counters) {
    TieredMergePolicy merges = new TieredMergePolicy();
    merges.setSegmentsPerTier(SEGMENTS_PER_TIER);
    merges.setMaxMergeAtOnce(MAX_MERGE_AT_ONCE);
    merges.setFloorSegmentMB(FLOOR_SEGMENT_MB);
    merges.setMaxMergedSegmentMB(MAX_MERGED_SEGMENT_MB);
    merges.setDeletesPctAllowed(DELETES_PCT_ALLOWED);
    IndexWriterConfig config = new IndexWriterConfig(analyzer);
    config.setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND);
    config.setCodec(codec);
    config.setMergePolicy(merges);
    config.setMergeScheduler(new CountingMergeScheduler(counters));
    config.setRAMBufferSizeMB(RAM_BUFFER_MB);
    config.setCommitOnClose(false);
    // Snapshots hold a commit's files while they copy them (LuceneIndex.holdCommit).
    config.setIndexDeletionPolicy(
        new SnapshotDeletionPolicy(new KeepOnlyLastCommitDeletionPolicy()));
    if (indexSort != null) {
      config.setIndexSort(indexSort);
      config.setParentField(PARENT_FIELD);
    }
    return config;
  }
}
