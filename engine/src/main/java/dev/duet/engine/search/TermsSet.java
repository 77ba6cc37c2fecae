package dev.duet.engine.search;

import java.util.List;

/**
 * {@code terms_set}: documents matching at least as many of the terms as the numeric field {@code
 * minimumShouldMatchField} of the same document says (null: none given, which fails per index).
 */
public record TermsSet(
    String field, List<Object> terms, String minimumShouldMatchField, float boost)
    implements Query.TermLevel {
  public TermsSet {
    terms = List.copyOf(terms);
  }
}
