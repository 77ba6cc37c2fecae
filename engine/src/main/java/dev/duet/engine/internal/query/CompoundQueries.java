package dev.duet.engine.internal.query;

import dev.duet.engine.search.Boosting;
import dev.duet.engine.search.ConstantScore;
import dev.duet.engine.search.DisMax;
import dev.duet.engine.search.FunctionScore;
import dev.duet.engine.search.ScoreFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.DisjunctionMaxQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;

/**
 * The compound queries beyond bool: constant_score, boosting (Lucene's boost-by-query, as
 * OpenSearch builds it), dis_max and function_score. {@code translate} turns their inner queries.
 */
public final class CompoundQueries {
  private final Function<dev.duet.engine.search.Query, Query> translate;
  private final ScoreFunctions functions;

  CompoundQueries(
      Function<dev.duet.engine.search.Query, Query> translate, ScoreFunctions functions) {
    this.translate = translate;
    this.functions = functions;
  }

  Query constantScore(ConstantScore c) {
    return new ConstantScoreQuery(translate.apply(c.filter()));
  }

  Query boosting(Boosting b) {
    return org.apache.lucene.queries.function.FunctionScoreQuery.boostByQuery(
        translate.apply(b.positive()), translate.apply(b.negative()), b.negativeBoost());
  }

  Query disMax(DisMax d) {
    List<Query> clauses = new ArrayList<>(d.queries().size());
    for (dev.duet.engine.search.Query q : d.queries()) {
      clauses.add(translate.apply(q));
    }
    if (clauses.isEmpty()) {
      return new MatchNoDocsQuery("no clauses for dismax query.");
    }
    return new DisjunctionMaxQuery(clauses, d.tieBreaker());
  }

  Query functionScore(FunctionScore f) {
    Query inner = translate.apply(f.query());
    if (f.functions().isEmpty()) {
      return inner;
    }
    List<FunctionsScoreQuery.Function> built = new ArrayList<>(f.functions().size());
    for (ScoreFunction fn : f.functions()) {
      Query filter = fn.filter() == null ? null : translate.apply(fn.filter());
      built.add(new FunctionsScoreQuery.Function(filter, functions.source(fn), fn.weight()));
    }
    return new FunctionsScoreQuery(
        inner, built, f.scoreMode(), f.boostMode(), f.maxBoost(), f.minScore());
  }
}
