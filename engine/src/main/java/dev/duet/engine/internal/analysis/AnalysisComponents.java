package dev.duet.engine.internal.analysis;

import dev.duet.engine.error.DuetException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.custom.CustomAnalyzer;
import org.apache.lucene.util.ResourceLoader;

/**
 * OpenSearch's analysis components by their OpenSearch names and parameters, built with Lucene's
 * factories: {@code ngram}'s {@code min_gram} becomes {@code nGram}'s {@code minGramSize}, word
 * lists ({@code stopwords}, {@code synonyms}, {@code mappings}) become in-memory resources.
 */
public final class AnalysisComponents {
  /** Index-defined components by kind ({@code tokenizer}, {@code filter}, {@code char_filter}). */
  private final Map<String, Map<String, Map<String, Object>>> defined;

  private final AnalysisLimits limits;

  AnalysisComponents(Map<String, Map<String, Map<String, Object>>> defined, AnalysisLimits limits) {
    this.defined = defined;
    this.limits = limits;
  }

  /** These components under {@code limits}. */
  AnalysisComponents under(AnalysisLimits limits) {
    return new AnalysisComponents(defined, limits);
  }

  /**
   * Checks every defined tokenizer, filter and char filter against the limits, used by an analyzer
   * or not, as OpenSearch builds them all when it creates the index.
   */
  void checkDefined() {
    for (String kind : List.of("tokenizer", "filter", "char_filter")) {
      for (String name : defined.getOrDefault(kind, Map.of()).keySet()) {
        check(kind, resolve(kind, name));
      }
    }
  }

