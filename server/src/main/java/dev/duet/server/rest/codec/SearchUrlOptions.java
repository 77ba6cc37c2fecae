package dev.duet.server.rest.codec;

import dev.duet.engine.error.DuetException;

/**
 * The {@code _search} URL parameters that set what the body can also set ({@code explain}, {@code
 * stored_fields}, {@code docvalue_fields}, {@code terminate_after}, {@code timeout}, {@code
 * track_scores}, {@code version}, {@code seq_no_primary_term}), each null when absent. As in
 * OpenSearch they win over the body, except {@code docvalue_fields}, which adds to it.
 */
public record SearchUrlOptions(
    String explain,
    String storedFields,
    String docvalueFields,
    String terminateAfter,
    String timeout,
    String trackScores,
    String version,
    String seqNoPrimaryTerm) {
  public static final SearchUrlOptions NONE =
      new SearchUrlOptions(null, null, null, null, null, null, null, null);

  /**
   * OpenSearch reads {@code explain}, {@code version} and {@code seq_no_primary_term} as nullable
   * booleans: an empty value unsets the option (even one the body set), unlike other flags.
   */
  static boolean nullableFlag(String value) {
    return !value.isEmpty() && flag(value);
  }

  /** A flag whose empty value means true ({@code ?track_scores}). */
  static boolean flag(String value) {
    if (value.isEmpty() || value.equals("true")) {
      return true;
    }
    if (value.equals("false")) {
      return false;
    }
    throw DuetException.illegalArgument(
        "Failed to parse value [" + value + "] as only [true] or [false] are allowed.");
  }

  /** A comma-separated list, as OpenSearch splits it: empty entries dropped. */
  static java.util.List<String> list(String value) {
    java.util.List<String> out = new java.util.ArrayList<>();
    for (String part : value.split(",")) {
      String trimmed = part.trim();
      if (!trimmed.isEmpty()) {
        out.add(trimmed);
      }
    }
    return out;
  }
}
