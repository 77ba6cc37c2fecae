package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

/**
 * An entry of {@code docvalue_fields} or {@code fields}: a field name or wildcard pattern and the
 * optional {@code format} (a date pattern, or {@code use_field_mapping}) its values are shown in.
 */
public record FieldAndFormat(String field, String format) {
  public FieldAndFormat {
    requireNonNull(field, "field");
  }
}
