package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

/**
 * One sort key: a field name, or {@code _score} / {@code _doc}. {@code order} null means the
 * default ({@code desc} for {@code _score}, {@code asc} otherwise).
 */
public record SortSpec(String field, SortOrder order) {
  public SortSpec {
    requireNonNull(field, "field");
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
