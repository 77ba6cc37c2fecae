package dev.duet.engine.internal.query;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.MultiPhraseQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.StringHelper;

/**
 * A phrase whose last position is a prefix, as OpenSearch's {@code MultiPhrasePrefixQuery}: on
 * rewrite the prefix expands to the first {@code maxExpansions} indexed terms that start with it,
 * and the whole becomes a {@link MultiPhraseQuery}; no expansion matches nothing.
 */
public final class PhrasePrefixQuery extends Query {
  private final String field;
  private final List<List<Term>> positions;
  private final int slop;
  private final int maxExpansions;

  PhrasePrefixQuery(String field, List<List<Term>> positions, int slop, int maxExpansions) {
    this.field = field;
    this.positions = List.copyOf(positions);
    this.slop = slop;
    this.maxExpansions = maxExpansions;
  }

  @Override
  public Query rewrite(IndexSearcher searcher) throws IOException {
    List<Term> expanded = new ArrayList<>();
    Terms terms = MultiTerms.getTerms(searcher.getIndexReader(), field);
    if (terms != null) {
      for (Term prefix : positions.get(positions.size() - 1)) {
        expand(terms, prefix.bytes(), expanded);
      }
    }
    if (expanded.isEmpty()) {
      return new MatchNoDocsQuery("no terms with the prefix");
    }
    MultiPhraseQuery.Builder b = new MultiPhraseQuery.Builder();
    for (int i = 0; i < positions.size() - 1; i++) {
      b.add(positions.get(i).toArray(Term[]::new));
    }
    b.add(expanded.toArray(Term[]::new));
    b.setSlop(slop);
    return b.build();
  }

  private void expand(Terms terms, BytesRef prefix, List<Term> out) throws IOException {
    TermsEnum te = terms.iterator();
    if (te.seekCeil(prefix) == TermsEnum.SeekStatus.END) {
      return;
    }
    do {
      BytesRef t = te.term();
      if (!StringHelper.startsWith(t, prefix) || out.size() >= maxExpansions) {
        return;
      }
      out.add(new Term(field, BytesRef.deepCopyOf(t)));
    } while (te.next() != null);
  }

  @Override
  public void visit(QueryVisitor visitor) {
    if (visitor.acceptField(field)) {
      visitor.visitLeaf(this);
    }
  }

  @Override
  public String toString(String f) {
    return "phrase_prefix(" + field + ":" + positions + "*, slop=" + slop + ")";
  }

  @Override
  public boolean equals(Object o) {
    return sameClassAs(o)
        && o instanceof PhrasePrefixQuery other
        && field.equals(other.field)
        && positions.equals(other.positions)
        && slop == other.slop
        && maxExpansions == other.maxExpansions;
  }

  @Override
  public int hashCode() {
    return Objects.hash(classHash(), field, positions, slop, maxExpansions);
  }
}
