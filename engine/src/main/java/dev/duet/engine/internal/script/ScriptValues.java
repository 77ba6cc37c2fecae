package dev.duet.engine.internal.script;

import dev.duet.engine.internal.field.DocValuesType;
import java.io.IOException;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.DoubleValues;
import org.apache.lucene.search.DoubleValuesSource;
import org.apache.lucene.search.IndexSearcher;
import org.opensearch.script.ScriptException;

/**
 * A number script as Lucene's {@link DoubleValuesSource}: {@code script_score}'s score (under a
 * {@code FunctionScoreQuery}) and a {@code _script} sort's key. One script instance and one {@link
 * DocLookup} per segment; {@code _score} is the wrapped query's score when the script reads it.
 */
public final class ScriptValues extends DoubleValuesSource {
  private final ScoreScript.Factory factory;
  private final Map<String, Object> params;
  private final Function<String, DocValuesType> types;
  private final String source;
  private final boolean score;
  private final boolean needsScore;

  /**
   * {@code score}: the values are scores, which OpenSearch refuses to see negative; {@code types}
   * as {@link DocLookup} takes them.
   */
  public ScriptValues(
      ScoreScript.Factory factory,
      Map<String, Object> params,
      Function<String, DocValuesType> types,
      String source,
      boolean score) {
    this.factory = factory;
    this.params = params;
    this.types = types;
    this.source = source;
    this.score = score;
    this.needsScore = factory.newInstance(params, new DocLookup(null, types)).needs_score();
  }

  @Override
  public DoubleValues getValues(LeafReaderContext ctx, DoubleValues scores) {
    DocLookup doc = new DocLookup(ctx.reader(), types);
    if (scores != null) {
      doc.setScorer(
          new org.apache.lucene.search.Scorable() {
            @Override
            public float score() throws IOException {
              return (float) scores.doubleValue();
            }
          });
    }
    ScoreScript script = factory.newInstance(params, doc);
    return new DoubleValues() {
      private double value;

      @Override
      public double doubleValue() {
        return value;
      }

      @Override
      public boolean advanceExact(int target) {
        doc.setDocument(target);
        try {
          value = script.execute();
        } catch (ScriptException e) {
          throw Scripts.failure(e);
        }
        if (score && (value < 0 || Double.isNaN(value))) {
          throw new dev.duet.engine.error.DuetException(
              400,
              "illegal_argument_exception",
              "script_score script returned an invalid score ["
                  + (float) value
                  + "] for doc ["
                  + target
                  + "]. Must be a non-negative score!");
        }
        return true;
      }
    };
  }

  @Override
  public boolean needsScores() {
    return needsScore;
  }

  @Override
  public DoubleValuesSource rewrite(IndexSearcher searcher) {
    return this;
  }

  @Override
  public boolean isCacheable(LeafReaderContext ctx) {
    return false;
  }

  @Override
  public int hashCode() {
    return Objects.hash(source, params);
  }

  @Override
  public boolean equals(Object obj) {
    return obj instanceof ScriptValues other
        && other.source.equals(source)
        && other.params.equals(params);
  }

  @Override
  public String toString() {
    return "script(" + source + ")";
  }
}