  /**
   * A chain of a tokenizer (null: keyword, for normalizers), filters and char filters; each is a
   * name or an inline definition (a map with {@code type}).
   */
  public Analyzer chain(Object tokenizer, List<Object> filters, List<Object> charFilters, int gap) {
    Resources resources = new Resources();
    CustomAnalyzer.Builder b = CustomAnalyzer.builder(resources);
    try {
      for (Object c : charFilters) {
        Component comp = resolve("char_filter", c);
        check("char_filter", comp);
        charFilter(b, comp, resources);
      }
      if (tokenizer == null) {
        b.withTokenizer("keyword");
      } else {
        Component comp = resolve("tokenizer", tokenizer);
        check("tokenizer", comp);
        tokenizer(b, comp);
      }
      for (Object f : filters) {
        Component comp = resolve("filter", f);
        check("filter", comp);
        filter(b, comp, resources);
      }
      if (gap >= 0) {
        b.withPositionIncrementGap(gap);
      }
      return b.build();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (IllegalArgumentException e) {
      throw DuetException.illegalArgument(e.getMessage());
    }
  }

  private record Component(String name, String type, Map<String, Object> params) {}

  /** The limits of {@link AnalysisLimits} on one component. */
  private void check(String kind, Component c) {
    switch (c.type()) {
      case "ngram", "nGram", "edge_ngram", "edgeNGram" -> {
        if (!kind.equals("char_filter")) {
          limits.grams(c.params(), c.type().equalsIgnoreCase("ngram"));
        }
      }
      case "shingle" -> limits.checkShingle(c.params());
      case "pattern_replace" ->
          limits.checkReplacement(
              c.params().get("pattern"),
              String.valueOf(c.params().getOrDefault("replacement", "")));
      default -> {}
    }
  }

  @SuppressWarnings("unchecked")
  private Component resolve(String kind, Object spec) {
    if (spec instanceof Map<?, ?> inline) {
      Map<String, Object> params = (Map<String, Object>) inline;
      Object type = params.get("type");
      if (type == null) {
        throw DuetException.illegalArgument(
            "Missing [type] setting for anonymous " + kind + ": " + params);
      }
      return new Component("_anonymous_" + kind, type.toString(), params);
    }
    String name = String.valueOf(spec);
    Map<String, Object> params = defined.getOrDefault(kind, Map.of()).get(name);
    if (params != null) {
      Object type = params.get("type");
      return new Component(name, type == null ? name : type.toString(), params);
    }
    return new Component(name, name, Map.of());
  }

  private void tokenizer(CustomAnalyzer.Builder b, Component c) throws IOException {
    Map<String, Object> p = c.params();
    switch (c.type()) {
      case "standard" ->
          b.withTokenizer("standard", params("maxTokenLength", p.get("max_token_length")));
      case "whitespace" -> b.withTokenizer("whitespace");
      case "keyword" -> b.withTokenizer("keyword");
      case "letter" -> b.withTokenizer("letter");
      case "classic" -> b.withTokenizer("classic");
      case "uax_url_email" -> b.withTokenizer("uax29UrlEmail");
      case "thai" -> b.withTokenizer("thai");
      case "ngram", "nGram" -> b.withTokenizer("nGram", limits.grams(p, true));
      case "edge_ngram", "edgeNGram" -> b.withTokenizer("edgeNGram", limits.grams(p, false));
      case "pattern" ->
          b.withTokenizer(
              "pattern",
              params(
                  "pattern",
                  p.getOrDefault("pattern", "\\W+"),
                  "group",
                  p.getOrDefault("group", "-1")));
      case "simple_pattern" ->
          b.withTokenizer("simplePattern", params("pattern", p.get("pattern")));
      case "path_hierarchy" ->
          b.withTokenizer("pathHierarchy", params("delimiter", p.get("delimiter")));
      default ->
          throw DuetException.illegalArgument(
              "failed to find global tokenizer under [" + c.name() + "]");
    }
  }

  private void filter(CustomAnalyzer.Builder b, Component c, Resources r) throws IOException {
    Map<String, Object> p = c.params();
    switch (c.type()) {
      case "lowercase" -> b.addTokenFilter("lowercase");
      case "uppercase" -> b.addTokenFilter("uppercase");
      case "asciifolding" ->
          b.addTokenFilter("asciiFolding", params("preserveOriginal", p.get("preserve_original")));
      case "stop" -> {
        Object words = p.getOrDefault("stopwords", "_english_");
        Map<String, String> params = params("ignoreCase", p.get("ignore_case"));
        if (!"_english_".equals(words) && !(words instanceof String s && s.equals("_none_"))) {
          params.put("words", r.add(list(words)));
        } else if ("_none_".equals(words)) {
          params.put("words", r.add(List.of()));
        }
        b.addTokenFilter("stop", params);
      }
      case "porter_stem" -> b.addTokenFilter("porterStem");
      case "kstem" -> b.addTokenFilter("kStem");
      case "stemmer" ->
          stemmer(b, String.valueOf(p.getOrDefault("language", p.getOrDefault("name", "english"))));
      case "snowball" ->
          b.addTokenFilter(
              "snowballPorter", params("language", p.getOrDefault("language", "English")));
      case "shingle" ->
          b.addTokenFilter(
              "shingle",
              params(
                  "minShingleSize", p.get("min_shingle_size"),
                  "maxShingleSize", p.get("max_shingle_size"),
                  "outputUnigrams", p.get("output_unigrams")));
      case "ngram", "nGram" -> b.addTokenFilter("nGram", limits.grams(p, true));
      case "edge_ngram", "edgeNGram" -> b.addTokenFilter("edgeNGram", limits.grams(p, false));
      case "length" ->
          b.addTokenFilter(
              "length",
              params(
                  "min",
                  p.getOrDefault("min", "0"),
                  "max",
                  p.getOrDefault("max", Integer.toString(Integer.MAX_VALUE))));
      case "trim" -> b.addTokenFilter("trim");
      case "truncate" ->
          b.addTokenFilter("truncate", params("prefixLength", p.getOrDefault("length", "10")));
      case "reverse" -> b.addTokenFilter("reverseString");
      case "word_delimiter" -> b.addTokenFilter("wordDelimiter");
      case "word_delimiter_graph" -> b.addTokenFilter("wordDelimiterGraph");
      case "elision" -> {
        Map<String, String> params = new HashMap<>();
        if (p.get("articles") != null) {
          params.put("articles", r.add(list(p.get("articles"))));
        }
        b.addTokenFilter("elision", params);
      }
      case "apostrophe" -> b.addTokenFilter("apostrophe");
      case "decimal_digit" -> b.addTokenFilter("decimalDigit");
      case "classic" -> b.addTokenFilter("classic");
      case "cjk_width" -> b.addTokenFilter("cjkWidth");
      case "cjk_bigram" -> b.addTokenFilter("cjkBigram");
      case "keyword_marker" ->
          b.addTokenFilter(
              "keywordMarker",
              params("protected", r.add(list(p.getOrDefault("keywords", List.of())))));
      case "synonym", "synonym_graph" ->
          b.addTokenFilter(
              c.type().equals("synonym") ? "synonym" : "synonymGraph",
              params(
                  "synonyms",
                  r.add(list(p.getOrDefault("synonyms", List.of()))),
                  "expand",
                  p.get("expand")));
      default ->
          throw DuetException.illegalArgument(
              "failed to find global filter under [" + c.name() + "]");
    }
  }

  private static void charFilter(CustomAnalyzer.Builder b, Component c, Resources r)
      throws IOException {
    Map<String, Object> p = c.params();
    switch (c.type()) {
      case "html_strip" -> b.addCharFilter("htmlStrip");
      case "mapping" ->
          b.addCharFilter("mapping", params("mapping", r.add(mappings(p.get("mappings")))));
      case "pattern_replace" ->
          b.addCharFilter(
              "patternReplace",
              params(
                  "pattern", p.get("pattern"), "replacement", p.getOrDefault("replacement", "")));
      default ->
          throw DuetException.illegalArgument(
              "failed to find global char_filter under [" + c.name() + "]");
    }
  }

  private static void stemmer(CustomAnalyzer.Builder b, String language) throws IOException {
    switch (language.toLowerCase(Locale.ROOT)) {
      case "english", "porter" -> b.addTokenFilter("porterStem");
      case "light_english", "kstem" -> b.addTokenFilter("kStem");
      case "minimal_english" -> b.addTokenFilter("englishMinimalStem");
      case "possessive_english" -> b.addTokenFilter("englishPossessive");
      default -> {
        String lang = language.substring(0, 1).toUpperCase(Locale.ROOT) + language.substring(1);
        b.addTokenFilter("snowballPorter", params("language", lang));
      }
    }
  }

  /** Lucene factory parameters from name/value pairs, leaving out values not given. */
  private static Map<String, String> params(Object... pairs) {
    Map<String, String> out = new HashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      if (pairs[i + 1] != null) {
        out.put(pairs[i].toString(), pairs[i + 1].toString());
      }
    }
    return out;
  }

