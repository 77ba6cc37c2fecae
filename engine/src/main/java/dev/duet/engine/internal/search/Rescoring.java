package dev.duet.engine.internal.search;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.query.QueryTranslator;
import dev.duet.engine.search.QueryRescore;
import java.io.IOException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.QueryRescorer;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;

/**
 * The query rescorer as OpenSearch applies it to one index's top hits: each step rescores the top
 * {@code window_size} with Lucene's {@link QueryRescorer}, weighs hits its query does not match
 * (and hits past the window) by {@code query_weight} alone, and re-sorts the whole list by score.
 */
public final class Rescoring {
  private static final Comparator<ScoreDoc> BY_SCORE =
      (a, b) -> {
        int c = Float.compare(b.score, a.score);
        return c != 0 ? c : Integer.compare(a.doc, b.doc);
      };

  private Rescoring() {}

  /** How many hits the query phase must collect for the rescore windows. */
  static int window(List<QueryRescore> rescores, int numHits) {
    int window = numHits;
    for (QueryRescore r : rescores) {
      window = Math.max(window, r.windowSize());
    }
    return window;
  }

  static void validate(List<QueryRescore> rescores, boolean sorted) {
    if (!rescores.isEmpty() && sorted) {
      throw DuetException.illegalArgument(
          "Cannot use [sort] option in conjunction with [rescore].");
    }
  }

  static TopDocs rescore(
      IndexSearcher searcher, TopDocs docs, List<QueryRescore> rescores, QueryTranslator translator)
      throws IOException {
    TopDocs current = docs;
    for (QueryRescore step : rescores) {
      current = step(searcher, current, step, translator);
    }
    return current;
  }

  private static TopDocs step(
      IndexSearcher searcher, TopDocs in, QueryRescore step, QueryTranslator translator)
      throws IOException {
    int window = Math.min(step.windowSize(), in.scoreDocs.length);
    if (window <= 0) {
      return in;
    }
    QueryRescorer rescorer =
        new QueryRescorer(translator.translate(step.query())) {
          @Override
          protected float combine(float first, boolean secondMatches, float second) {
            float weighted = first * step.queryWeight();
            if (!secondMatches) {
              return weighted;
            }
            return combineScores(step.scoreMode(), weighted, second * step.rescoreQueryWeight());
          }
        };
    TopDocs top = new TopDocs(in.totalHits, Arrays.copyOf(in.scoreDocs, window));
    TopDocs rescored = rescorer.rescore(searcher, top, window);
    ScoreDoc[] out = in.scoreDocs.clone();
    System.arraycopy(rescored.scoreDocs, 0, out, 0, rescored.scoreDocs.length);
    if (out.length > rescored.scoreDocs.length) {
      // Past the window a hit counts as one the rescore query did not match.
      for (int i = rescored.scoreDocs.length; i < out.length; i++) {
        out[i].score *= step.queryWeight();
      }
      Arrays.sort(out, BY_SCORE);
    }
    return new TopDocs(in.totalHits, out);
  }

  private static float combineScores(String mode, float primary, float secondary) {
    return switch (mode) {
      case "multiply" -> primary * secondary;
      case "avg" -> (primary + secondary) / 2;
      case "max" -> Math.max(primary, secondary);
      case "min" -> Math.min(primary, secondary);
      default -> primary + secondary;
    };
  }
}
