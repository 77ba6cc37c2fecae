package dev.duet.engine;

import dev.duet.engine.search.AliasFilterDecoder;
import dev.duet.engine.search.SessionLimits;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.ServiceLoader;

/** Opens engines. */
public final class Engines {
  /** OpenSearch's default {@code search.max_buckets}, which {@link #open(Path)} applies. */
  public static final int DEFAULT_MAX_BUCKETS = 65_535;

  /**
   * OpenSearch's default {@code indices.query.bool.max_clause_count}, which {@link #open(Path)}
   * applies.
   */
  public static final int DEFAULT_MAX_CLAUSE_COUNT = 1024;

  private static final EngineFactory FACTORY =
      ServiceLoader.load(EngineFactory.class, Engines.class.getClassLoader())
          .findFirst()
          .orElseThrow(() -> new IllegalStateException("no EngineFactory on the class path"));

  private Engines() {}

  /**
   * The Lucene engine whose data lives under {@code dataDir} (created if missing; existing indices
   * are reloaded). Close it to commit.
   */
  public static Engine open(Path dataDir) {
    return open(dataDir, AliasFilterDecoder.NONE);
  }

  /** The same, with the decoder that turns alias filters into queries. */
  public static Engine open(Path dataDir, AliasFilterDecoder filterDecoder) {
    return open(dataDir, filterDecoder, DEFAULT_MAX_BUCKETS);
  }

  /** The same, failing a search whose aggregations return more than {@code maxBuckets} buckets. */
  public static Engine open(Path dataDir, AliasFilterDecoder filterDecoder, int maxBuckets) {
    return open(dataDir, filterDecoder, maxBuckets, DEFAULT_MAX_CLAUSE_COUNT);
  }

  /**
   * The same, also failing a search whose query holds more than {@code maxClauseCount} clauses
   * ({@code indices.query.bool.max_clause_count}).
   */
  public static Engine open(
      Path dataDir, AliasFilterDecoder filterDecoder, int maxBuckets, int maxClauseCount) {
    return FACTORY.open(
        dataDir,
        filterDecoder,
        SessionLimits.DEFAULTS,
        InstantSource.system(),
        maxBuckets,
        maxClauseCount);
  }

  /** The same, with {@code path.repo}: the folders the node's snapshot repositories may be in. */
  public static Engine open(
      Path dataDir,
      AliasFilterDecoder filterDecoder,
      int maxBuckets,
      int maxClauseCount,
      java.util.List<Path> repoPaths) {
    return FACTORY.open(
        dataDir,
        filterDecoder,
        SessionLimits.DEFAULTS,
        InstantSource.system(),
        maxBuckets,
        maxClauseCount,
        repoPaths);
  }

  /**
   * The same, with the grok watchdog's {@code ingest.grok.watchdog.interval} and {@code
   * max_execution_time}.
   */
  public static Engine open(
      Path dataDir,
      AliasFilterDecoder filterDecoder,
      int maxBuckets,
      int maxClauseCount,
      java.util.List<Path> repoPaths,
      dev.duet.engine.ingest.GrokWatchdogSettings grokWatchdog) {
    return FACTORY.open(
        dataDir,
        filterDecoder,
        SessionLimits.DEFAULTS,
        InstantSource.system(),
        maxBuckets,
        maxClauseCount,
        repoPaths,
        grokWatchdog);
  }

  /**
   * {@code duet shard remove-corrupted-data}: cuts the translog of {@code index} under {@code
   * dataDir} back to the operations before its damage, keeping a copy of the damaged file. Only
   * while no node has the data folder open.
   */
  public static dev.duet.engine.index.TranslogRepairReport removeCorruptedTranslog(
      Path dataDir, String index) throws java.io.IOException {
    return FACTORY.removeCorruptedTranslog(dataDir, index);
  }
}
