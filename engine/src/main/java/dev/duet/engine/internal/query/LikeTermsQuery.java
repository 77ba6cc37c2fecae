package dev.duet.engine.internal.query;

import java.io.IOException;
import java.io.StringReader;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.index.Term;
import org.apache.lucene.queries.mlt.MoreLikeThis;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.TermQuery;

/**
 * The terms of a {@code more_like_this} query, picked on the searched reader by Lucene's {@link
 * MoreLikeThis} (term and document frequencies, word lengths, stop words, at most {@code
 * max_query_terms}) less the terms of the unlike items, of which {@code minimum_should_match} must
 * match.
 */
final class LikeTermsQuery extends Query {
  private final List<String> fields;
  private final Map<String, Collection<Object>> like;
  private final Map<String, Collection<Object>> unlike;
  private final Analyzer analyzer;
  private final dev.duet.engine.search.MoreLikeThis spec;

  LikeTermsQuery(
      List<String> fields,
      Map<String, Collection<Object>> like,
      Map<String, Collection<Object>> unlike,
      Analyzer analyzer,
      dev.duet.engine.search.MoreLikeThis spec) {
    this.fields = List.copyOf(fields);
    this.like = like;
    this.unlike = unlike;
    this.analyzer = analyzer;
    this.spec = spec;
  }

  @Override
  public Query rewrite(IndexSearcher searcher) throws IOException {
    MoreLikeThis mlt = new MoreLikeThis(searcher.getIndexReader());
    mlt.setFieldNames(fields.toArray(String[]::new));
    mlt.setAnalyzer(analyzer);
    mlt.setMinTermFreq(spec.minTermFreq());
    mlt.setMinDocFreq(spec.minDocFreq());
    if (spec.maxDocFreq() > 0) {
      mlt.setMaxDocFreq(spec.maxDocFreq());
    }
    mlt.setMinWordLen(spec.minWordLength());
    mlt.setMaxWordLen(spec.maxWordLength());
    mlt.setMaxQueryTerms(spec.maxQueryTerms());
    if (!spec.stopWords().isEmpty()) {
      mlt.setStopWords(new HashSet<>(spec.stopWords()));
    }
    if (spec.boostTerms() > 0) {
      mlt.setBoost(true);
      mlt.setBoostFactor(spec.boostTerms());
    }
    Query liked = like.isEmpty() ? null : mlt.like(like);
    if (!(liked instanceof BooleanQuery terms)) {
      return new MatchNoDocsQuery("more_like_this: no terms");
    }
    Set<Term> skipped = unlikeTerms();
    BooleanQuery.Builder out = new BooleanQuery.Builder();
    int kept = 0;
    for (BooleanClause clause : terms.clauses()) {
      Query q = clause.query();
      Query inner = q instanceof BoostQuery b ? b.getQuery() : q;
      if (inner instanceof TermQuery t && skipped.contains(t.getTerm())) {
        continue;
      }
      out.add(q, BooleanClause.Occur.SHOULD);
      kept++;
    }
    if (kept == 0) {
      return new MatchNoDocsQuery("more_like_this: no terms");
    }
    out.setMinimumNumberShouldMatch(MinimumShouldMatch.calculate(kept, spec.minimumShouldMatch()));
    return out.build();
  }

  private Set<Term> unlikeTerms() throws IOException {
    Set<Term> out = new HashSet<>();
    for (Map.Entry<String, Collection<Object>> e : unlike.entrySet()) {
      for (Object value : e.getValue()) {
        try (TokenStream ts =
            analyzer.tokenStream(e.getKey(), new StringReader(String.valueOf(value)))) {
          CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
          ts.reset();
          while (ts.incrementToken()) {
            out.add(new Term(e.getKey(), term.toString()));
          }
          ts.end();
        }
      }
    }
    return out;
  }

  @Override
  public void visit(QueryVisitor visitor) {
    visitor.visitLeaf(this);
  }

  @Override
  public String toString(String field) {
    return "like:" + fields + like;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LikeTermsQuery other
        && fields.equals(other.fields)
        && like.equals(other.like)
        && unlike.equals(other.unlike)
        && spec.equals(other.spec);
  }

  @Override
  public int hashCode() {
    return Objects.hash(classHash(), fields, like, unlike, spec);
  }
}
