package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndicesOptions;
import java.util.List;

/**
 * {@code _field_caps}: the fields named by {@code fields} (names or wildcard patterns) across the
 * indices {@code expression} names; {@code includeUnmapped} reports an index lacking a field as
 * type {@code unmapped}; {@code indexFilter} (null: none) keeps only indices it may match.
 */
public record FieldCapsRequest(
    String expression,
    IndicesOptions options,
    List<String> fields,
    boolean includeUnmapped,
    Query indexFilter) {

  public FieldCapsRequest {
    requireNonNull(options, "options");
    fields = List.copyOf(fields);
    if (fields.isEmpty()) {
      throw DuetException.illegalArgument("specified fields can't be null or empty");
    }
  }
}
