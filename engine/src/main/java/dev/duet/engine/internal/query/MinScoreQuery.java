package dev.duet.engine.internal.query;

import java.io.IOException;
import java.util.Objects;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.FilterWeight;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.ScorerSupplier;
import org.apache.lucene.search.TwoPhaseIterator;
import org.apache.lucene.search.Weight;

/**
 * The search's {@code min_score}: only documents whose score reaches it match, so totals count only
 * them, as OpenSearch's do.
 */
public final class MinScoreQuery extends Query {
  private final Query query;
  private final float minScore;

  public MinScoreQuery(Query query, float minScore) {
    this.query = query;
    this.minScore = minScore;
  }

  @Override
  public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost)
      throws IOException {
    Weight inner = searcher.createWeight(searcher.rewrite(query), ScoreMode.COMPLETE, boost);
    return new FilterWeight(this, inner) {
      @Override
      public ScorerSupplier scorerSupplier(LeafReaderContext ctx) throws IOException {
        ScorerSupplier supplier = inner.scorerSupplier(ctx);
        if (supplier == null) {
          return null;
        }
        return new ScorerSupplier() {
          @Override
          public Scorer get(long leadCost) throws IOException {
            Scorer scorer = supplier.get(leadCost);
            TwoPhaseIterator twoPhase =
                new TwoPhaseIterator(scorer.iterator()) {
                  @Override
                  public boolean matches() throws IOException {
                    return scorer.score() >= minScore;
                  }

                  @Override
                  public float matchCost() {
                    return 10f;
                  }
                };
            DocIdSetIterator iterator = TwoPhaseIterator.asDocIdSetIterator(twoPhase);
            return new Scorer() {
              @Override
              public int docID() {
                return scorer.docID();
              }

              @Override
              public DocIdSetIterator iterator() {
                return iterator;
              }

              @Override
              public TwoPhaseIterator twoPhaseIterator() {
                return twoPhase;
              }

              @Override
              public float getMaxScore(int upTo) throws IOException {
                return scorer.getMaxScore(upTo);
              }

              @Override
              public float score() throws IOException {
                return scorer.score();
              }
            };
          }

          @Override
          public long cost() {
            return supplier.cost();
          }
        };
      }

      @Override
      public Explanation explain(LeafReaderContext ctx, int doc) throws IOException {
        Explanation e = inner.explain(ctx, doc);
        return e.isMatch() && e.getValue().floatValue() < minScore
            ? Explanation.noMatch("score below min_score " + minScore, e)
            : e;
      }

      @Override
      public boolean isCacheable(LeafReaderContext ctx) {
        return false;
      }
    };
  }

  @Override
  public Query rewrite(IndexSearcher searcher) throws IOException {
    Query rewritten = query.rewrite(searcher);
    return rewritten == query ? this : new MinScoreQuery(rewritten, minScore);
  }

  @Override
  public void visit(QueryVisitor visitor) {
    query.visit(visitor);
  }

  @Override
  public String toString(String field) {
    return "min_score(" + query.toString(field) + ", " + minScore + ")";
  }

  @Override
  public boolean equals(Object o) {
    return sameClassAs(o)
        && o instanceof MinScoreQuery other
        && query.equals(other.query)
        && minScore == other.minScore;
  }

  @Override
  public int hashCode() {
    return Objects.hash(classHash(), query, minScore);
  }
}
