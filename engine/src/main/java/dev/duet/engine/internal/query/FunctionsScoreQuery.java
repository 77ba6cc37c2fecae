package dev.duet.engine.internal.query;

import dev.duet.engine.search.FunctionScore.BoostMode;
import dev.duet.engine.search.FunctionScore.ScoreMode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.ScorerSupplier;
import org.apache.lucene.search.TwoPhaseIterator;
import org.apache.lucene.search.Weight;

/**
 * OpenSearch's {@code function_score} as a Lucene query: each matching document's query score is
 * combined with its functions' scores by the score and boost modes, in double precision and then
 * cast to float, the way OpenSearch's {@code FunctionScoreQuery} computes it.
 */
public final class FunctionsScoreQuery extends Query {
  /** Evaluates one function in one segment. */
  interface LeafFunction {
    double score(int doc, float queryScore) throws IOException;
  }

  /** Opens a function per segment. */
  interface FunctionSource {
    LeafFunction open(LeafReaderContext ctx) throws IOException;
  }

  /** One function: applies where {@code filter} matches (null: everywhere), times weight. */
  record Function(Query filter, FunctionSource source, Float weight) {
    double weightOrOne() {
      return weight == null ? 1d : weight;
    }
  }

  private final Query query;
  private final List<Function> functions;
  private final ScoreMode scoreMode;
  private final BoostMode boostMode;
  private final float maxBoost;
  private final Float minScore;

  FunctionsScoreQuery(
      Query query,
      List<Function> functions,
      ScoreMode scoreMode,
      BoostMode boostMode,
      float maxBoost,
      Float minScore) {
    this.query = query;
    this.functions = List.copyOf(functions);
    this.scoreMode = scoreMode;
    this.boostMode = boostMode;
    this.maxBoost = maxBoost;
    this.minScore = minScore;
  }

  @Override
  public Weight createWeight(
      IndexSearcher searcher, org.apache.lucene.search.ScoreMode mode, float boost)
      throws IOException {
    boolean scores = mode.needsScores() || minScore != null;
    Weight inner =
        searcher.createWeight(
            searcher.rewrite(query),
            scores
                ? org.apache.lucene.search.ScoreMode.COMPLETE
                : org.apache.lucene.search.ScoreMode.COMPLETE_NO_SCORES,
            1f);
    List<Weight> filters = new ArrayList<>(functions.size());
    for (Function f : functions) {
      filters.add(
          f.filter() == null
              ? null
              : searcher.createWeight(
                  searcher.rewrite(f.filter()),
                  org.apache.lucene.search.ScoreMode.COMPLETE_NO_SCORES,
                  1f));
    }
    return new Weight(this) {
      @Override
      public ScorerSupplier scorerSupplier(LeafReaderContext ctx) throws IOException {
        ScorerSupplier innerSupplier = inner.scorerSupplier(ctx);
        if (innerSupplier == null) {
          return null;
        }
        return new ScorerSupplier() {
          @Override
          public Scorer get(long leadCost) throws IOException {
            Scorer scorer = innerSupplier.get(leadCost);
            DocIdSetIterator[] matches = new DocIdSetIterator[functions.size()];
            LeafFunction[] leaf = new LeafFunction[functions.size()];
            for (int i = 0; i < leaf.length; i++) {
              leaf[i] = functions.get(i).source().open(ctx);
              if (filters.get(i) != null) {
                Scorer fs = filters.get(i).scorer(ctx);
                matches[i] = fs == null ? DocIdSetIterator.empty() : fs.iterator();
              }
            }
            return new FunctionScorer(scorer, matches, leaf, boost);
          }

          @Override
          public long cost() {
            return innerSupplier.cost();
          }
        };
      }

      @Override
      public Explanation explain(LeafReaderContext ctx, int doc) throws IOException {
        Scorer s = scorer(ctx);
        if (s == null || s.iterator().advance(doc) != doc) {
          return Explanation.noMatch("no matching document");
        }
        return Explanation.match(s.score(), "function score, computed as OpenSearch does");
      }

      @Override
      public boolean isCacheable(LeafReaderContext ctx) {
        return false;
      }
    };
  }

  private final class FunctionScorer extends Scorer {
    private final Scorer inner;
    private final DocIdSetIterator[] matches;
    private final LeafFunction[] leaf;
    private final float boost;
    private final DocIdSetIterator iterator;
    private final TwoPhaseIterator twoPhase;

