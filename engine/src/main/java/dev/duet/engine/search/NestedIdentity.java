package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

/**
 * Where a nested inner hit lies in its document's source ({@code _nested}): the nested {@code
 * field} (relative to the enclosing nested object), the {@code offset} in its array, and, for an
 * object nested deeper, the identity within that object ({@code child}, else null).
 */
public record NestedIdentity(String field, int offset, NestedIdentity child) {
  public NestedIdentity {
    requireNonNull(field, "field");
  }
}
