package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * {@code multi_match}: one text over several fields ({@code fields} as the client wrote them, with
 * {@code ^boost} suffixes and wildcards; empty means {@code index.query.default_field}), combined
 * by {@code type}. {@code tieBreaker} null means the type's default.
 */
public record MultiMatch(
    List<String> fields,
    Object query,
    Type type,
    Query.Operator operator,
    String minimumShouldMatch,
    Float tieBreaker,
    int slop,
    TextOptions options,
    float boost)
    implements Query.FullText {
  public MultiMatch {
    fields = List.copyOf(fields);
    requireNonNull(query, "query");
    requireNonNull(type, "type");
    if (slop != 0 && type == Type.BOOL_PREFIX) {
      throw notAllowed("slop", type);
    }
    requireNonNull(operator, "operator");
    requireNonNull(options, "options");
  }

  /**
   * A {@code cutoff_frequency} (accepted and, as in OpenSearch 3.8, without effect) is refused on
   * {@code bool_prefix}, after {@code slop}.
   */
  public static void checkCutoffFrequency(Type type, int slop) {
    if (type == Type.BOOL_PREFIX && slop == 0) {
      throw notAllowed("cutoff_frequency", type);
    }
  }

  private static dev.duet.engine.error.DuetException notAllowed(String option, Type type) {
    return dev.duet.engine.error.DuetException.parsing(
        "["
            + option
            + "] not allowed for type ["
            + type.name().toLowerCase(java.util.Locale.ROOT)
            + "]");
  }

  /** The {@code type} values, as OpenSearch spells them in lower case. */
  public enum Type {
    BEST_FIELDS,
    MOST_FIELDS,
    CROSS_FIELDS,
    PHRASE,
    PHRASE_PREFIX,
    BOOL_PREFIX
  }
}
