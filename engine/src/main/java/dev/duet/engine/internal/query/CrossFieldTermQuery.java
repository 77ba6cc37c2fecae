package dev.duet.engine.internal.query;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexReaderContext;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.TermState;
import org.apache.lucene.index.TermStates;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.DisjunctionMaxQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.TermQuery;

/**
 * One term over several fields, scored as one field would score it, the way OpenSearch's {@code
 * BlendedTermQuery} blends for {@code cross_fields}: every field takes the largest document
 * frequency (nudged up by one per less popular field, so the popular field wins ties), total term
 * frequencies are capped at the smallest field total, and the fields' term queries are combined by
 * a dis-max.
 */
public final class CrossFieldTermQuery extends Query {
  private final Term[] terms;
  private final float[] boosts;
  private final float tieBreaker;

  CrossFieldTermQuery(Term[] terms, float[] boosts, float tieBreaker) {
    this.terms = terms.clone();
    this.boosts = boosts.clone();
    this.tieBreaker = tieBreaker;
  }

  @Override
  public Query rewrite(IndexSearcher searcher) throws IOException {
    IndexReader reader = searcher.getIndexReader();
    TermStates[] contexts = new TermStates[terms.length];
    for (int i = 0; i < terms.length; i++) {
      contexts[i] = TermStates.build(searcher, terms[i], true);
    }
    blend(contexts, reader.maxDoc(), reader);
    List<Query> queries = new ArrayList<>(terms.length);
    for (int i = 0; i < terms.length; i++) {
      Query q = new TermQuery(terms[i], contexts[i]);
      queries.add(boosts[i] == 1f ? q : new BoostQuery(q, boosts[i]));
    }
    return new DisjunctionMaxQuery(queries, tieBreaker);
  }

  private void blend(TermStates[] contexts, int maxDoc, IndexReader reader) throws IOException {
    if (contexts.length <= 1) {
      return;
    }
    int max = 0;
    long minSumTtf = Long.MAX_VALUE;
    for (int i = 0; i < contexts.length; i++) {
      max = Math.max(contexts[i].docFreq(), max);
      if (minSumTtf != -1 && contexts[i].totalTermFreq() != -1) {
        minSumTtf = Math.min(minSumTtf, reader.getSumTotalTermFreq(terms[i].field()));
      } else {
        minSumTtf = -1;
      }
    }
    if (minSumTtf != -1 && maxDoc > minSumTtf) {
      maxDoc = (int) minSumTtf;
    }
    if (max == 0) {
      return; // the term exists in no field
    }
    long sumTtf = minSumTtf == -1 ? -1 : 0;
    Integer[] byPopularity = new Integer[contexts.length];
    for (int i = 0; i < byPopularity.length; i++) {
      byPopularity[i] = i;
    }
    // Stable, most documents first: ties keep the fields' order.
    Arrays.sort(
        byPopularity, (a, b) -> Integer.compare(contexts[b].docFreq(), contexts[a].docFreq()));
    int prev = contexts[byPopularity[0]].docFreq();
    int actualDf = Math.min(maxDoc, max);
    IndexReaderContext top = reader.getContext();
    for (int i : byPopularity) {
      TermStates ctx = contexts[i];
      if (ctx.docFreq() == 0) {
        break;
      }
      int current = ctx.docFreq();
      if (prev > current) {
        actualDf++;
      }
      contexts[i] = ctx = adjustDf(top, ctx, Math.min(maxDoc, actualDf));
      prev = current;
      sumTtf = sumTtf >= 0 && ctx.totalTermFreq() >= 0 ? sumTtf + ctx.totalTermFreq() : -1;
    }
    sumTtf = Math.min(sumTtf, minSumTtf);
    for (int i = 0; i < contexts.length; i++) {
      if (contexts[i].docFreq() != 0) {
        contexts[i] = adjustTtf(top, contexts[i], sumTtf);
      }
    }
  }

  private static TermStates adjustTtf(IndexReaderContext top, TermStates ctx, long sumTtf)
      throws IOException {
    if (sumTtf == -1 && ctx.totalTermFreq() == -1) {
      return ctx;
    }
    TermStates adjusted = new TermStates(top);
    int df = ctx.docFreq();
    long ttf = sumTtf;
    List<LeafReaderContext> leaves = top.leaves();
    for (int i = 0; i < leaves.size(); i++) {
      TermState state = ctx.get(leaves.get(i)).get();
      if (state == null) {
        continue;
      }
      adjusted.register(state, i, df, ttf);
      df = 0;
      ttf = 0;
    }
    return adjusted;
  }

  private static TermStates adjustDf(IndexReaderContext top, TermStates ctx, int newDocFreq)
      throws IOException {
    long newTtf = ctx.totalTermFreq() < 0 ? -1 : Math.max(ctx.totalTermFreq(), newDocFreq);
    TermStates adjusted = new TermStates(top);
    List<LeafReaderContext> leaves = top.leaves();
    for (int i = 0; i < leaves.size(); i++) {
      TermState state = ctx.get(leaves.get(i)).get();
      if (state == null) {
        continue;
      }
      adjusted.register(state, i, newDocFreq, newTtf);
      newDocFreq = 0;
      newTtf = 0;
    }
    return adjusted;
  }

  @Override
  public void visit(QueryVisitor visitor) {
    for (Term t : terms) {
      if (visitor.acceptField(t.field())) {
        visitor.consumeTerms(this, t);
      }
    }
  }

  @Override
  public String toString(String field) {
    return "blended(" + Arrays.toString(terms) + ")";
  }

  @Override
  public boolean equals(Object o) {
    return sameClassAs(o)
        && o instanceof CrossFieldTermQuery other
        && Arrays.equals(terms, other.terms)
        && Arrays.equals(boosts, other.boosts)
        && tieBreaker == other.tieBreaker;
  }

  @Override
  public int hashCode() {
    return Objects.hash(classHash(), Arrays.hashCode(terms), Arrays.hashCode(boosts), tieBreaker);
  }
}
