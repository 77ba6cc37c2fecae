package dev.duet.engine;

import dev.duet.engine.index.TranslogRepairReport;
import dev.duet.engine.search.AliasFilterDecoder;
import dev.duet.engine.search.SessionLimits;
import java.io.IOException;
import java.nio.file.Path;
import java.time.InstantSource;

/**
 * What {@link Engines} opens engines with: the implementation, found through {@link
 * java.util.ServiceLoader} so that the API does not depend on it.
 */
public interface EngineFactory {
  /** The engine whose data lives under {@code dataDir}, with its node limits. */
  Engine open(
      Path dataDir,
      AliasFilterDecoder filterDecoder,
      SessionLimits limits,
      InstantSource clock,
      int maxBuckets,
      int maxClauseCount);

  /**
   * The same, with {@code path.repo}: the folders snapshot repositories may be in (none: an {@code
   * fs} repository is refused).
   */
  default Engine open(
      Path dataDir,
      AliasFilterDecoder filterDecoder,
      SessionLimits limits,
      InstantSource clock,
      int maxBuckets,
      int maxClauseCount,
      java.util.List<Path> repoPaths) {
    return open(dataDir, filterDecoder, limits, clock, maxBuckets, maxClauseCount);
  }

  /**
   * The same, with the grok watchdog's {@code ingest.grok.watchdog.*} (how long a grok match may
   * run before its document fails).
   */
  default Engine open(
      Path dataDir,
      AliasFilterDecoder filterDecoder,
      SessionLimits limits,
      InstantSource clock,
      int maxBuckets,
      int maxClauseCount,
      java.util.List<Path> repoPaths,
      dev.duet.engine.ingest.GrokWatchdogSettings grokWatchdog) {
    return open(dataDir, filterDecoder, limits, clock, maxBuckets, maxClauseCount, repoPaths);
  }

  /** {@code duet shard remove-corrupted-data} on {@code index} under {@code dataDir}. */
  TranslogRepairReport removeCorruptedTranslog(Path dataDir, String index) throws IOException;
}
