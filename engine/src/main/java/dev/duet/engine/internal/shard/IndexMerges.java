package dev.duet.engine.internal.shard;

import dev.duet.engine.index.ForceMerge;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.lucene.index.IndexWriter;

/**
 * Runs a {@code _forcemerge} on one index's writer, as OpenSearch's engine does: expunging deletes
 * wins over a segment target (OpenSearch accepts both and merges only the deletes), and a target of
 * 0 or less just runs the merges the merge policy finds.
 */
public final class IndexMerges {
  private IndexMerges() {}

  /** Blocks until the merges are done. */
  static void forceMerge(IndexWriter writer, ForceMerge request) {
    try {
      if (request.onlyExpungeDeletes()) {
        writer.forceMergeDeletes(true);
      } else if (request.maxNumSegments() <= 0) {
        writer.maybeMerge();
      } else {
        writer.forceMerge(request.maxNumSegments(), true);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