  /** A list given as a JSON array or, from flattened settings, as one comma-joined string. */
  static List<String> list(Object value) {
    List<String> out = new ArrayList<>();
    if (value instanceof List<?> l) {
      for (Object o : l) {
        out.add(String.valueOf(o));
      }
    } else if (value != null) {
      for (String s : value.toString().split(",")) {
        if (!s.isBlank()) {
          out.add(s.strip());
        }
      }
    }
    return out;
  }

  /** OpenSearch's {@code "a => b"} char mappings in the quoted form Lucene's factory reads. */
  private static List<String> mappings(Object value) {
    List<String> out = new ArrayList<>();
    for (String m : list(value)) {
      int arrow = m.indexOf("=>");
      if (arrow < 0) {
        continue;
      }
      out.add(
          quote(m.substring(0, arrow).strip()) + " => " + quote(m.substring(arrow + 2).strip()));
    }
    return out;
  }

  private static String quote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  /** Word lists served to Lucene's factories as in-memory files. */
  private static final class Resources implements ResourceLoader {
    private final Map<String, byte[]> files = new HashMap<>();

    String add(List<String> lines) {
      String name = "inline-" + files.size() + ".txt";
      files.put(name, String.join("\n", lines).getBytes(StandardCharsets.UTF_8));
      return name;
    }

    @Override
    public InputStream openResource(String resource) throws IOException {
      byte[] bytes = files.get(resource);
      if (bytes == null) {
        throw new IOException("no such resource: " + resource);
      }
      return new ByteArrayInputStream(bytes);
    }

    @Override
    public <T> Class<? extends T> findClass(String cname, Class<T> expectedType) {
      try {
        return Class.forName(cname).asSubclass(expectedType);
      } catch (ClassNotFoundException e) {
        throw new IllegalArgumentException(e);
      }
    }
  }
}
