package dev.duet.engine.internal.field;

import java.io.IOException;
import java.util.Objects;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.ConstantScoreScorer;
import org.apache.lucene.search.ConstantScoreWeight;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.ScorerSupplier;
import org.apache.lucene.search.TwoPhaseIterator;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.LongBitSet;
import org.apache.lucene.util.automaton.Automaton;
import org.apache.lucene.util.automaton.CompiledAutomaton;

/**
 * Documents whose whole value (sorted-set doc values of {@code field}) an automaton accepts, among
 * the candidates of an approximation (the n-grams a {@code wildcard} field indexes): each segment's
 * accepted values are found once by intersecting its doc-values terms with the automaton, and each
 * candidate is then checked by its ordinals.
 */
final class PatternMatchQuery extends Query {
  private final String field;
  private final Query candidates;
  private final CompiledAutomaton automaton;
  private final String pattern;

  PatternMatchQuery(String field, Query candidates, Automaton automaton, String pattern) {
    this.field = field;
    this.candidates = candidates;
    this.automaton = new CompiledAutomaton(automaton, false, true, false);
    this.pattern = pattern;
  }

  @Override
  public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost)
      throws IOException {
    Weight approximation =
        searcher.rewrite(candidates).createWeight(searcher, ScoreMode.COMPLETE_NO_SCORES, 1f);
    return new ConstantScoreWeight(this, boost) {
      @Override
      public ScorerSupplier scorerSupplier(LeafReaderContext context) throws IOException {
        ScorerSupplier inner = approximation.scorerSupplier(context);
        if (inner == null) {
          return null;
        }
        SortedSetDocValues values = DocValues.getSortedSet(context.reader(), field);
        LongBitSet accepted = new LongBitSet(Math.max(1, values.getValueCount()));
        TermsEnum terms = values.intersect(automaton);
        boolean any = false;
        while (terms.next() != null) {
          accepted.set(terms.ord());
          any = true;
        }
        if (!any) {
          return null;
        }
        float score = score();
        return new ScorerSupplier() {
          @Override
          public Scorer get(long leadCost) throws IOException {
            DocIdSetIterator docs = inner.get(leadCost).iterator();
            TwoPhaseIterator verified =
                new TwoPhaseIterator(docs) {
                  @Override
                  public boolean matches() throws IOException {
                    if (!values.advanceExact(docs.docID())) {
                      return false;
                    }
                    for (int i = 0; i < values.docValueCount(); i++) {
                      if (accepted.get(values.nextOrd())) {
                        return true;
                      }
                    }
                    return false;
                  }

                  @Override
                  public float matchCost() {
                    return 10f;
                  }
                };
            return new ConstantScoreScorer(score, scoreMode, verified);
          }

          @Override
          public long cost() {
            return inner.cost();
          }
        };
      }

      @Override
      public boolean isCacheable(LeafReaderContext ctx) {
        return DocValues.isCacheable(ctx, field);
      }
    };
  }

  @Override
  public void visit(QueryVisitor visitor) {
    if (visitor.acceptField(field)) {
      visitor.visitLeaf(this);
    }
  }

  @Override
  public String toString(String f) {
    return field + ":pattern(" + pattern + ")";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PatternMatchQuery other
        && field.equals(other.field)
        && pattern.equals(other.pattern)
        && candidates.equals(other.candidates)
        && automaton.equals(other.automaton);
  }

  @Override
  public int hashCode() {
    return Objects.hash(field, pattern, candidates);
  }
}
