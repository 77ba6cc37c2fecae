package dev.duet.engine.internal;

import dev.duet.engine.internal.knn.KnnQueryBuilder;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.Query.Bool;
import dev.duet.engine.search.Query.Match;
import dev.duet.engine.search.Query.MatchAll;
import dev.duet.engine.search.Query.MatchNone;
import dev.duet.engine.search.Query.Range;
import dev.duet.engine.search.Query.Terms;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.document.SortedSetDocValuesField;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.QueryBuilder;

/**
 * Turns the query model into a Lucene query for one index, by that index's mapping: values are
 * converted by field type, text is analyzed, unmapped fields match nothing, and values a field
 * cannot hold fail as OpenSearch's {@code query_shard_exception}.
 */
final class QueryTranslator {
  private final MappingLookup lookup;
  private final FieldQueries fields;
  private final KnnQueryBuilder knn;

  QueryTranslator(LuceneIndex index) {
    this.lookup = index.lookup();
    this.fields = new FieldQueries(lookup, index.name(), index.uuid());
    this.knn = new KnnQueryBuilder(index.name(), index.uuid());
  }

  Query translate(dev.duet.engine.search.Query model) {
    Query q =
        switch (model) {
          case MatchAll m -> MatchAllDocsQuery.INSTANCE;
          case MatchNone m -> MatchNoDocsQuery.INSTANCE;
          case Match m -> match(m);
          case dev.duet.engine.search.Query.Term t -> fields.term(t.field(), t.value());
          case Terms t -> terms(t);
          case Range r -> fields.range(r);
          case Bool b -> bool(b);
          case dev.duet.engine.search.Query.Knn k ->
              knn.build(
                  k, lookup.vector(k.field()), k.filter() == null ? null : translate(k.filter()));
        };
    float boost = model.boost();
    return boost == 1f || q instanceof MatchNoDocsQuery ? q : new BoostQuery(q, boost);
  }

  private Query match(Match m) {
    FieldMapping field = lookup.leaf(m.field());
    if (field == null || !field.type().equals("text")) {
      return fields.term(m.field(), m.query());
    }
    fields.requireIndexed(m.field(), field);
    QueryBuilder builder = new QueryBuilder(lookup.searchAnalyzer(m.field()));
    BooleanClause.Occur occur =
        m.operator() == dev.duet.engine.search.Query.Operator.AND
            ? BooleanClause.Occur.MUST
            : BooleanClause.Occur.SHOULD;
    Query q = builder.createBooleanQuery(m.field(), String.valueOf(m.query()), occur);
    if (q == null) {
      return new MatchNoDocsQuery("no terms after analysis");
    }
    if (m.minimumShouldMatch() != null
        && occur == BooleanClause.Occur.SHOULD
        && q instanceof BooleanQuery bq) {
      BooleanQuery.Builder b = new BooleanQuery.Builder();
      int optional = 0;
      for (BooleanClause c : bq.clauses()) {
        b.add(c);
        if (c.occur() == BooleanClause.Occur.SHOULD) {
          optional++;
        }
      }
      b.setMinimumNumberShouldMatch(MinimumShouldMatch.calculate(optional, m.minimumShouldMatch()));
      return b.build();
    }
    return q;
  }

  private Query terms(Terms t) {
    if (t.values().isEmpty()) {
      return new MatchNoDocsQuery("no terms");
    }
    FieldMapping field = t.field().equals(DocLookup.ID) ? null : lookup.leaf(t.field());
    if (t.field().equals(DocLookup.ID)
        || field != null && (field.type().equals("keyword") || field.type().equals("text"))) {
      List<BytesRef> terms = new ArrayList<>(t.values().size());
      for (Object v : t.values()) {
        terms.add(new BytesRef(String.valueOf(v)));
      }
      if (field != null && !FieldQueries.indexed(field)) {
        return SortedSetDocValuesField.newSlowSetQuery(t.field(), terms);
      }
      return new TermInSetQuery(t.field(), terms);
    }
    if (field == null) {
      return new MatchNoDocsQuery("unmapped field [" + t.field() + "]");
    }
    Query set = fields.numericSet(t.field(), field, t.values());
    if (set != null) {
      return set;
    }
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    for (Object v : t.values()) {
      b.add(fields.term(t.field(), v), BooleanClause.Occur.SHOULD);
    }
    return new ConstantScoreQuery(b.build());
  }

  private Query bool(Bool b) {
    if (b.must().isEmpty()
        && b.should().isEmpty()
        && b.mustNot().isEmpty()
        && b.filter().isEmpty()) {
      return MatchAllDocsQuery.INSTANCE;
    }
    BooleanQuery.Builder builder = new BooleanQuery.Builder();
    for (dev.duet.engine.search.Query q : b.must()) {
      builder.add(translate(q), BooleanClause.Occur.MUST);
    }
    for (dev.duet.engine.search.Query q : b.filter()) {
      builder.add(translate(q), BooleanClause.Occur.FILTER);
    }
    for (dev.duet.engine.search.Query q : b.should()) {
      builder.add(translate(q), BooleanClause.Occur.SHOULD);
    }
    for (dev.duet.engine.search.Query q : b.mustNot()) {
      builder.add(translate(q), BooleanClause.Occur.MUST_NOT);
    }
    if (b.must().isEmpty() && b.filter().isEmpty() && b.should().isEmpty()) {
      // Only negations: match everything else, as OpenSearch does.
      builder.add(MatchAllDocsQuery.INSTANCE, BooleanClause.Occur.FILTER);
    }
    if (b.minimumShouldMatch() != null && !b.should().isEmpty()) {
      builder.setMinimumNumberShouldMatch(
          MinimumShouldMatch.calculate(b.should().size(), b.minimumShouldMatch()));
    }
    return builder.build();
  }
}
