package dev.duet.engine.internal.search;

import java.io.IOException;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TotalHits;
import org.apache.lucene.search.Weight;

/**
 * The hits of a {@code size: 0} search, counted from the index without visiting a document where
 * every segment can tell its count ({@link Weight#count}: match_all, a term, deletions-free
 * segments), as OpenSearch's query phase does; aggregations then read the documents once.
 */
public final class HitCount {
  private HitCount() {}

  /** The exact count as empty top docs, or null when some segment must be collected. */
  static TopDocs withoutCollecting(IndexSearcher searcher, Query query) throws IOException {
    Weight weight =
        searcher.createWeight(searcher.rewrite(query), ScoreMode.COMPLETE_NO_SCORES, 1f);
    long total = 0;
    for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
      int count = weight.count(leaf);
      if (count < 0) {
        return null;
      }
      total += count;
    }
    return new TopDocs(new TotalHits(total, TotalHits.Relation.EQUAL_TO), new ScoreDoc[0]);
  }
}
