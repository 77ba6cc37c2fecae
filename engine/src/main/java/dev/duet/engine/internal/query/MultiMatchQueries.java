package dev.duet.engine.internal.query;

import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.source.Wildcards;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.MultiMatch;
import dev.duet.engine.search.Query.Operator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.DisjunctionMaxQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;

/**
 * {@code multi_match} as OpenSearch's {@code MultiMatchQuery} builds it: one query per field (field
 * boosts applied), combined by a dis-max with the type's tie breaker (0; 1 for most_fields and
 * bool_prefix); cross_fields blends each term's statistics across the fields instead.
 */
public final class MultiMatchQueries {
  private final MappingLookup lookup;
  private final FullTextQueries text;

  MultiMatchQueries(MappingLookup lookup, FullTextQueries text) {
    this.lookup = lookup;
    this.text = text;
  }

  Query multiMatch(MultiMatch m) {
    Map<String, Float> fields = resolveFields(lookup, m.fields());
    float tieBreaker =
        m.tieBreaker() != null
            ? m.tieBreaker()
            : m.type() == MultiMatch.Type.MOST_FIELDS || m.type() == MultiMatch.Type.BOOL_PREFIX
                ? 1f
                : 0f;
    if (m.type() == MultiMatch.Type.CROSS_FIELDS) {
      return crossFields(m, fields, tieBreaker);
    }
    text.named("multi_match");
    List<Query> perField = new ArrayList<>(fields.size());
    String query = String.valueOf(m.query());
    for (Map.Entry<String, Float> e : fields.entrySet()) {
      String field = e.getKey();
      Query q =
          switch (m.type()) {
            case BEST_FIELDS, MOST_FIELDS ->
                text.match(field, m.query(), m.operator(), m.minimumShouldMatch(), m.options());
            case PHRASE -> text.phrase(field, query, m.slop(), m.options().analyzer(), false);
            case PHRASE_PREFIX ->
                text.phrasePrefix(
                    field,
                    query,
                    m.slop(),
                    m.options().maxExpansions(),
                    m.options().analyzer(),
                    false);
            case BOOL_PREFIX ->
                text.boolPrefix(field, query, m.operator(), m.minimumShouldMatch(), m.options());
            case CROSS_FIELDS -> throw new AssertionError("handled above");
          };
      if (q instanceof MatchNoDocsQuery) {
        continue;
      }
      perField.add(e.getValue() == 1f ? q : new BoostQuery(q, e.getValue()));
    }
    return combine(perField, tieBreaker, m.options().zeroTermsAll());
  }

  private Query crossFields(MultiMatch m, Map<String, Float> fields, float tieBreaker) {
    // Fields are analyzed with the first text field's analyzer, as OpenSearch groups fields that
    // share one; each term becomes one blended query over every field.
    List<String> names = new ArrayList<>(fields.keySet());
    if (names.isEmpty()) {
      return new MatchNoDocsQuery("no fields");
    }
    text.named("multi_match");
    List<List<Term>> positions =
        FullTextQueries.analyzePositions(
            text.analyzer(names.get(0), m.options().analyzer()),
            names.get(0),
            String.valueOf(m.query()));
    if (positions.isEmpty()) {
      return FullTextQueries.zeroTerms(m.options().zeroTermsAll());
    }
    Occur occur = m.operator() == Operator.AND ? Occur.MUST : Occur.SHOULD;
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    for (List<Term> at : positions) {
      List<Term> terms = new ArrayList<>();
      List<Float> boosts = new ArrayList<>();
      for (Term t : at) {
        for (Map.Entry<String, Float> f : fields.entrySet()) {
          terms.add(new Term(f.getKey(), t.bytes()));
          boosts.add(f.getValue());
        }
      }
      float[] b2 = new float[boosts.size()];
      for (int i = 0; i < b2.length; i++) {
        b2[i] = boosts.get(i);
      }
      b.add(new CrossFieldTermQuery(terms.toArray(Term[]::new), b2, tieBreaker), occur);
    }
    Query q = b.build();
    if (positions.size() == 1) {
      return ((BooleanQuery) q).clauses().get(0).query();
    }
    return FullTextQueries.withMinimumShouldMatch(q, occur, m.minimumShouldMatch());
  }

  private static Query combine(List<Query> perField, float tieBreaker, boolean zeroTermsAll) {
    if (perField.isEmpty()) {
      return FullTextQueries.zeroTerms(zeroTermsAll);
    }
    if (perField.size() == 1) {
      return perField.get(0);
    }
    return new DisjunctionMaxQuery(perField, tieBreaker);
  }

  /**
   * Field names with their boosts: {@code title^2} boosts, {@code ti*} expands to the mapped text
   * and keyword fields it matches, and no fields at all means every such field.
   */
  static Map<String, Float> resolveFields(MappingLookup lookup, List<String> specs) {
    Map<String, Float> out = new LinkedHashMap<>();
    List<String> effective = specs.isEmpty() ? List.of("*") : specs;
    for (String spec : effective) {
      int caret = spec.lastIndexOf('^');
      String name = caret < 0 ? spec : spec.substring(0, caret);
      float boost = caret < 0 ? 1f : Float.parseFloat(spec.substring(caret + 1));
      if (name.indexOf('*') < 0) {
        out.merge(name, boost, (a, b) -> a * b);
        continue;
      }
      for (String path : new TreeSet<>(lookup.leafPaths())) {
        FieldMapping field = lookup.leaf(path);
        boolean textual = FieldTypes.of(field).textSearch() != FieldType.TextSearch.NONE;
        if (textual && Wildcards.matches(name, path)) {
          out.merge(path, boost, (a, b) -> a * b);
        }
      }
    }
    return out;
  }
}
