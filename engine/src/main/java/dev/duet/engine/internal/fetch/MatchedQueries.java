package dev.duet.engine.internal.fetch;

import dev.duet.engine.search.Boosting;
import dev.duet.engine.search.ConstantScore;
import dev.duet.engine.search.DisMax;
import dev.duet.engine.search.FunctionScore;
import dev.duet.engine.search.Query;
import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TwoPhaseIterator;
import org.apache.lucene.search.Weight;

/**
 * The fetch sub-phase of {@code matched_queries}: which of the request's named queries ({@code
 * _name}) a hit matches, and with {@code include_named_queries_score} each one's score, as
 * OpenSearch's {@code MatchedQueriesPhase} answers. One per index searched.
 */
final class MatchedQueries {
  /** By name, in a {@link HashMap}: hits list their names in its order, as OpenSearch's do. */
  private final Map<String, Weight> weights;

  private final boolean scores;

  private MatchedQueries(Map<String, Weight> weights, boolean scores) {
    this.weights = weights;
    this.scores = scores;
  }

  /** The named queries of one index ({@code queries}, translated on it), weighed on searcher. */
  static MatchedQueries of(
      Map<String, org.apache.lucene.search.Query> queries, IndexSearcher searcher, boolean scores)
      throws IOException {
    Map<String, Weight> weights = new HashMap<>();
    ScoreMode mode = scores ? ScoreMode.COMPLETE : ScoreMode.COMPLETE_NO_SCORES;
    for (Map.Entry<String, org.apache.lucene.search.Query> e : queries.entrySet()) {
      weights.put(e.getKey(), searcher.createWeight(searcher.rewrite(e.getValue()), mode, 1f));
    }
    return new MatchedQueries(weights, scores);
  }

  /** Whether {@code query} names any query within it. */
  static boolean any(Query query) {
    return switch (query) {
      case null -> false;
      case Query.Named n -> true;
      case Query.Bool b -> any(b.must()) || any(b.should()) || any(b.filter()) || any(b.mustNot());
      case ConstantScore c -> any(c.filter());
      case Boosting b -> any(b.positive()) || any(b.negative());
      case DisMax d -> any(d.queries());
      case FunctionScore f -> any(f.query());
      case Query.Knn k -> any(k.filter());
      default -> false;
    };
  }

  private static boolean any(List<Query> queries) {
    for (Query q : queries) {
      if (any(q)) {
        return true;
      }
    }
    return false;
  }

  /** The names {@code doc} (a top-level doc id of the searcher) matches, with their scores. */
  Map<String, Float> of(IndexSearcher searcher, int doc) throws IOException {
    List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
    LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
    int target = doc - leaf.docBase;
    Map<String, Float> out = null;
    for (Map.Entry<String, Weight> e : weights.entrySet()) {
      Scorer scorer = e.getValue().scorer(leaf);
      if (scorer == null || !matches(scorer, target)) {
        continue;
      }
      if (out == null) {
        out = new LinkedHashMap<>();
      }
      out.put(e.getKey(), scores ? scorer.score() : Float.NaN);
    }
    return out == null ? Map.of() : out;
  }

  private static boolean matches(Scorer scorer, int target) throws IOException {
    TwoPhaseIterator twoPhase = scorer.twoPhaseIterator();
    if (twoPhase == null) {
      DocIdSetIterator it = scorer.iterator();
      return it.advance(target) == target;
    }
    return twoPhase.approximation().advance(target) == target && twoPhase.matches();
  }
}
