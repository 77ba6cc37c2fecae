package dev.duet.engine.internal.agg;

import dev.duet.engine.internal.query.RegexLimits;
import dev.duet.engine.search.Aggregation.IncludeExclude;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.automaton.ByteRunAutomaton;

/**
 * {@code include}/{@code exclude} of a terms aggregation: Lucene regular expressions (OpenSearch's
 * syntax) matched on the term's bytes, or exact value lists. Checked once per distinct term.
 */
final class TermFilter {
  private static final TermFilter ALL = new TermFilter(null, null, null, null);

  private final ByteRunAutomaton include;
  private final ByteRunAutomaton exclude;
  private final Set<String> includeValues;
  private final Set<String> excludeValues;
  private final Set<BytesRef> includeTerms;
  private final Set<BytesRef> excludeTerms;

  private TermFilter(
      ByteRunAutomaton include,
      ByteRunAutomaton exclude,
      Set<String> includeValues,
      Set<String> excludeValues) {
    this.include = include;
    this.exclude = exclude;
    this.includeValues = includeValues;
    this.excludeValues = excludeValues;
    this.includeTerms = terms(includeValues, v -> new BytesRef(v));
    this.excludeTerms = terms(excludeValues, v -> new BytesRef(v));
  }

  private TermFilter(TermFilter values, Function<String, BytesRef> encode) {
    this.include = values.include;
    this.exclude = values.exclude;
    this.includeValues = values.includeValues;
    this.excludeValues = values.excludeValues;
    this.includeTerms = terms(includeValues, encode);
    this.excludeTerms = terms(excludeValues, encode);
  }

  /** The filter of {@code spec}; its regexes within {@code index.max_regex_length}. */
  static TermFilter of(IncludeExclude spec, int maxRegexLength) {
    if (spec == null) {
      return ALL;
    }
    return new TermFilter(
        automaton(spec.includeRegex(), maxRegexLength),
        automaton(spec.excludeRegex(), maxRegexLength),
        set(spec.includeValues()),
        set(spec.excludeValues()));
  }

  private static ByteRunAutomaton automaton(String regex, int maxRegexLength) {
    if (regex == null) {
      return null;
    }
    return new ByteRunAutomaton(RegexLimits.deterministic(regex, maxRegexLength));
  }

  private static Set<String> set(List<String> values) {
    return values == null ? null : new HashSet<>(values);
  }

  private static Set<BytesRef> terms(Set<String> values, Function<String, BytesRef> encode) {
    if (values == null) {
      return null;
    }
    Set<BytesRef> out = new HashSet<>();
    for (String v : values) {
      out.add(encode.apply(v));
    }
    return out;
  }

  /**
   * This filter with its listed values read as the field's type reads them ({@code encode}: a value
   * to its doc-values term; an {@code ip}'s address bytes).
   */
  TermFilter forTerms(Function<String, BytesRef> encode) {
    return this == ALL ? ALL : new TermFilter(this, encode);
  }

  /** Whether a regular expression is given: OpenSearch allows one on string terms only. */
  boolean regexBased() {
    return include != null || exclude != null;
  }

  boolean accepts(BytesRef term) {
    if (include != null && !include.run(term.bytes, term.offset, term.length)) {
      return false;
    }
    if (exclude != null && exclude.run(term.bytes, term.offset, term.length)) {
      return false;
    }
    return (includeTerms == null || includeTerms.contains(term))
        && (excludeTerms == null || !excludeTerms.contains(term));
  }

  /** A numeric value, compared with the listed values by their numeric form. */
  boolean accepts(long raw, FieldSource source) {
    if (includeValues == null && excludeValues == null) {
      return true;
    }
    double value = source.toDouble(raw);
    return (includeValues == null || containsNumber(includeValues, value))
        && (excludeValues == null || !containsNumber(excludeValues, value));
  }

  private static boolean containsNumber(Set<String> values, double value) {
    for (String v : values) {
      try {
        if (Double.parseDouble(v) == value) {
          return true;
        }
      } catch (NumberFormatException e) {
        // not a number: cannot name a numeric term
      }
    }
    return false;
  }
}
