package dev.duet.engine.internal.analysis;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.lucene.index.IndexWriter;

/**
 * The bounds OpenSearch puts on analysis components, with its setting names and messages: {@code
 * index.max_ngram_diff} (ngram tokenizers and filters), {@code index.max_shingle_diff}, and the
 * replacement of a {@code pattern_replace}, whose group references must exist. Gram sizes are also
 * capped at the longest term Lucene indexes: Lucene's n-gram tokenizers allocate a buffer of twice
 * {@code max_gram}, so {@code max_gram: 2^30} would take the heap (OpenSearch's as well).
 */
public record AnalysisLimits(int maxNgramDiff, int maxShingleDiff, boolean enforced) {
  static final int DEFAULT_MAX_NGRAM_DIFF = 1;
  static final int DEFAULT_MAX_SHINGLE_DIFF = 3;
  static final AnalysisLimits DEFAULTS =
      new AnalysisLimits(DEFAULT_MAX_NGRAM_DIFF, DEFAULT_MAX_SHINGLE_DIFF, true);

  /** No gram longer than a term Lucene can index is worth a buffer. */
  static final int MAX_GRAM = IndexWriter.MAX_TERM_LENGTH;

  static AnalysisLimits of(IndexSettings settings) {
    return new AnalysisLimits(
        intSetting(settings, "max_ngram_diff", DEFAULT_MAX_NGRAM_DIFF),
        intSetting(settings, "max_shingle_diff", DEFAULT_MAX_SHINGLE_DIFF),
        true);
  }

  /**
   * These limits, checked ({@code enforced}) or not: an index created before a limit existed still
   * opens with the analyzers it has, its gram sizes capped; requests are checked.
   */
  AnalysisLimits enforced(boolean enforced) {
    return new AnalysisLimits(maxNgramDiff, maxShingleDiff, enforced);
  }

  /**
   * Lucene's {@code minGramSize}/{@code maxGramSize} for OpenSearch's {@code min_gram}/{@code
   * max_gram}; {@code ngram} components (not {@code edge_ngram}) within {@code max_ngram_diff}.
   */
  Map<String, String> grams(Map<String, Object> p, boolean ngram) {
    int min = gramSize(p, "min_gram", 1);
    int max = gramSize(p, "max_gram", 2);
    if (enforced && ngram && (long) max - min > maxNgramDiff) {
      // OpenSearch names the tokenizer for its filter too.
      throw DuetException.illegalArgument(
          "The difference between max_gram and min_gram in NGram Tokenizer must be less than or"
              + " equal to: ["
              + maxNgramDiff
              + "] but was ["
              + (max - min)
              + "]. This limit can be set by changing the [index.max_ngram_diff] index level"
              + " setting.");
    }
    // Lucene's checks and words, made here: its factories only check when a text is analyzed.
    if (enforced && min < 1) {
      throw DuetException.illegalArgument("minGram must be greater than zero");
    }
    if (enforced && min > max) {
      throw DuetException.illegalArgument("minGram must not be greater than maxGram");
    }
    Map<String, String> out = new HashMap<>();
    out.put("minGramSize", Integer.toString(Math.min(min, MAX_GRAM)));
    out.put("maxGramSize", Integer.toString(Math.min(max, MAX_GRAM)));
    return out;
  }

  /** The shingle filter's sizes within {@code max_shingle_diff}, counted as OpenSearch counts. */
  void checkShingle(Map<String, Object> p) {
    if (!enforced) {
      return;
    }
    int min = intParam(p, "min_shingle_size", 2);
    int max = intParam(p, "max_shingle_size", 2);
    boolean unigrams = !"false".equals(String.valueOf(p.getOrDefault("output_unigrams", "true")));
    long diff = (long) max - min + (unigrams ? 1 : 0);
    if (diff > maxShingleDiff) {
      throw DuetException.illegalArgument(
          "In Shingle TokenFilter the difference between max_shingle_size and min_shingle_size"
              + " (and +1 if outputting unigrams) must be less than or equal to: ["
              + maxShingleDiff
              + "] but was ["
              + diff
              + "]. This limit can be set by changing the [index.max_shingle_diff] index level"
              + " setting.");
    }
  }

  /**
   * Refuses a {@code pattern_replace} whose replacement names a group its pattern does not have
   * (Java fails on it for every match: OpenSearch answers 500 {@code No group 9} on each text).
   */
  void checkReplacement(Object pattern, String replacement) {
    if (!enforced || pattern == null) {
      return;
    }
    Pattern compiled;
    int groups;
    try {
      compiled = Pattern.compile(pattern.toString());
      groups = compiled.matcher("").groupCount();
    } catch (PatternSyntaxException e) {
      throw DuetException.illegalArgument(e.getMessage());
    }
    for (int i = 0; i < replacement.length(); i++) {
      char c = replacement.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '$') {
        if (i + 1 >= replacement.length()) {
          throw DuetException.illegalArgument("Illegal group reference: group index is missing");
        }
        char next = replacement.charAt(i + 1);
        if (next == '{') {
          int end = replacement.indexOf('}', i);
          String name = end < 0 ? "" : replacement.substring(i + 2, end);
          if (!compiled.namedGroups().containsKey(name)) {
            throw DuetException.illegalArgument("No group with name {" + name + "}");
          }
          continue;
        }
        if (next < '0' || next > '9') {
          throw DuetException.illegalArgument("Illegal group reference");
        }
        if (next - '0' > groups) {
          throw new DuetException(400, "index_out_of_bounds_exception", "No group " + next);
        }
      }
    }
  }

  private static int gramSize(Map<String, Object> p, String name, int otherwise) {
    return intParam(p, name, otherwise);
  }

  private static int intParam(Map<String, Object> p, String name, int otherwise) {
    Object v = p.get(name);
    if (v == null) {
      return otherwise;
    }
    try {
      return Integer.parseInt(v.toString().trim());
    } catch (NumberFormatException e) {
      throw DuetException.illegalArgument(
          "Failed to parse value [" + v + "] for setting [" + name + "]");
    }
  }

  private static int intSetting(IndexSettings settings, String key, int otherwise) {
    String v = settings.get(key);
    return v == null ? otherwise : Integer.parseInt(v.trim());
  }
}
