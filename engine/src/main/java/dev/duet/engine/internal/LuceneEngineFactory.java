package dev.duet.engine.internal;

import dev.duet.engine.Engine;
import dev.duet.engine.EngineFactory;
import dev.duet.engine.index.TranslogRepairReport;
import dev.duet.engine.ingest.GrokWatchdogSettings;
import dev.duet.engine.internal.shard.TranslogRepair;
import dev.duet.engine.search.AliasFilterDecoder;
import dev.duet.engine.search.SessionLimits;
import java.io.IOException;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;

/** The {@link EngineFactory} of the Lucene engine, registered in {@code META-INF/services}. */
public final class LuceneEngineFactory implements EngineFactory {
  @Override
  public Engine open(
      Path dataDir,
      AliasFilterDecoder filterDecoder,
      SessionLimits limits,
      InstantSource clock,
      int maxBuckets,
      int maxClauseCount) {
    return LuceneEngine.open(dataDir, filterDecoder, limits, clock, maxBuckets, maxClauseCount);
  }

  @Override
  public Engine open(
      Path dataDir,
      AliasFilterDecoder filterDecoder,
      SessionLimits limits,
      InstantSource clock,
      int maxBuckets,
      int maxClauseCount,
      List<Path> repoPaths) {
    return LuceneEngine.open(
        dataDir, filterDecoder, limits, clock, maxBuckets, maxClauseCount, repoPaths);
  }

  @Override
  public Engine open(
      Path dataDir,
      AliasFilterDecoder filterDecoder,
      SessionLimits limits,
      InstantSource clock,
      int maxBuckets,
      int maxClauseCount,
      List<Path> repoPaths,
      GrokWatchdogSettings grokWatchdog) {
    return LuceneEngine.open(
        dataDir, filterDecoder, limits, clock, maxBuckets, maxClauseCount, repoPaths, grokWatchdog);
  }

  @Override
  public TranslogRepairReport removeCorruptedTranslog(Path dataDir, String index)
      throws IOException {
    return TranslogRepair.run(dataDir, index);
  }
}
