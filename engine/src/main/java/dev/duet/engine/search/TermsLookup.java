package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;

/**
 * A {@code terms} query whose values are fetched: the values at {@code path} in the source of
 * document {@code id} of {@code index} (with {@code routing}, may be null), read when the query is
 * translated, as OpenSearch's coordinating node reads them. With {@code store} and a {@code bitmap}
 * value type the value read is the stored bitmap of a {@code binary} field; without {@code store}
 * OpenSearch reads the source and the values are ordinary terms.
 */
public record TermsLookup(
    String field,
    String index,
    String id,
    String path,
    String routing,
    boolean store,
    Query.Terms.ValueType valueType,
    float boost)
    implements Query.TermLevel {
  public TermsLookup(
      String field, String index, String id, String path, String routing, float boost) {
    this(field, index, id, path, routing, false, Query.Terms.ValueType.DEFAULT, boost);
  }

  /** Whether the looked-up value is one serialized bitmap. */
  public boolean bitmap() {
    return store && valueType == Query.Terms.ValueType.BITMAP;
  }

  public TermsLookup {
    java.util.Objects.requireNonNull(valueType, "valueType");
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
