package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

/**
 * One sort key: a field name, or {@code _score} / {@code _doc}. {@code order} null means the
 * default ({@code desc} for {@code _score}, {@code asc} otherwise); {@code mode} ({@code min},
 * {@code max}, {@code sum}, {@code avg}; null: min ascending, max descending) picks one value of
 * many; {@code nested} (null: none) sorts roots by the values of their nested objects; {@code
 * missing} ({@code _last} when null, {@code _first}, or a value) places documents without one.
 */
public record SortSpec(
    String field, SortOrder order, String mode, NestedSort nested, Object missing) {
  /** A sort option the request gave that Duet does not take. */
  public static dev.duet.engine.error.DuetException unknownParameter(String name) {
    return dev.duet.engine.error.DuetException.parsing("[field_sort] unknown field [" + name + "]");
  }

  public SortSpec {
    requireNonNull(field, "field");
  }

  /** A sort key with the default mode and missing values, not over nested objects. */
  public SortSpec(String field, SortOrder order) {
    this(field, order, null, null, null);
  }

  /** A sort key with missing values last. */
  public SortSpec(String field, SortOrder order, String mode, NestedSort nested) {
    this(field, order, mode, nested, null);
  }

  /** Whether documents without a value sort first ({@code missing: _first}). */
  public boolean missingFirst() {
    return "_first".equals(missing);
  }

  /** The value documents without one sort as, or null for {@code _first}/{@code _last}. */
  public Object missingValue() {
    return missing == null || "_first".equals(missing) || "_last".equals(missing) ? null : missing;
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
