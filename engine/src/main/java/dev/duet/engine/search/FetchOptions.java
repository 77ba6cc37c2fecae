package dev.duet.engine.search;

import java.util.List;

/**
 * What a search returns with each hit beyond {@code _id}, {@code _score} and {@code _source}:
 * {@code highlight} (null: none), {@code docvalue_fields}, {@code stored_fields}, the {@code
 * fields} option and {@code explain}.
 *
 * @param storedFields null when the request named none; else the names or patterns given
 * @param storedFieldsNone {@code stored_fields: _none_}: hits carry neither {@code _id} nor {@code
 *     _source}
 */
public record FetchOptions(
    Highlight highlight,
    List<FieldAndFormat> docvalueFields,
    List<String> storedFields,
    boolean storedFieldsNone,
    List<FieldAndFormat> fields,
    boolean explain) {
  public static final FetchOptions NONE =
      new FetchOptions(null, List.of(), null, false, List.of(), false);

  public FetchOptions {
    docvalueFields = List.copyOf(docvalueFields);
    storedFields = storedFields == null ? null : List.copyOf(storedFields);
    fields = List.copyOf(fields);
  }

  /** Whether any per-hit detail beyond the basic hit is asked for. */
  public boolean any() {
    return highlight != null
        || !docvalueFields.isEmpty()
        || storedFields != null
        || !fields.isEmpty()
        || explain;
  }
}
