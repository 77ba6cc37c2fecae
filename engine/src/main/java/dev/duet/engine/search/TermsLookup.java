package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;

/**
 * A {@code terms} query whose values are fetched: the values at {@code path} in the source of
 * document {@code id} of {@code index} (with {@code routing}, may be null), read when the query is
 * translated, as OpenSearch's coordinating node reads them.
 */
public record TermsLookup(
    String field, String index, String id, String path, String routing, float boost)
    implements Query.TermLevel {
  public TermsLookup {
    if (field == null || field.isEmpty()) {
      throw DuetException.parsing("field name cannot be null.");
    }
    if (id == null) {
      throw DuetException.illegalArgument(
          "[terms] query lookup element requires specifying the id.");
    }
    if (path == null) {
      throw DuetException.illegalArgument(
          "[terms] query lookup element requires specifying the path.");
    }
    if (index == null) {
      throw DuetException.illegalArgument(
          "[terms] query lookup element requires specifying the index.");
    }
  }
}
