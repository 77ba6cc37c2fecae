package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

/** {@code match_bool_prefix}: a bool of the analyzed terms, the last one matched as a prefix. */
public record MatchBoolPrefix(
    String field,
    String query,
    Query.Operator operator,
    String minimumShouldMatch,
    TextOptions options,
    float boost)
    implements Query.FullText {
  public MatchBoolPrefix {
    if (query == null) {
      throw dev.duet.engine.error.DuetException.illegalArgument(
          "[match_bool_prefix] requires query value");
    }
    requireNonNull(field, "field");
    requireNonNull(operator, "operator");
    requireNonNull(options, "options");
  }
}
