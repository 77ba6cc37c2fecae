package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.error.DuetException;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code intervals}: documents where the {@link Rule} finds its terms at the positions it asks for
 * (Lucene's interval queries), on one {@code text} field. Each rule is a record below, with
 * OpenSearch's checks in its constructor.
 */
public record Intervals(String field, Rule rule, float boost) implements Query.FullText {
  /** The rule names OpenSearch lists when it meets another one (fuzzy is accepted, not listed). */
  public static final String RULE_NAMES = "[match, any_of, all_of, prefix, wildcard, regexp]";

  /** The filters a rule can put on its intervals, by OpenSearch's names. */
  public static final Set<String> FILTER_TYPES =
      Set.of(
          "containing",
          "contained_by",
          "not_containing",
          "not_contained_by",
          "overlapping",
          "not_overlapping",
          "before",
          "after");

  public Intervals {
    requireNonNull(field, "field");
    requireNonNull(rule, "rule");
  }

  /** The refusal of a rule name OpenSearch does not know. */
  public static DuetException unknownRule(String name) {
    return DuetException.parsing(
        "Unknown interval type [" + name + "], expecting one of " + RULE_NAMES);
  }

  /** The refusal of a second rule on one field. */
  public static DuetException secondRule(String first, String second) {
    return DuetException.parsing(
        "Only one interval rule can be specified, found [" + first + "] and [" + second + "]");
  }

  /** The refusal of a field with no rule. */
  public static DuetException missingRule() {
    return DuetException.parsing("Missing intervals from interval query definition");
  }

  /** One way to find intervals. */
  public sealed interface Rule permits Match, AnyOf, AllOf, Prefix, Wildcard, Regexp, Fuzzy {}

  /** How the intervals of several terms or rules combine. */
  public enum Mode {
    ORDERED,
    UNORDERED,
    UNORDERED_NO_OVERLAP;

    /**
     * The mode a rule asks for: {@code mode} by name, else the deprecated {@code ordered} flag,
     * else unordered.
     */
    public static Mode of(String mode, Boolean ordered) {
      if (mode != null) {
        try {
          return valueOf(mode.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
          throw DuetException.illegalArgument("no mode can be parsed from ordinal " + mode);
        }
      }
      return Boolean.TRUE.equals(ordered) ? ORDERED : UNORDERED;
    }
  }

  /**
   * A filter on a rule's intervals: {@code type} is one of {@link #FILTER_TYPES} (OpenSearch checks
   * it when it builds the query, as the engine does), {@code rule} the intervals it relates to.
   */
  public record Filter(String type, Rule rule) {
    public Filter {
      requireNonNull(type, "type");
      requireNonNull(rule, "rule");
    }
  }

  /**
   * {@code match}: the analyzed {@code query}'s terms, combined by {@code mode}, at most {@code
   * maxGaps} positions apart in all (-1: any).
   */
  public record Match(
      String query, int maxGaps, Mode mode, String analyzer, String useField, Filter filter)
      implements Rule {
    public Match {
      if (query == null) {
        throw DuetException.illegalArgument("Required [query]");
      }
      requireNonNull(mode, "mode");
    }
  }

  /** {@code any_of}: the intervals of any of the rules. */
  public record AnyOf(List<Rule> intervals, Filter filter) implements Rule {
    public AnyOf {
      if (intervals == null) {
        throw DuetException.illegalArgument("Required [intervals]");
      }
      intervals = List.copyOf(intervals);
    }
  }

  /** {@code all_of}: the intervals of all the rules, combined by {@code mode}. */
  public record AllOf(List<Rule> intervals, int maxGaps, Mode mode, Filter filter) implements Rule {
    public AllOf {
      if (intervals == null) {
        throw DuetException.illegalArgument("Required [intervals]");
      }
      intervals = List.copyOf(intervals);
      requireNonNull(mode, "mode");
    }
  }

  /** {@code prefix}: the terms that start with the normalized {@code prefix}. */
  public record Prefix(String prefix, String analyzer, String useField) implements Rule {
    public Prefix {
      if (prefix == null) {
        throw DuetException.illegalArgument("Required [prefix]");
      }
    }
  }

  /** {@code wildcard}: the terms that match the normalized {@code pattern}. */
  public record Wildcard(String pattern, String analyzer, String useField) implements Rule {
    public Wildcard {
      if (pattern == null) {
        throw DuetException.illegalArgument("Required [pattern]");
      }
    }
  }

  /**
   * {@code regexp}: the terms that match a Lucene regular expression; {@code flags} as the {@code
   * regexp} query takes them (null: all), {@code maxExpansions} null for Lucene's default.
   */
  public record Regexp(
      String pattern, String flags, boolean caseInsensitive, Integer maxExpansions, String useField)
      implements Rule {
    public Regexp {
      if (pattern == null) {
        throw DuetException.illegalArgument("Required [pattern]");
      }
    }
  }

  /**
   * {@code fuzzy}: the terms within {@code fuzziness} edits ({@code AUTO} when null) of the
   * normalized {@code term}.
   */
  public record Fuzzy(
      String term,
      String fuzziness,
      int prefixLength,
      boolean transpositions,
      String analyzer,
      String useField)
      implements Rule {
    public Fuzzy {
      if (term == null) {
        throw DuetException.illegalArgument("Required [term]");
      }
    }
  }
}
