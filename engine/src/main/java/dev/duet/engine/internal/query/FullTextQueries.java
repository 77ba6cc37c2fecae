package dev.duet.engine.internal.query;

import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.MatchBoolPrefix;
import dev.duet.engine.search.MatchPhrase;
import dev.duet.engine.search.MatchPhrasePrefix;
import dev.duet.engine.search.Query.Match;
import dev.duet.engine.search.Query.Operator;
import dev.duet.engine.search.TextOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FuzzyQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.util.QueryBuilder;

/**
 * The match family for one field, built as OpenSearch's {@code MatchQuery} builds it: the text is
 * analyzed by the field's search analyzer (or the one named), terms become term, fuzzy, phrase or
 * prefix queries, and text that analyzes to nothing matches nothing or, with {@code
 * zero_terms_query: all}, everything.
 */
public final class FullTextQueries {
  private final MappingLookup lookup;
  private final FieldQueries fields;
  private final TermLevelQueries terms;
  private String queryName = "match";

  FullTextQueries(MappingLookup lookup, FieldQueries fields, TermLevelQueries terms) {
    this.lookup = lookup;
    this.fields = fields;
    this.terms = terms;
  }

  /** Names the query in errors ({@code [match_phrase] analyzer [x] not found}). */
  FullTextQueries named(String name) {
    this.queryName = name;
    return this;
  }

  Query match(Match m) {
    return match(m.field(), m.query(), m.operator(), m.minimumShouldMatch(), m.options());
  }

  Query match(String name, Object text, Operator operator, String msm, TextOptions options) {
    FieldMapping field = lookup.leaf(name);
    if (field == null || !analyzed(field)) {
      if (options.fuzziness() != null
          && field != null
          && FieldTypes.of(field).textSearch() == FieldType.TextSearch.KEYWORD) {
        return terms.fuzzy(
            name,
            String.valueOf(text),
            options.fuzziness(),
            options.prefixLength(),
            options.maxExpansions(),
            options.transpositions());
      }
      return fields.term(name, text);
    }
    fields.requireIndexed(name, field);
    Occur occur = operator == Operator.AND ? Occur.MUST : Occur.SHOULD;
    QueryBuilder builder = new FuzzyAwareBuilder(analyzer(name, options.analyzer()), options);
    Query q = builder.createBooleanQuery(name, String.valueOf(text), occur);
    if (q == null) {
      return zeroTerms(options.zeroTermsAll());
    }
    return withMinimumShouldMatch(q, occur, msm);
  }

  Query phrase(MatchPhrase m) {
    return phrase(m.field(), m.query(), m.slop(), m.analyzer(), m.zeroTermsAll());
  }

  Query phrase(String name, String text, int slop, String analyzer, boolean zeroTermsAll) {
    FieldMapping field = lookup.leaf(name);
    if (field == null || !analyzed(field)) {
      return fields.term(name, text);
    }
    fields.requireIndexed(name, field);
    Query q = new QueryBuilder(analyzer(name, analyzer)).createPhraseQuery(name, text, slop);
    return q == null ? zeroTerms(zeroTermsAll) : confirmedOnSource(name, field, q);
  }

  Query phrasePrefix(MatchPhrasePrefix m) {
    return phrasePrefix(
        m.field(), m.query(), m.slop(), m.maxExpansions(), m.analyzer(), m.zeroTermsAll());
  }

  Query phrasePrefix(
      String name,
      String text,
      int slop,
      int maxExpansions,
      String analyzer,
      boolean zeroTermsAll) {
    FieldMapping field = lookup.leaf(name);
    if (field == null) {
      return new MatchNoDocsQuery("unmapped field [" + name + "]");
    }
    if (!analyzed(field)) {
      return terms.prefix(name, String.valueOf(text), false);
    }
    fields.requireIndexed(name, field);
    List<List<Term>> positions = analyzePositions(analyzer(name, analyzer), name, text);
    if (positions.isEmpty()) {
      return zeroTerms(zeroTermsAll);
    }
    return confirmedOnSource(
        name, field, new PhrasePrefixQuery(name, positions, slop, maxExpansions));
  }

  /**
   * A positional query as the field can answer it: itself, or confirmed on each candidate's source
   * when the field keeps no positions (with a constant score, as OpenSearch's match_only_text).
   */
  Query confirmedOnSource(String name, FieldMapping field, Query positional) {
    if (!FieldTypes.of(field).phrasesFromSource()) {
      return positional;
    }
    if (positional instanceof org.apache.lucene.search.TermQuery) {
      return new org.apache.lucene.search.ConstantScoreQuery(positional);
    }
    String target = lookup.resolve(name); // an alias's values are its target's
    int dot = target.lastIndexOf('.');
    // A multi-field's values are its parent's in the source.
    String sourcePath =
        dot > 0 && lookup.leaf(target.substring(0, dot)) != null
            ? target.substring(0, dot)
            : target;
    return new SourceConfirmedQuery(positional, name, sourcePath, lookup.indexAnalyzer(name));
  }

