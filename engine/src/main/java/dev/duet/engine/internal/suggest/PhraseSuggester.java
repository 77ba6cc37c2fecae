package dev.duet.engine.internal.suggest;

import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.search.Suggest;
import dev.duet.engine.search.SuggestResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.spell.DirectSpellChecker;
import org.apache.lucene.search.spell.SuggestWord;

/**
 * The phrase suggester, on a unigram language model of the field: each token's candidates are the
 * token and its {@link DirectSpellChecker} corrections; a phrase with at most {@code max_errors}
 * tokens corrected is scored as the product of its tokens' Laplace-smoothed frequencies in the
 * index, and kept when it scores at least {@code confidence} times the text as given; its score is
 * that product's geometric mean per token. (OpenSearch's default model backs off from shingles;
 * without a shingle field both reduce to unigrams, though OpenSearch's smoothing differs, so scores
 * are comparable only in their order.)
 */
final class PhraseSuggester {
  private static final int MAX_PHRASES = 1024;

  private PhraseSuggester() {}

  static SuggestResult run(Suggest.Phrase s, List<LuceneIndex> targets, IndexSearcher[] searchers)
      throws IOException {
    List<TermSuggester.Token> tokens = null;
    List<Set<String>> candidates = new ArrayList<>();
    Map<String, Long> freq = new HashMap<>();
    long total = 0;
    long vocabulary = 0;
    Suggest.Term generator =
        new Suggest.Term(
            s.name(),
            s.field(),
            s.text(),
            null,
            5,
            "missing",
            0.5f,
            "score",
            "internal",
            2,
            5,
            0.01f,
            1,
            4,
            0f);
    for (int i = 0; i < targets.size(); i++) {
      Analyzer analyzer = TermSuggester.analyzer(targets.get(i).lookup(), s.field(), s.analyzer());
      if (tokens == null) {
        tokens = TermSuggester.tokens(analyzer, s.field(), s.text());
        for (TermSuggester.Token token : tokens) {
          Set<String> own = new LinkedHashSet<>();
          own.add(token.term());
          candidates.add(own);
        }
      }
      IndexReader reader = searchers[i].getIndexReader();
      DirectSpellChecker checker = TermSuggester.checker(generator);
      for (int t = 0; t < tokens.size(); t++) {
        for (SuggestWord word :
            checker.suggestSimilar(
                new Term(s.field(), tokens.get(t).term()),
                5,
                reader,
                TermSuggester.mode("missing"),
                0.5f)) {
          candidates.get(t).add(word.string);
        }
      }
      long sum = reader.getSumTotalTermFreq(s.field());
      total += Math.max(0, sum);
      long docs = reader.getSumDocFreq(s.field());
      vocabulary += Math.max(0, docs);
      for (Set<String> set : candidates) {
        for (String word : set) {
          freq.merge(word, reader.totalTermFreq(new Term(s.field(), word)), Long::sum);
        }
      }
    }
    if (tokens == null || tokens.isEmpty()) {
      return new SuggestResult(
          s.name(),
          s.type(),
          List.of(new SuggestResult.Entry(s.text(), 0, s.text().length(), List.of())));
    }
    int maxErrors =
        s.maxErrors() >= 1
            ? (int) s.maxErrors()
            : Math.max(1, (int) Math.floor(s.maxErrors() * tokens.size()));
    long n = total;
    long v = Math.max(1, vocabulary);
    java.util.function.ToDoubleFunction<String> p = w -> (1.0 + freq.getOrDefault(w, 0L)) / (v + n);
    double original = 1;
    for (TermSuggester.Token token : tokens) {
      original *= p.applyAsDouble(token.term());
    }
    List<List<String>> phrases = new ArrayList<>();
    expand(candidates, tokens, 0, maxErrors, new ArrayList<>(), phrases);
    record Scored(List<String> words, double score) {}
    List<Scored> scored = new ArrayList<>();
    for (List<String> words : phrases) {
      double score = 1;
      for (String w : words) {
        score *= p.applyAsDouble(w);
      }
      if (score >= original * s.confidence()) {
        scored.add(new Scored(words, score));
      }
    }
    scored.sort(Comparator.comparingDouble((Scored x) -> -x.score()));
    List<SuggestResult.Option> options = new ArrayList<>();
    for (Scored x : scored.subList(0, Math.min(s.size(), scored.size()))) {
      String text = rebuild(s.text(), tokens, x.words(), null, null);
      String highlighted =
          s.preTag() == null && s.postTag() == null
              ? null
              : rebuild(s.text(), tokens, x.words(), s.preTag(), s.postTag());
      options.add(
          new SuggestResult.Option(
              text,
              (float) Math.pow(x.score(), 1.0 / tokens.size()),
              null,
              highlighted,
              null,
              null));
    }
    return new SuggestResult(
        s.name(),
        s.type(),
        List.of(new SuggestResult.Entry(s.text(), 0, s.text().length(), options)));
  }

  /** Every phrase with between one and {@code errors} tokens replaced by a candidate. */
  private static void expand(
      List<Set<String>> candidates,
      List<TermSuggester.Token> tokens,
      int at,
      int errors,
      List<String> prefix,
      List<List<String>> out) {
    if (out.size() >= MAX_PHRASES) {
      return;
    }
    if (at == candidates.size()) {
      boolean changed = false;
      for (int i = 0; i < prefix.size(); i++) {
        changed |= !prefix.get(i).equals(tokens.get(i).term());
      }
      if (changed) {
        out.add(List.copyOf(prefix));
      }
      return;
    }
    for (String word : candidates.get(at)) {
      boolean correction = !word.equals(tokens.get(at).term());
      if (correction && errors == 0) {
        continue;
      }
      prefix.add(word);
      expand(candidates, tokens, at + 1, correction ? errors - 1 : errors, prefix, out);
      prefix.remove(prefix.size() - 1);
    }
  }

  /** The phrase: the tokens' words joined by single spaces, corrections between the tags. */
  private static String rebuild(
      String text, List<TermSuggester.Token> tokens, List<String> words, String pre, String post) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < words.size(); i++) {
      if (i > 0) {
        out.append(' ');
      }
      boolean changed = !words.get(i).equals(tokens.get(i).term());
      if (changed && pre != null) {
        out.append(pre);
      }
      out.append(words.get(i));
      if (changed && post != null) {
        out.append(post);
      }
    }
    return out.toString();
  }
}
