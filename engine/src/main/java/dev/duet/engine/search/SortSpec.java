package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

/**
 * One sort key: a field name, or {@code _score} / {@code _doc}. {@code order} null means the
 * default ({@code desc} for {@code _score}, {@code asc} otherwise); {@code mode} ({@code min},
 * {@code max}, {@code sum}, {@code avg}; null: min ascending, max descending) picks one value of
 * many; {@code nested} (null: none) sorts roots by the values of their nested objects.
 */
public record SortSpec(String field, SortOrder order, String mode, NestedSort nested) {
  public SortSpec {
    requireNonNull(field, "field");
  }

  /** A sort key with the default mode, not over nested objects. */
  public SortSpec(String field, SortOrder order) {
    this(field, order, null, null);
  }

  public SortOrder effectiveOrder() {
    if (order != null) {
      return order;
    }
    return field.equals("_score") ? SortOrder.DESC : SortOrder.ASC;
  }

  public enum SortOrder {
    ASC,
    DESC
  }
}
