package dev.duet.engine.internal.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.core.KeywordAnalyzer;
import org.apache.lucene.analysis.core.SimpleAnalyzer;
import org.apache.lucene.analysis.core.StopAnalyzer;
import org.apache.lucene.analysis.core.WhitespaceAnalyzer;
import org.apache.lucene.analysis.custom.CustomAnalyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.standard.StandardAnalyzer;

/**
 * OpenSearch's built-in analyzers by name, one shared instance each (Lucene analyzers reuse their
 * token streams per thread, so sharing is what keeps analysis allocation-free). Language analyzers
 * are built on first use: each loads its stop words and stemmer.
 */
public final class Analyzers {
  public static final Analyzer STANDARD = standard();
  private static final Map<String, Supplier<Analyzer>> FACTORIES = factories();
  private static final Map<String, Analyzer> BUILT = new ConcurrentHashMap<>();

  private Analyzers() {}

  /** The analyzer a mapping names; the standard one when it names none. */
  static Analyzer named(Object name) {
    if (name == null) {
      return STANDARD;
    }
    Analyzer analyzer = builtIn(name.toString());
    return analyzer == null ? STANDARD : analyzer;
  }

  /** A built-in analyzer by its OpenSearch name, or null when there is none by that name. */
  public static Analyzer builtIn(String name) {
    if (name.equals("standard") || name.equals("default")) {
      return STANDARD;
    }
    Supplier<Analyzer> factory = FACTORIES.get(name);
    return factory == null ? null : BUILT.computeIfAbsent(name, n -> factory.get());
  }

  private static Map<String, Supplier<Analyzer>> factories() {
    Map<String, Supplier<Analyzer>> f = new ConcurrentHashMap<>();
    f.put("simple", SimpleAnalyzer::new);
    f.put("whitespace", WhitespaceAnalyzer::new);
    f.put("keyword", KeywordAnalyzer::new);
    f.put("stop", () -> new StopAnalyzer(EnglishAnalyzer.ENGLISH_STOP_WORDS_SET));
    f.put("pattern", Analyzers::pattern);
    f.put("fingerprint", Analyzers::fingerprint);
    f.put("english", EnglishAnalyzer::new);
    f.put("arabic", org.apache.lucene.analysis.ar.ArabicAnalyzer::new);
    f.put("armenian", org.apache.lucene.analysis.hy.ArmenianAnalyzer::new);
    f.put("basque", org.apache.lucene.analysis.eu.BasqueAnalyzer::new);
    f.put("bengali", org.apache.lucene.analysis.bn.BengaliAnalyzer::new);
    f.put("brazilian", org.apache.lucene.analysis.br.BrazilianAnalyzer::new);
    f.put("bulgarian", org.apache.lucene.analysis.bg.BulgarianAnalyzer::new);
    f.put("catalan", org.apache.lucene.analysis.ca.CatalanAnalyzer::new);
    f.put("cjk", org.apache.lucene.analysis.cjk.CJKAnalyzer::new);
    f.put("czech", org.apache.lucene.analysis.cz.CzechAnalyzer::new);
    f.put("danish", org.apache.lucene.analysis.da.DanishAnalyzer::new);
    f.put("dutch", org.apache.lucene.analysis.nl.DutchAnalyzer::new);
    f.put("finnish", org.apache.lucene.analysis.fi.FinnishAnalyzer::new);
    f.put("french", org.apache.lucene.analysis.fr.FrenchAnalyzer::new);
    f.put("galician", org.apache.lucene.analysis.gl.GalicianAnalyzer::new);
    f.put("german", org.apache.lucene.analysis.de.GermanAnalyzer::new);
    f.put("greek", org.apache.lucene.analysis.el.GreekAnalyzer::new);
    f.put("hindi", org.apache.lucene.analysis.hi.HindiAnalyzer::new);
    f.put("hungarian", org.apache.lucene.analysis.hu.HungarianAnalyzer::new);
    f.put("indonesian", org.apache.lucene.analysis.id.IndonesianAnalyzer::new);
    f.put("irish", org.apache.lucene.analysis.ga.IrishAnalyzer::new);
    f.put("italian", org.apache.lucene.analysis.it.ItalianAnalyzer::new);
    f.put("latvian", org.apache.lucene.analysis.lv.LatvianAnalyzer::new);
    f.put("lithuanian", org.apache.lucene.analysis.lt.LithuanianAnalyzer::new);
    f.put("norwegian", org.apache.lucene.analysis.no.NorwegianAnalyzer::new);
    f.put("persian", org.apache.lucene.analysis.fa.PersianAnalyzer::new);
    f.put("portuguese", org.apache.lucene.analysis.pt.PortugueseAnalyzer::new);
    f.put("romanian", org.apache.lucene.analysis.ro.RomanianAnalyzer::new);
    f.put("russian", org.apache.lucene.analysis.ru.RussianAnalyzer::new);
    f.put("sorani", org.apache.lucene.analysis.ckb.SoraniAnalyzer::new);
    f.put("spanish", org.apache.lucene.analysis.es.SpanishAnalyzer::new);
    f.put("swedish", org.apache.lucene.analysis.sv.SwedishAnalyzer::new);
    f.put("turkish", org.apache.lucene.analysis.tr.TurkishAnalyzer::new);
    f.put("thai", org.apache.lucene.analysis.th.ThaiAnalyzer::new);
    return f;
  }

  private static Analyzer standard() {
    // OpenSearch's standard analyzer: no stop words, tokens up to 255 characters.
    StandardAnalyzer analyzer = new StandardAnalyzer(CharArraySet.EMPTY_SET);
    analyzer.setMaxTokenLength(255);
    return analyzer;
  }

  /** OpenSearch's {@code pattern} analyzer: split on non-word characters, lower-cased. */
  private static Analyzer pattern() {
    try {
      return CustomAnalyzer.builder()
          .withTokenizer("pattern", "pattern", "\\W+", "group", "-1")
          .addTokenFilter("lowercase")
          .build();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** OpenSearch's {@code fingerprint} analyzer: sorted, de-duplicated, folded tokens as one. */
  private static Analyzer fingerprint() {
    try {
      return CustomAnalyzer.builder()
          .withTokenizer("standard")
          .addTokenFilter("lowercase")
          .addTokenFilter("asciiFolding")
          .addTokenFilter("fingerprint", "separator", " ", "maxOutputTokenSize", "255")
          .build();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
