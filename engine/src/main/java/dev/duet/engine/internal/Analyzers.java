package dev.duet.engine.internal;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.core.KeywordAnalyzer;
import org.apache.lucene.analysis.core.SimpleAnalyzer;
import org.apache.lucene.analysis.core.StopAnalyzer;
import org.apache.lucene.analysis.core.WhitespaceAnalyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.standard.StandardAnalyzer;

/**
 * OpenSearch's built-in analyzers by name, one shared instance each (Lucene analyzers reuse their
 * token streams per thread, so sharing is what keeps analysis allocation-free).
 */
final class Analyzers {
  static final Analyzer STANDARD = standard();
  private static final Analyzer SIMPLE = new SimpleAnalyzer();
  private static final Analyzer WHITESPACE = new WhitespaceAnalyzer();
  private static final Analyzer KEYWORD = new KeywordAnalyzer();
  private static final Analyzer STOP = new StopAnalyzer(EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
  private static final Analyzer ENGLISH = new EnglishAnalyzer();

  private Analyzers() {}

  /** The analyzer a mapping names; the standard one when it names none. */
  static Analyzer named(Object name) {
    if (name == null) {
      return STANDARD;
    }
    return switch (name.toString()) {
      case "simple" -> SIMPLE;
      case "whitespace" -> WHITESPACE;
      case "keyword" -> KEYWORD;
      case "stop" -> STOP;
      case "english" -> ENGLISH;
      default -> STANDARD;
    };
  }

  private static Analyzer standard() {
    // OpenSearch's standard analyzer: no stop words, tokens up to 255 characters.
    StandardAnalyzer analyzer = new StandardAnalyzer();
    analyzer.setMaxTokenLength(255);
    return analyzer;
  }
}
