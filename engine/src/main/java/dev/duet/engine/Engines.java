package dev.duet.engine;

import dev.duet.engine.internal.LuceneEngine;
import dev.duet.engine.internal.agg.AggregationPhase;
import dev.duet.engine.search.AliasFilterDecoder;
import java.nio.file.Path;

/** Opens engines. */
public final class Engines {
  /** OpenSearch's default {@code search.max_buckets}, which {@link #open(Path)} applies. */
  public static final int DEFAULT_MAX_BUCKETS = AggregationPhase.DEFAULT_MAX_BUCKETS;

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
}
