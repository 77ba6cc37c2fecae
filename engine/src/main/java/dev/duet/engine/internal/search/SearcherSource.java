package dev.duet.engine.internal.search;

import dev.duet.engine.internal.shard.LuceneIndex;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;

/**
 * Where a {@link SearchPhase} gets its searchers and where its page starts: {@link #LIVE} takes
 * each index's current searcher for one request; a scroll or point in time lends the searchers it
 * holds open, and a scroll also the cursor after its last page.
 */
public interface SearcherSource {
  /** Each index's latest refreshed searcher, returned when the search ends. */
  SearcherSource LIVE =
      new SearcherSource() {
        @Override
        public IndexSearcher acquire(LuceneIndex target) {
          return target.acquireSearcher();
        }

        @Override
        public void release(LuceneIndex target, IndexSearcher searcher) {
          target.releaseSearcher(searcher);
        }
      };

  IndexSearcher acquire(LuceneIndex target);

  void release(LuceneIndex target, IndexSearcher searcher);

  /**
   * Where the page starts on target {@code shard} (a {@code FieldDoc} when the search sorts), or
   * null to start where the request says (from, search_after).
   */
  default ScoreDoc after(int shard) {
    return null;
  }

  /** The merged page, whose hits carry their target as {@code shardIndex}. */
  default void emitted(TopDocs page) {}
}
