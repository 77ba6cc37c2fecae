package dev.duet.engine.internal.search;

import java.io.IOException;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopFieldCollector;

/**
 * {@code track_scores} under a field sort: the collected hits get their scores, and {@code
 * max_score} is the best score of every match, not only of the page (as OpenSearch reports it).
 */
public final class TrackedScores {
  private float max = Float.NaN;

  /** Scores {@code docs}, found on {@code searcher} by {@code query}, and notes its best match. */
  void score(IndexSearcher searcher, Query query, TopDocs docs) throws IOException {
    TopFieldCollector.populateScores(docs.scoreDocs, searcher, query);
    TopDocs best = searcher.search(query, 1);
    if (best.scoreDocs.length > 0 && !(best.scoreDocs[0].score <= max)) {
      max = best.scoreDocs[0].score;
    }
  }

  /** The best score over all targets; NaN when nothing matched. */
  float max() {
    return max;
  }
}
