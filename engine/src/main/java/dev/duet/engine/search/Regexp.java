package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;

/**
 * {@code regexp}: terms matching a Lucene regular expression; {@code flags} as OpenSearch takes
 * them ({@code ALL} when null), scored as a constant.
 */
public record Regexp(
    String field,
    String value,
    String flags,
    boolean caseInsensitive,
    int maxDeterminizedStates,
    float boost)
    implements Query.TermLevel {
  public static final int DEFAULT_MAX_DETERMINIZED_STATES = 10000;

  public Regexp {
    if (field == null || field.isEmpty()) {
      throw DuetException.illegalArgument("field name is null or empty");
    }
    if (value == null) {
      throw DuetException.illegalArgument("value cannot be null");
    }
  }
}
