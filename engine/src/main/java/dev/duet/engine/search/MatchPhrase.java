package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

/** {@code match_phrase}: the analyzed terms in order, at most {@code slop} moves apart. */
public record MatchPhrase(
    String field, String query, int slop, String analyzer, boolean zeroTermsAll, float boost)
    implements Query.FullText {
  public MatchPhrase {
    if (query == null) {
      throw dev.duet.engine.error.DuetException.illegalArgument(
          "[match_phrase] requires query value");
    }
    if (slop < 0) {
      throw dev.duet.engine.error.DuetException.illegalArgument("No negative slop allowed.");
    }
    requireNonNull(field, "field");
  }
}
