package dev.duet.engine;

import dev.duet.engine.internal.LuceneEngine;
import dev.duet.engine.internal.agg.AggregationPhase;
import dev.duet.engine.internal.query.ClauseLimit;
import dev.duet.engine.search.AliasFilterDecoder;
import dev.duet.engine.search.SessionLimits;
import java.nio.file.Path;
import java.time.InstantSource;

/** Opens engines. */
public final class Engines {
  /** OpenSearch's default {@code search.max_buckets}, which {@link #open(Path)} applies. */
  public static final int DEFAULT_MAX_BUCKETS = AggregationPhase.DEFAULT_MAX_BUCKETS;

  /**
   * OpenSearch's default {@code indices.query.bool.max_clause_count}, which {@link #open(Path)}
   * applies.
   */
  public static final int DEFAULT_MAX_CLAUSE_COUNT = ClauseLimit.DEFAULT_MAX_CLAUSE_COUNT;

  private Engines() {}

  /**
   * The Lucene engine whose data lives under {@code dataDir} (created if missing; existing indices
   * are reloaded). Close it to commit.
   */
  public static Engine open(Path dataDir) {
    return LuceneEngine.open(dataDir);
  }

  /** The same, with the decoder that turns alias filters into queries. */
  public static Engine open(Path dataDir, AliasFilterDecoder filterDecoder) {
    return LuceneEngine.open(dataDir, filterDecoder);
  }

  /** The same, failing a search whose aggregations return more than {@code maxBuckets} buckets. */
  public static Engine open(Path dataDir, AliasFilterDecoder filterDecoder, int maxBuckets) {
    return LuceneEngine.open(dataDir, filterDecoder, maxBuckets);
  }

  /**
   * The same, also failing a search whose query holds more than {@code maxClauseCount} clauses
   * ({@code indices.query.bool.max_clause_count}).
   */
  public static Engine open(
      Path dataDir, AliasFilterDecoder filterDecoder, int maxBuckets, int maxClauseCount) {
    return LuceneEngine.open(
        dataDir,
        filterDecoder,
        SessionLimits.DEFAULTS,
        InstantSource.system(),
        maxBuckets,
        maxClauseCount);
  }

  /**
   * {@code duet shard remove-corrupted-data}: cuts the translog of {@code index} under {@code
   * dataDir} back to the operations before its damage, keeping a copy of the damaged file. Only
   * while no node has the data folder open.
   */
  public static dev.duet.engine.index.TranslogRepairReport removeCorruptedTranslog(
      Path dataDir, String index) throws java.io.IOException {
    return dev.duet.engine.internal.shard.TranslogRepair.run(dataDir, index);
  }
}
