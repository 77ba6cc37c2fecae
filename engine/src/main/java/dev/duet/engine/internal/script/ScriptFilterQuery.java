package dev.duet.engine.internal.script;

import dev.duet.engine.internal.field.DocValuesType;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.ConstantScoreScorer;
import org.apache.lucene.search.ConstantScoreWeight;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.ScorerSupplier;
import org.apache.lucene.search.TwoPhaseIterator;
import org.apache.lucene.search.Weight;
import org.opensearch.script.ScriptException;

/** The {@code script} query: every document, confirmed one by one by its filter script. */
public final class ScriptFilterQuery extends Query {
  private final FilterScript.Factory factory;
  private final Map<String, Object> params;
  private final Function<String, DocValuesType> types;
  private final String source;

  public ScriptFilterQuery(
      FilterScript.Factory factory,
      Map<String, Object> params,
      Function<String, DocValuesType> types,
      String source) {
    this.factory = factory;
    this.params = params;
    this.types = types;
    this.source = source;
  }

  @Override
  public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost) {
    return new ConstantScoreWeight(this, boost) {
      @Override
      public ScorerSupplier scorerSupplier(LeafReaderContext ctx) {
        DocLookup doc = new DocLookup(ctx.reader(), types);
        FilterScript script = factory.newInstance(params, doc);
        DocIdSetIterator all = DocIdSetIterator.all(ctx.reader().maxDoc());
        TwoPhaseIterator confirmed =
            new TwoPhaseIterator(all) {
              @Override
              public boolean matches() {
                doc.setDocument(all.docID());
                try {
                  return script.execute();
                } catch (ScriptException e) {
                  throw Scripts.failure(e);
                }
              }

              @Override
              public float matchCost() {
                return 1000f; // a script costs more than any index lookup
              }
            };
        ConstantScoreScorer scorer = new ConstantScoreScorer(score(), scoreMode, confirmed);
        return new DefaultScorerSupplier(scorer);
      }

      @Override
      public boolean isCacheable(LeafReaderContext ctx) {
        return false;
      }
    };
  }

  @Override
  public void visit(QueryVisitor visitor) {
    visitor.visitLeaf(this);
  }

  @Override
  public String toString(String field) {
    return "ScriptFilter(" + source + ")";
  }

  @Override
  public boolean equals(Object obj) {
    return sameClassAs(obj)
        && ((ScriptFilterQuery) obj).source.equals(source)
        && ((ScriptFilterQuery) obj).params.equals(params);
  }

  @Override
  public int hashCode() {
    return Objects.hash(classHash(), source, params);
  }
}
