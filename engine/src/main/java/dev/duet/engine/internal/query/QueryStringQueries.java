package dev.duet.engine.internal.query;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.error.LibraryException;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.source.Wildcards;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.Query.Operator;
import dev.duet.engine.search.QueryString;
import dev.duet.engine.search.TextOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.DelegatingAnalyzerWrapper;
import org.apache.lucene.queryparser.classic.ParseException;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.queryparser.simple.SimpleQueryParser;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.DisjunctionMaxQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;

/**
 * {@code query_string} (Lucene's classic syntax) and {@code simple_query_string}, parsed with
 * Lucene's parsers but building each field's clause the way the rest of the DSL does: text fields
 * analyzed, other fields by their type, several fields combined per clause (dis-max for {@code
 * query_string}, summed for {@code simple_query_string}, as OpenSearch does).
 */
public final class QueryStringQueries {
  private static final String ALL_FIELDS = "\u0000fields";

  private final MappingLookup lookup;
  private final FieldQueries fields;
  private final FullTextQueries text;
  private final TermLevelQueries terms;
  private final boolean indexLenient;

  /**
   * {@code indexLenient} is the index's {@code index.query_string.lenient}: whether a query that
   * sets no {@code lenient} forgives values a field cannot take.
   */
  QueryStringQueries(
      MappingLookup lookup,
      FieldQueries fields,
      FullTextQueries text,
      TermLevelQueries terms,
      boolean indexLenient) {
    this.indexLenient = indexLenient;
    this.lookup = lookup;
    this.fields = fields;
    this.text = text;
    this.terms = terms;
  }

  Query queryString(QueryString q) {
    List<String> specs = q.fields();
    if (specs.isEmpty() && q.defaultField() != null) {
      specs = List.of(q.defaultField());
    }
    Map<String, Float> resolved = MultiMatchQueries.resolveFields(lookup, specs);
    if (resolved.isEmpty() && q.simple()) {
      return new MatchNoDocsQuery("no fields");
    }
    // With no default fields (an index of range fields only, say), terms that name their field
    // ("span:[3 TO 4]") still query it; the others match nothing.
    text.named(q.simple() ? "simple_query_string" : "query_string");
    return q.simple() ? simple(q, resolved) : classic(q, resolved);
  }

  private Query classic(QueryString q, Map<String, Float> resolved) {
    String defaultField = resolved.size() == 1 ? resolved.keySet().iterator().next() : ALL_FIELDS;
    Classic parser = new Classic(defaultField, q, resolved);
    parser.setDefaultOperator(
        q.defaultOperator() == Operator.AND ? QueryParser.Operator.AND : QueryParser.Operator.OR);
    parser.setSplitOnWhitespace(true);
    try {
      Query parsed = parser.parse(q.query());
      if (resolved.size() == 1) {
        float boost = resolved.values().iterator().next();
        parsed = boost == 1f ? parsed : new BoostQuery(parsed, boost);
      }
      return FullTextQueries.withMinimumShouldMatch(parsed, Occur.SHOULD, q.minimumShouldMatch());
    } catch (ParseException e) {
      String reason = "Failed to parse query [" + q.query() + "]";
      DuetException detail =
          e.getCause() instanceof Exception inner && inner.getMessage() != null
              ? new LibraryException("parse_exception", inner.getMessage(), null)
              : null;
      throw fields.failure(reason, new LibraryException("parse_exception", e.getMessage(), detail));
    }
  }

  private Query simple(QueryString q, Map<String, Float> resolved) {
    Simple parser = new Simple(q, resolved);
    parser.setDefaultOperator(q.defaultOperator() == Operator.AND ? Occur.MUST : Occur.SHOULD);
    Query parsed = parser.parse(q.query());
    return FullTextQueries.withMinimumShouldMatch(parsed, Occur.SHOULD, q.minimumShouldMatch());
  }

  private TextOptions options(QueryString q) {
    return new TextOptions(q.analyzer(), null, 0, 50, true, false);
  }