  Query boolPrefix(MatchBoolPrefix m) {
    return boolPrefix(m.field(), m.query(), m.operator(), m.minimumShouldMatch(), m.options());
  }

  Query boolPrefix(String name, String text, Operator operator, String msm, TextOptions options) {
    FieldMapping field = lookup.leaf(name);
    if (field == null) {
      return new MatchNoDocsQuery("unmapped field [" + name + "]");
    }
    if (!analyzed(field)) {
      return terms.prefix(name, text, false);
    }
    fields.requireIndexed(name, field);
    List<List<Term>> positions = analyzePositions(analyzer(name, options.analyzer()), name, text);
    if (positions.isEmpty()) {
      return zeroTerms(options.zeroTermsAll());
    }
    FuzzyAwareBuilder builder = new FuzzyAwareBuilder(null, options);
    Occur occur = operator == Operator.AND ? Occur.MUST : Occur.SHOULD;
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    for (int i = 0; i < positions.size(); i++) {
      List<Term> at = positions.get(i);
      boolean last = i == positions.size() - 1;
      Query clause;
      if (last) {
        clause = at.size() == 1 ? new PrefixQuery(at.get(0)) : synonymPrefixes(at);
      } else {
        clause = at.size() == 1 ? builder.termQuery(at.get(0)) : synonyms(builder, at);
      }
      b.add(clause, occur);
    }
    if (positions.size() == 1) {
      return b.build().clauses().get(0).query();
    }
    return withMinimumShouldMatch(b.build(), occur, msm);
  }

  /** The named analyzer, or the field's search analyzer; an unknown name fails the query. */
  Analyzer analyzer(String field, String named) {
    if (named == null) {
      return lookup.searchAnalyzer(field);
    }
    Analyzer analyzer = lookup.analyzerNamed(named);
    if (analyzer == null) {
      throw fields.failure("[" + queryName + "] analyzer [" + named + "] not found", null);
    }
    return analyzer;
  }

  static Query zeroTerms(boolean all) {
    return all ? MatchAllDocsQuery.INSTANCE : new MatchNoDocsQuery("no terms after analysis");
  }

  static Query withMinimumShouldMatch(Query q, Occur occur, String msm) {
    if (msm == null || occur != Occur.SHOULD || !(q instanceof BooleanQuery bq)) {
      return q;
    }
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    int optional = 0;
    for (BooleanClause c : bq.clauses()) {
      b.add(c);
      if (c.occur() == Occur.SHOULD) {
        optional++;
      }
    }
    b.setMinimumNumberShouldMatch(MinimumShouldMatch.calculate(optional, msm));
    return b.build();
  }

  /** The analyzed terms grouped by position (several at one position are synonyms). */
  static List<List<Term>> analyzePositions(Analyzer analyzer, String field, String text) {
    List<List<Term>> positions = new ArrayList<>();
    try (TokenStream ts = analyzer.tokenStream(field, text)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      PositionIncrementAttribute inc = ts.addAttribute(PositionIncrementAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        if (inc.getPositionIncrement() > 0 || positions.isEmpty()) {
          positions.add(new ArrayList<>());
        }
        positions.get(positions.size() - 1).add(new Term(field, term.toString()));
      }
      ts.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return positions;
  }

  private static Query synonyms(FuzzyAwareBuilder builder, List<Term> at) {
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    for (Term t : at) {
      b.add(builder.termQuery(t), Occur.SHOULD);
    }
    return b.build();
  }

  private static Query synonymPrefixes(List<Term> at) {
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    for (Term t : at) {
      b.add(new PrefixQuery(t), Occur.SHOULD);
    }
    return b.build();
  }

  /** Lucene's query builder with OpenSearch's fuzzy terms when {@code fuzziness} is set. */
  private static final class FuzzyAwareBuilder extends QueryBuilder {
    private final TextOptions options;

    FuzzyAwareBuilder(Analyzer analyzer, TextOptions options) {
      super(analyzer);
      this.options = options;
    }

    Query termQuery(Term term) {
      return newTermQuery(term, 1f);
    }

    @Override
    protected Query newTermQuery(Term term, float boost) {
      if (options.fuzziness() == null) {
        return super.newTermQuery(term, boost);
      }
      return new FuzzyQuery(
          term,
          Fuzziness.edits(options.fuzziness(), term.text()),
          options.prefixLength(),
          options.maxExpansions(),
          options.transpositions());
    }
  }

  /** Whether the field's values are analyzed into tokens ({@code text}), else taken whole. */
  private static boolean analyzed(FieldMapping field) {
    return FieldTypes.of(field).textSearch() == FieldType.TextSearch.ANALYZED;
  }
}
