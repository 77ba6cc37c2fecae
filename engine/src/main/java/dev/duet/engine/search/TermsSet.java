package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;
import java.util.List;
import java.util.Objects;

/**
 * {@code terms_set}: documents matching at least as many of the terms as the numeric field {@code
 * minimumShouldMatchField} of the same document says (null: none given, which fails per index).
 */
public record TermsSet(
    String field, List<Object> terms, String minimumShouldMatchField, float boost)
    implements Query.TermLevel {
  public TermsSet {
    if (terms.stream().anyMatch(Objects::isNull)) {
      throw DuetException.parsing("[terms_set] terms cannot contain null values");
    }
    terms = List.copyOf(terms);
  }
}
