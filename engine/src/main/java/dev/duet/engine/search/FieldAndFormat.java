package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

/**
 * An entry of {@code docvalue_fields} or {@code fields}: a field name or wildcard pattern and the
 * optional {@code format} (a date or number pattern; null: the field's own) its values are shown
 * in.
 */
public record FieldAndFormat(String field, String format) {
  /** The 7.x transition's name for the field's own format, which OpenSearch still accepts. */
  public static final String USE_FIELD_MAPPING = "use_field_mapping";

  public FieldAndFormat {
    requireNonNull(field, "field");
    format = USE_FIELD_MAPPING.equals(format) ? null : format;
  }
}
