package dev.duet.engine.internal.suggest;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.search.Suggest;
import dev.duet.engine.search.SuggestResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.spell.DirectSpellChecker;
import org.apache.lucene.search.spell.JaroWinklerDistance;
import org.apache.lucene.search.spell.LevenshteinDistance;
import org.apache.lucene.search.spell.LuceneLevenshteinDistance;
import org.apache.lucene.search.spell.NGramDistance;
import org.apache.lucene.search.spell.StringDistance;
import org.apache.lucene.search.spell.SuggestMode;
import org.apache.lucene.search.spell.SuggestWord;
import org.apache.lucene.search.spell.SuggestWordFrequencyComparator;
import org.apache.lucene.search.spell.SuggestWordQueue;

/**
 * The term suggester: each token of the text, as the field's search analyzer makes it, corrected by
 * Lucene's {@link DirectSpellChecker} against each index's terms (OpenSearch's options and
 * defaults); options for one token from several indices merge by text, frequencies summed.
 */
final class TermSuggester {
  private TermSuggester() {}

  /** A token of the suggested text and where it is. */
  record Token(String term, int offset, int length) {}

  static SuggestResult run(Suggest.Term s, List<LuceneIndex> targets, IndexSearcher[] searchers)
      throws IOException {
    List<Token> tokens = null;
    List<Map<String, SuggestWord>> merged = new ArrayList<>();
    for (int i = 0; i < targets.size(); i++) {
      MappingLookup lookup = targets.get(i).lookup();
      Analyzer analyzer = analyzer(lookup, s.field(), s.analyzer());
      if (tokens == null) {
        tokens = tokens(analyzer, s.field(), s.text());
        for (int t = 0; t < tokens.size(); t++) {
          merged.add(new LinkedHashMap<>());
        }
      }
      DirectSpellChecker checker = checker(s);
      IndexReader reader = searchers[i].getIndexReader();
      SuggestMode mode = mode(s.suggestMode());
      for (int t = 0; t < tokens.size(); t++) {
        Term term = new Term(s.field(), tokens.get(t).term());
        SuggestWord[] words =
            checker.suggestSimilar(term, Math.max(s.size(), 5), reader, mode, s.accuracy());
        for (SuggestWord word : words) {
          SuggestWord known = merged.get(t).get(word.string);
          if (known == null) {
            merged.get(t).put(word.string, word);
          } else {
            known.freq += word.freq;
            known.score = Math.max(known.score, word.score);
          }
        }
      }
    }
    if (tokens == null) {
      tokens = List.of();
    }
    Comparator<SuggestWord> order =
        s.sort().equals("frequency")
            ? new SuggestWordFrequencyComparator().reversed()
            : SuggestWordQueue.DEFAULT_COMPARATOR.reversed();
    List<SuggestResult.Entry> entries = new ArrayList<>();
    for (int t = 0; t < tokens.size(); t++) {
      List<SuggestWord> words = new ArrayList<>(merged.get(t).values());
      words.sort(order);
      List<SuggestResult.Option> options = new ArrayList<>();
      for (SuggestWord word : words.subList(0, Math.min(s.size(), words.size()))) {
        options.add(
            new SuggestResult.Option(word.string, word.score, (long) word.freq, null, null, null));
      }
      Token token = tokens.get(t);
      entries.add(new SuggestResult.Entry(token.term(), token.offset(), token.length(), options));
    }
    return new SuggestResult(s.name(), s.type(), entries);
  }

  /** The field's search analyzer, or the one the request names; a 400 for an unmapped field. */
  static Analyzer analyzer(MappingLookup lookup, String field, String named) {
    if (lookup.leaf(field) == null) {
      throw DuetException.illegalArgument("no mapping found for field [" + field + "]");
    }
    if (named != null) {
      Analyzer analyzer = lookup.analyzerNamed(named);
      if (analyzer == null) {
        throw DuetException.illegalArgument("analyzer [" + named + "] doesn't exists");
      }
      return analyzer;
    }
    Analyzer normalizer = lookup.normalizer(field);
    if (normalizer != null) {
      return normalizer;
    }
    return lookup.searchAnalyzer(field);
  }

  static List<Token> tokens(Analyzer analyzer, String field, String text) throws IOException {
    List<Token> out = new ArrayList<>();
    try (TokenStream ts = analyzer.tokenStream(field, text)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      OffsetAttribute offset = ts.addAttribute(OffsetAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        out.add(
            new Token(
                term.toString(), offset.startOffset(), offset.endOffset() - offset.startOffset()));
      }
      ts.end();
    }
    return out;
  }

  static DirectSpellChecker checker(Suggest.Term s) {
    DirectSpellChecker checker = new DirectSpellChecker();
    checker.setAccuracy(s.accuracy());
    checker.setMaxEdits(s.maxEdits());
    checker.setMaxInspections(s.maxInspections());
    checker.setMaxQueryFrequency(s.maxTermFreq());
    checker.setMinPrefix(s.prefixLength());
    checker.setMinQueryLength(s.minWordLength());
    checker.setThresholdFrequency(s.minDocFreq());
    checker.setLowerCaseTerms(false);
    checker.setDistance(distance(s.stringDistance()));
    if (s.sort().equals("frequency")) {
      checker.setComparator(new SuggestWordFrequencyComparator());
    }
    return checker;
  }

  static SuggestMode mode(String mode) {
    return switch (mode.toLowerCase(Locale.ROOT)) {
      case "popular" -> SuggestMode.SUGGEST_MORE_POPULAR;
      case "always" -> SuggestMode.SUGGEST_ALWAYS;
      default -> SuggestMode.SUGGEST_WHEN_NOT_IN_INDEX;
    };
  }

  private static StringDistance distance(String name) {
    return switch (name) {
      case "damerau_levenshtein" -> new LuceneLevenshteinDistance();
      case "levenshtein" -> new LevenshteinDistance();
      case "jaro_winkler" -> new JaroWinklerDistance();
      case "ngram" -> new NGramDistance();
      default -> DirectSpellChecker.INTERNAL_LEVENSHTEIN;
    };
  }
}
