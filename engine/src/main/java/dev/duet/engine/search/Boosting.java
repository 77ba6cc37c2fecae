package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

/**
 * {@code boosting}: positive's matches, their score times {@code negativeBoost} where negative
 * matches too.
 */
public record Boosting(Query positive, Query negative, float negativeBoost, float boost)
    implements Query.Compound {
  public Boosting {
    requireNonNull(positive, "positive");
    requireNonNull(negative, "negative");
  }
}
