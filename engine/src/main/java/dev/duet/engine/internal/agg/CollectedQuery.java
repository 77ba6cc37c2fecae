package dev.duet.engine.internal.agg;

import java.io.IOException;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Weight;

/**
 * The query whose documents one index's top-level aggregators collect, as {@link FilterRewrite}
 * asks about it: its Lucene form, and whether it matches every live document of a segment (its
 * weight counts them without collecting, or it does not).
 */
final class CollectedQuery {
  final Query query;
  private final IndexSearcher searcher;
  private Weight weight;

  CollectedQuery(Query query, IndexSearcher searcher) {
    this.query = query;
    this.searcher = searcher;
  }

  /** Whether the query matches every live document of {@code segment}, known without a scan. */
  boolean matchesAll(LeafReaderContext segment) throws IOException {
    if (weight == null) {
      weight = searcher.createWeight(searcher.rewrite(query), ScoreMode.COMPLETE_NO_SCORES, 1f);
    }
    return weight.count(segment) == segment.reader().numDocs();
  }
}
