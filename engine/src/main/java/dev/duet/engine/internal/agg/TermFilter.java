package dev.duet.engine.internal.agg;

import dev.duet.engine.internal.query.RegexLimits;
import dev.duet.engine.search.Aggregation.IncludeExclude;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.apache.lucene.internal.hppc.BitMixer;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.NumericUtils;
import org.apache.lucene.util.StringHelper;
import org.apache.lucene.util.automaton.ByteRunAutomaton;

/**
 * {@code include}/{@code exclude} of a terms aggregation: Lucene regular expressions (OpenSearch's
 * syntax) matched on the term's bytes, or exact value lists. Checked once per distinct term.
 */
final class TermFilter {
  private static final TermFilter ALL = new TermFilter(null, null, null, null);
  private static final int PARTITION_SEED = 31;

  private final ByteRunAutomaton include;
  private final ByteRunAutomaton exclude;
  private final Set<String> includeValues;
  private final Set<String> excludeValues;
  private final Set<BytesRef> includeTerms;
  private final Set<BytesRef> excludeTerms;
  // include: {partition, num_partitions}; numPartitions 0 when not partitioned.
  private final int partition;
  private final int numPartitions;

  private TermFilter(
      ByteRunAutomaton include,
      ByteRunAutomaton exclude,
      Set<String> includeValues,
      Set<String> excludeValues) {
    this(include, exclude, includeValues, excludeValues, 0, 0);
  }

  private TermFilter(
      ByteRunAutomaton include,
      ByteRunAutomaton exclude,
      Set<String> includeValues,
      Set<String> excludeValues,
      int partition,
      int numPartitions) {
    this.include = include;
    this.exclude = exclude;
    this.includeValues = includeValues;
    this.excludeValues = excludeValues;
    this.includeTerms = terms(includeValues, v -> new BytesRef(v));
    this.excludeTerms = terms(excludeValues, v -> new BytesRef(v));
    this.partition = partition;
    this.numPartitions = numPartitions;
  }

  private TermFilter(TermFilter values, Function<String, BytesRef> encode) {
    this.include = values.include;
    this.exclude = values.exclude;
    this.includeValues = values.includeValues;
    this.excludeValues = values.excludeValues;
    this.includeTerms = terms(includeValues, encode);
    this.excludeTerms = terms(excludeValues, encode);
    this.partition = values.partition;
    this.numPartitions = values.numPartitions;
  }

  /** The filter of {@code spec}; its regexes within {@code index.max_regex_length}. */
  static TermFilter of(IncludeExclude spec, int maxRegexLength) {
    if (spec == null) {
      return ALL;
    }
    if (spec.partitioned()) {
      return new TermFilter(null, null, null, null, spec.partition(), spec.numPartitions());
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

  /**
   * This filter with its listed values rewritten by {@code normalize} (a date's text to its epoch
   * millis), for numeric terms.
   */
  TermFilter forNumbers(Function<String, String> normalize) {
    if (this == ALL || numPartitions > 0) {
      return this;
    }
    return new TermFilter(
        include, exclude, mapped(includeValues, normalize), mapped(excludeValues, normalize));
  }

  private static Set<String> mapped(Set<String> values, Function<String, String> normalize) {
    if (values == null) {
      return null;
    }
    Set<String> out = new HashSet<>();
    for (String v : values) {
      out.add(normalize.apply(v));
    }
    return out;
  }

  /** Whether every term passes (no include or exclude given). */
  boolean acceptsAll() {
    return this == ALL;
  }

  /** Whether a regular expression is given: OpenSearch allows one on string terms only. */
  boolean regexBased() {
    return include != null || exclude != null;
  }

  boolean accepts(BytesRef term) {
    if (numPartitions > 0) {
      // OpenSearch's partitions: murmur3 (x86, 32 bits, seed 31) of the term's bytes.
      return Math.floorMod(StringHelper.murmurhash3_x86_32(term, PARTITION_SEED), numPartitions)
          == partition;
    }
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
    if (numPartitions > 0) {
      // OpenSearch's partitions of numbers: a 64-bit mix of the value (doubles by their sortable
      // bits).
      long value =
          source == FieldSource.FLOAT
              ? NumericUtils.doubleToSortableLong(source.toDouble(raw))
              : raw;
      return Math.floorMod(BitMixer.mix64(value), numPartitions) == partition;
    }
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