  /** A field's clause for analyzed text, or by type for other fields; lenient ones match none. */
  private Query fieldText(QueryString q, String field, String value, Operator op) {
    FieldMapping mapping = lookup.leaf(field);
    if (mapping == null) {
      return new MatchNoDocsQuery("unmapped field [" + field + "]");
    }
    try {
      return text.match(field, value, op, null, options(q));
    } catch (DuetException e) {
      if (q.lenient() != null ? q.lenient() : indexLenient) {
        return new MatchNoDocsQuery("lenient: " + e.reason());
      }
      throw e;
    }
  }

  /** Lucene's classic parser with Duet's per-field clauses. */
  private final class Classic extends QueryParser {
    private final QueryString q;
    private final Map<String, Float> resolved;

    Classic(String defaultField, QueryString q, Map<String, Float> resolved) {
      super(defaultField, new FieldAnalyzer(q.analyzer()));
      this.q = q;
      this.resolved = resolved;
    }

    @Override
    protected Query getFieldQuery(String field, String queryText, boolean quoted)
        throws ParseException {
      if (field.equals(ALL_FIELDS)) {
        List<Query> perField = new ArrayList<>();
        for (Map.Entry<String, Float> e : resolved.entrySet()) {
          Query one = getFieldQuery(e.getKey(), queryText, quoted);
          if (one != null && !(one instanceof MatchNoDocsQuery)) {
            perField.add(e.getValue() == 1f ? one : new BoostQuery(one, e.getValue()));
          }
        }
        if (perField.isEmpty()) {
          return null;
        }
        return perField.size() == 1 ? perField.get(0) : new DisjunctionMaxQuery(perField, 0f);
      }
      FieldMapping mapping = lookup.leaf(field);
      if (mapping != null && !analyzed(mapping)) {
        return fieldText(q, field, queryText, dev.duet.engine.search.Query.Operator.OR);
      }
      return super.getFieldQuery(field, queryText, quoted);
    }

    @Override
    protected Query getFieldQuery(String field, String queryText, int slop) throws ParseException {
      if (field.equals(ALL_FIELDS)) {
        List<Query> perField = new ArrayList<>();
        for (Map.Entry<String, Float> e : resolved.entrySet()) {
          Query one = getFieldQuery(e.getKey(), queryText, slop);
          if (one != null) {
            perField.add(e.getValue() == 1f ? one : new BoostQuery(one, e.getValue()));
          }
        }
        return perField.isEmpty() ? null : new DisjunctionMaxQuery(perField, 0f);
      }
      Query phrase = super.getFieldQuery(field, queryText, slop);
      FieldMapping mapping = lookup.leaf(field);
      if (phrase == null || mapping == null) {
        return phrase;
      }
      // A quoted phrase on a field without positions (match_only_text) is confirmed on _source.
      return text.confirmedOnSource(field, mapping, phrase);
    }

    @Override
    protected Query getRangeQuery(
        String field, String part1, String part2, boolean startInclusive, boolean endInclusive)
        throws ParseException {
      FieldMapping mapping = lookup.leaf(field);
      if (mapping == null) {
        return new MatchNoDocsQuery("unmapped field [" + field + "]");
      }
      Object lo = part1 == null || part1.equals("*") ? null : part1;
      Object hi = part2 == null || part2.equals("*") ? null : part2;
      return fields.range(
          new dev.duet.engine.search.Query.Range(
              field,
              startInclusive ? null : lo,
              startInclusive ? lo : null,
              endInclusive ? null : hi,
              endInclusive ? hi : null,
              null,
              null,
              q.timeZone(),
              1f));
    }

    @Override
    protected Query newRegexpQuery(org.apache.lucene.index.Term regexp) {
      return terms.checkedRegexp(
          regexp,
          org.apache.lucene.util.automaton.RegExp.ALL,
          0,
          getDeterminizeWorkLimit(),
          "the [query_string]");
    }

