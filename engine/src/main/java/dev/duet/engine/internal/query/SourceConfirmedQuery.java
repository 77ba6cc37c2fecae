package dev.duet.engine.internal.query;

import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.source.SourceValues;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.memory.MemoryIndex;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.ConstantScoreScorer;
import org.apache.lucene.search.ConstantScoreWeight;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.ScorerSupplier;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TwoPhaseIterator;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.BytesRef;

/**
 * A positional query (a phrase) on a field indexed without positions ({@code match_only_text}), as
 * OpenSearch's {@code SourceConfirmedTextQuery} runs it: documents holding every term are
 * candidates, and each candidate's {@code _source} values are analyzed again into a one-document
 * {@link MemoryIndex} where the positional query decides. Scores are constant, as the field has no
 * frequencies to score by.
 */
final class SourceConfirmedQuery extends Query {
  private final Query positional;
  private final String field;
  private final String sourcePath;
  private final Analyzer analyzer;

  SourceConfirmedQuery(Query positional, String field, String sourcePath, Analyzer analyzer) {
    this.positional = positional;
    this.field = field;
    this.sourcePath = sourcePath;
    this.analyzer = analyzer;
  }

  @Override
  public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost)
      throws IOException {
    Set<Term> terms = new LinkedHashSet<>();
    searcher.rewrite(positional).visit(new RequiredTerms(terms));
    Query candidates;
    if (terms.isEmpty()) {
      candidates = MatchAllDocsQuery.INSTANCE;
    } else {
      BooleanQuery.Builder all = new BooleanQuery.Builder();
      terms.forEach(t -> all.add(new TermQuery(t), Occur.FILTER));
      candidates = all.build();
    }
    Weight approximation =
        searcher.rewrite(candidates).createWeight(searcher, ScoreMode.COMPLETE_NO_SCORES, 1f);
    return new ConstantScoreWeight(this, boost) {
      @Override
      public ScorerSupplier scorerSupplier(LeafReaderContext context) throws IOException {
        ScorerSupplier inner = approximation.scorerSupplier(context);
        if (inner == null) {
          return null;
        }
        StoredFields stored = context.reader().storedFields();
        float score = score();
        return new ScorerSupplier() {
          @Override
          public Scorer get(long leadCost) throws IOException {
            DocIdSetIterator docs = inner.get(leadCost).iterator();
            TwoPhaseIterator confirmed =
                new TwoPhaseIterator(docs) {
                  @Override
                  public boolean matches() throws IOException {
                    return confirm(stored, docs.docID());
                  }

                  @Override
                  public float matchCost() {
                    return 1000f; // a source load and an analysis per candidate
                  }
                };
            return new ConstantScoreScorer(score, scoreMode, confirmed);
          }

          @Override
          public long cost() {
            return inner.cost();
          }
        };
      }

      @Override
      public boolean isCacheable(LeafReaderContext ctx) {
        return true;
      }
    };
  }

  private boolean confirm(StoredFields stored, int doc) throws IOException {
    BytesRef source =
        stored.document(doc, Set.of(MetaFields.SOURCE)).getBinaryValue(MetaFields.SOURCE);
    if (source == null) {
      return false;
    }
    List<Object> values =
        new ArrayList<>(SourceValues.of(BytesRef.deepCopyOf(source).bytes).at(sourcePath));
    MemoryIndex memory = new MemoryIndex();
    for (Object value : values) {
      memory.addField(field, String.valueOf(value), analyzer);
    }
    return memory.search(positional) > 0f;
  }

  /** Collects the terms every match must hold (not a position's alternatives). */
  private static final class RequiredTerms extends QueryVisitor {
    private final Set<Term> terms;

    RequiredTerms(Set<Term> terms) {
      this.terms = terms;
    }

    @Override
    public void consumeTerms(Query query, Term... found) {
      terms.addAll(List.of(found));
    }

    @Override
    public QueryVisitor getSubVisitor(Occur occur, Query parent) {
      return occur == Occur.MUST || occur == Occur.FILTER ? this : QueryVisitor.EMPTY_VISITOR;
    }
  }

  @Override
  public void visit(QueryVisitor visitor) {
    positional.visit(visitor.getSubVisitor(Occur.MUST, this));
  }

  @Override
  public String toString(String f) {
    return "SourceConfirmed(" + positional.toString(f) + ")";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SourceConfirmedQuery other
        && positional.equals(other.positional)
        && field.equals(other.field)
        && sourcePath.equals(other.sourcePath);
  }

  @Override
  public int hashCode() {
    return Objects.hash(positional, field, sourcePath);
  }
}