    FunctionScorer(Scorer inner, DocIdSetIterator[] matches, LeafFunction[] leaf, float boost) {
      this.inner = inner;
      this.matches = matches;
      this.leaf = leaf;
      this.boost = boost;
      if (minScore == null) {
        this.twoPhase = null;
        this.iterator = inner.iterator();
      } else {
        this.twoPhase =
            new TwoPhaseIterator(inner.iterator()) {
              @Override
              public boolean matches() throws IOException {
                return compute() >= minScore;
              }

              @Override
              public float matchCost() {
                return 10f * leaf.length;
              }
            };
        this.iterator = TwoPhaseIterator.asDocIdSetIterator(twoPhase);
      }
    }

    @Override
    public int docID() {
      return inner.docID();
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
    public float getMaxScore(int upTo) {
      return Float.MAX_VALUE;
    }

    @Override
    public float score() throws IOException {
      return compute() * boost;
    }

    private float compute() throws IOException {
      int doc = inner.docID();
      float queryScore = inner.score();
      double factor = factor(doc, queryScore);
      return combine(queryScore, factor);
    }

    private boolean applies(int i, int doc) throws IOException {
      DocIdSetIterator it = matches[i];
      if (it == null) {
        return true;
      }
      if (it.docID() < doc) {
        it.advance(doc);
      }
      return it.docID() == doc;
    }

    private double factor(int doc, float queryScore) throws IOException {
      double factor = 1d;
      switch (scoreMode) {
        case FIRST -> {
          for (int i = 0; i < leaf.length; i++) {
            if (applies(i, doc)) {
              factor = weighted(i, doc, queryScore);
              break;
            }
          }
        }
        case MULTIPLY -> {
          for (int i = 0; i < leaf.length; i++) {
            if (applies(i, doc)) {
              factor *= weighted(i, doc, queryScore);
            }
          }
        }
        case MAX, MIN -> {
          double best = scoreMode == ScoreMode.MAX ? Double.NEGATIVE_INFINITY : Double.MAX_VALUE;
          for (int i = 0; i < leaf.length; i++) {
            if (applies(i, doc)) {
              double s = weighted(i, doc, queryScore);
              best = scoreMode == ScoreMode.MAX ? Math.max(best, s) : Math.min(best, s);
            }
          }
          if (scoreMode == ScoreMode.MAX
              ? best > Float.NEGATIVE_INFINITY
              : best < Float.MAX_VALUE) {
            factor = best;
          }
        }
        case SUM, AVG -> {
          double total = 0;
          double weightSum = 0;
          for (int i = 0; i < leaf.length; i++) {
            if (applies(i, doc)) {
              total += weighted(i, doc, queryScore);
              weightSum += functions.get(i).weightOrOne();
            }
          }
          if (weightSum != 0) {
            factor = scoreMode == ScoreMode.AVG ? total / weightSum : total;
          }
        }
      }
      return Math.min(factor, maxBoost);
    }

    private double weighted(int i, int doc, float queryScore) throws IOException {
      double s = leaf[i].score(doc, queryScore);
      Float weight = functions.get(i).weight();
      return weight == null ? s : s * weight;
    }

    private float combine(float queryScore, double factor) {
      double f = Math.min(factor, maxBoost);
      return switch (boostMode) {
        case MULTIPLY -> (float) (queryScore * f);
        case REPLACE -> (float) f;
        case SUM -> (float) (queryScore + f);
        case AVG -> (float) ((queryScore + f) / 2.0);
        case MAX -> (float) Math.max(queryScore, f);
        case MIN -> (float) Math.min(queryScore, f);
      };
    }
  }

  @Override
  public Query rewrite(IndexSearcher searcher) throws IOException {
    return this;
  }

  @Override
  public void visit(QueryVisitor visitor) {
    query.visit(visitor.getSubVisitor(org.apache.lucene.search.BooleanClause.Occur.MUST, this));
  }

  @Override
  public String toString(String field) {
    return "function_score(" + query.toString(field) + ", functions=" + functions.size() + ")";
  }

  @Override
  public boolean equals(Object o) {
    return this == o;
  }

  @Override
  public int hashCode() {
    return Objects.hash(classHash(), query, functions.size());
  }
}
