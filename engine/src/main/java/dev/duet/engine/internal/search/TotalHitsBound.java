package dev.duet.engine.internal.search;

import java.io.IOException;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

/**
 * When a search's hit count is known to pass {@code track_total_hits} without counting. A query
 * that matches every document one of its terms matches (a term, or a disjunction of terms such as a
 * {@code match} query with the {@code or} operator) matches at least as many documents as its most
 * frequent term, and the terms dictionary knows that number: its document frequency, less the
 * deleted documents of each segment. When that bound reaches the limit, the response says "{@code
 * limit}, gte" before any document is scored, and the top hits are collected with Lucene's dynamic
 * pruning from the first document, instead of after counting the first {@code limit} matches one by
 * one. The hits are the same: pruning skips only documents that cannot enter the top hits.
 *
 * <p>OpenSearch shortcuts the count of a single term query the same way, from its document
 * frequency; a disjunction of terms it counts.
 */
public final class TotalHitsBound {
  private TotalHitsBound() {}

  /**
   * Whether {@code query} is known to match at least {@code limit} documents of {@code reader},
   * from its terms' document frequencies; false when its shape gives no such bound.
   */
  static boolean reaches(IndexReader reader, Query query, int limit) throws IOException {
    if (limit <= 0) {
      return false;
    }
    Query q = unboosted(query);
    if (q instanceof TermQuery term) {
      return liveDocsWith(reader, term.getTerm(), limit) >= limit;
    }
    if (!(q instanceof BooleanQuery bool) || bool.getMinimumNumberShouldMatch() > 1) {
      return false;
    }
    // Every clause SHOULD and a term: a document matching any one term matches the query.
    for (BooleanClause clause : bool.clauses()) {
      if (clause.occur() != BooleanClause.Occur.SHOULD
          || !(unboosted(clause.query()) instanceof TermQuery)) {
        return false;
      }
    }
    for (BooleanClause clause : bool.clauses()) {
      TermQuery term = (TermQuery) unboosted(clause.query());
      if (liveDocsWith(reader, term.getTerm(), limit) >= limit) {
        return true;
      }
    }
    return false;
  }

  /**
   * A lower bound of the live documents holding {@code term}, summed over the segments until it
   * reaches {@code enough}.
   */
  private static long liveDocsWith(IndexReader reader, Term term, int enough) throws IOException {
    long bound = 0;
    for (LeafReaderContext leaf : reader.leaves()) {
      int freq = leaf.reader().docFreq(term);
      bound += Math.max(0, freq - leaf.reader().numDeletedDocs());
      if (bound >= enough) {
        break;
      }
    }
    return bound;
  }

  private static Query unboosted(Query query) {
    Query q = query;
    while (q instanceof BoostQuery boost) {
      q = boost.getQuery();
    }
    return q;
  }
}
