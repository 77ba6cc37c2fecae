package dev.duet.engine.internal.bulk;

import dev.duet.engine.internal.shard.LuceneIndex;
import java.util.List;

/** OpenSearch's {@code ReindexValidator} checks that need the node's indices. */
public final class ReindexChecks {
  private ReindexChecks() {}

  /**
   * A reindex may not write into an index it reads from: the scroll would see its own writes.
   *
   * @param concreteDest the index {@code dest} resolves to for writing, null if none yet
   */
  public static void destNotSource(String dest, String concreteDest, List<LuceneIndex> sources) {
    String target = concreteDest == null ? dest : concreteDest;
    for (LuceneIndex source : sources) {
      if (source.name().equals(target)) {
        throw dev.duet.engine.document.Validation.failed(
            List.of("reindex cannot write into an index its reading from [" + target + "]"));
      }
    }
  }
}
