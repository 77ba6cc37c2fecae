package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

/**
 * {@code match_phrase_prefix}: a phrase whose last term is a prefix, expanded to at most {@code
 * maxExpansions} indexed terms.
 */
public record MatchPhrasePrefix(
    String field,
    String query,
    int slop,
    int maxExpansions,
    String analyzer,
    boolean zeroTermsAll,
    float boost)
    implements Query.FullText {
  public MatchPhrasePrefix {
    if (query == null) {
      throw dev.duet.engine.error.DuetException.illegalArgument(
          "[match_phrase_prefix] requires query value");
    }
    if (slop < 0) {
      throw dev.duet.engine.error.DuetException.illegalArgument("No negative slop allowed.");
    }
    requireNonNull(field, "field");
  }
}
