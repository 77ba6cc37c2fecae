package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;
import java.util.List;

/**
 * What a search returns with each hit beyond {@code _id}, {@code _score} and {@code _source}:
 * {@code highlight} (null: none), {@code docvalue_fields}, {@code stored_fields}, the {@code
 * fields} option, {@code explain}, {@code version} and {@code seq_no_primary_term}; {@code
 * includeNamedQueriesScore} ({@code include_named_queries_score}): each hit's {@code
 * matched_queries} carry their scores.
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
    boolean explain,
    boolean version,
    boolean seqNoPrimaryTerm,
    boolean includeNamedQueriesScore) {
  /** {@code stored_fields: _none_}. */
  public static final String NONE_FIELD = "_none_";

  public static final FetchOptions NONE =
      new FetchOptions(null, List.of(), null, false, List.of(), false);

  /** Options whose {@code matched_queries} carry no scores. */
  public FetchOptions(
      Highlight highlight,
      List<FieldAndFormat> docvalueFields,
      List<String> storedFields,
      boolean storedFieldsNone,
      List<FieldAndFormat> fields,
      boolean explain,
      boolean version,
      boolean seqNoPrimaryTerm) {
    this(
        highlight,
        docvalueFields,
        storedFields,
        storedFieldsNone,
        fields,
        explain,
        version,
        seqNoPrimaryTerm,
        false);
  }

  /** Options that ask for neither {@code version} nor {@code seq_no_primary_term}. */
  public FetchOptions(
      Highlight highlight,
      List<FieldAndFormat> docvalueFields,
      List<String> storedFields,
      boolean storedFieldsNone,
      List<FieldAndFormat> fields,
      boolean explain) {
    this(highlight, docvalueFields, storedFields, storedFieldsNone, fields, explain, false, false);
  }

  /**
   * Options as a client names them: {@code storedFields} (null: not given) may be {@code _none_},
   * alone.
   */
  public static FetchOptions of(
      Highlight highlight,
      List<FieldAndFormat> docvalueFields,
      List<String> storedFields,
      List<FieldAndFormat> fields,
      boolean explain,
      boolean version,
      boolean seqNoPrimaryTerm) {
    boolean none = storedFields != null && storedFields.contains(NONE_FIELD);
    if (none && storedFields.size() > 1) {
      throw DuetException.illegalArgument(
          "The field [_none_] cannot be used in combination with other fields");
    }
    return new FetchOptions(
        highlight,
        docvalueFields,
        none ? List.of() : storedFields,
        none,
        fields,
        explain,
        version,
        seqNoPrimaryTerm);
  }

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
        || explain
        || version
        || seqNoPrimaryTerm;
  }

  /** These options, also asking for each hit's {@code _version} and/or seq_no/primary_term. */
  public FetchOptions withVersions(boolean version, boolean seqNoPrimaryTerm) {
    return new FetchOptions(
        highlight,
        docvalueFields,
        storedFields,
        storedFieldsNone,
        fields,
        explain,
        version,
        seqNoPrimaryTerm,
        includeNamedQueriesScore);
  }

  /** These options, {@code include_named_queries_score} set. */
  public FetchOptions withNamedQueriesScore(boolean include) {
    return new FetchOptions(
        highlight,
        docvalueFields,
        storedFields,
        storedFieldsNone,
        fields,
        explain,
        version,
        seqNoPrimaryTerm,
        include);
  }
}
