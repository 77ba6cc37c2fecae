package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;

/**
 * {@code fuzzy}: terms within {@code fuzziness} edits of the value ({@code AUTO} when null), the
 * best {@code maxExpansions} of them scored with blended frequencies.
 */
public record Fuzzy(
    String field,
    Object value,
    String fuzziness,
    int prefixLength,
    int maxExpansions,
    boolean transpositions,
    float boost)
    implements Query.TermLevel {
  public Fuzzy {
    if (field == null || field.isEmpty()) {
      throw DuetException.illegalArgument("field name cannot be null or empty");
    }
    if (value == null) {
      throw DuetException.illegalArgument("query value cannot be null");
    }
  }
}