    @Override
    protected Query newFuzzyQuery(
        org.apache.lucene.index.Term term, float minimumSimilarity, int prefixLength) {
      if (TermLevelQueries.longerThanAnyTerm(term.text(), 2)) {
        return new MatchNoDocsQuery("fuzzy term longer than any indexed term");
      }
      return super.newFuzzyQuery(term, minimumSimilarity, prefixLength);
    }

    @Override
    protected Query newWildcardQuery(org.apache.lucene.index.Term t) {
      try {
        return super.newWildcardQuery(
            new org.apache.lucene.index.Term(t.field(), Wildcards.collapseRuns(t.text())));
      } catch (org.apache.lucene.util.automaton.TooComplexToDeterminizeException e) {
        throw terms.tooComplex(e);
      }
    }

    @Override
    protected Query getPrefixQuery(String field, String termStr) throws ParseException {
      if (field.equals(ALL_FIELDS)) {
        return perField(f -> terms.prefix(f, normalized(f, termStr), false));
      }
      return terms.prefix(field, normalized(field, termStr), false);
    }

    /**
     * A prefix as an analyzed field's search analyzer normalizes it ({@code BA*} finds {@code bar}
     * on a text field), as OpenSearch's parser does without {@code analyze_wildcard}.
     */
    private String normalized(String field, String text) {
      FieldMapping mapping = lookup.leaf(field);
      if (mapping == null || !analyzed(mapping)) {
        return text;
      }
      return getAnalyzer().normalize(field, text).utf8ToString();
    }

    private Query perField(java.util.function.Function<String, Query> build) {
      List<Query> perField = new ArrayList<>();
      for (Map.Entry<String, Float> e : resolved.entrySet()) {
        Query one = build.apply(e.getKey());
        perField.add(e.getValue() == 1f ? one : new BoostQuery(one, e.getValue()));
      }
      return perField.size() == 1 ? perField.get(0) : new DisjunctionMaxQuery(perField, 0f);
    }
  }

  /** Lucene's simple parser with Duet's per-field clauses, summed over the fields. */
  private final class Simple extends SimpleQueryParser {
    private final QueryString q;

    Simple(QueryString q, Map<String, Float> resolved) {
      super(new FieldAnalyzer(q.analyzer()), resolved);
      this.q = q;
    }

    @Override
    protected Query newDefaultQuery(String value) {
      BooleanQuery.Builder b = new BooleanQuery.Builder();
      for (Map.Entry<String, Float> e : weights.entrySet()) {
        Query one =
            fieldText(
                q,
                e.getKey(),
                value,
                getDefaultOperator() == Occur.MUST ? Operator.AND : Operator.OR);
        if (!(one instanceof MatchNoDocsQuery)) {
          b.add(e.getValue() == 1f ? one : new BoostQuery(one, e.getValue()), Occur.SHOULD);
        }
      }
      return single(b.build());
    }

    @Override
    protected Query newPrefixQuery(String value) {
      BooleanQuery.Builder b = new BooleanQuery.Builder();
      for (Map.Entry<String, Float> e : weights.entrySet()) {
        Query one = terms.prefix(e.getKey(), value, false);
        b.add(e.getValue() == 1f ? one : new BoostQuery(one, e.getValue()), Occur.SHOULD);
      }
      return single(b.build());
    }

    private static Query single(BooleanQuery q) {
      if (q.clauses().isEmpty()) {
        return null;
      }
      return q.clauses().size() == 1 ? q.clauses().get(0).query() : q;
    }
  }

  /** Each field's search analyzer, or the one the query names for every field. */
  private final class FieldAnalyzer extends DelegatingAnalyzerWrapper {
    private final String named;

    FieldAnalyzer(String named) {
      super(PER_FIELD_REUSE_STRATEGY);
      this.named = named;
    }

    @Override
    protected Analyzer getWrappedAnalyzer(String fieldName) {
      return text.analyzer(fieldName, named);
    }
  }

  private static boolean analyzed(FieldMapping field) {
    return FieldTypes.of(field).textSearch() == FieldType.TextSearch.ANALYZED;
  }
}
