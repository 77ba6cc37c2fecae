package dev.duet.engine.search;

/**
 * How the match family analyzes and matches its text: {@code analyzer} (null: the field's search
 * analyzer), {@code fuzziness} ({@code AUTO}, {@code 0}–{@code 2}; null: exact terms) with its
 * {@code prefix_length}, {@code max_expansions} and {@code fuzzy_transpositions}, and {@code
 * zero_terms_query} ({@code all} when {@code zeroTermsAll}).
 */
public record TextOptions(
    String analyzer,
    String fuzziness,
    int prefixLength,
    int maxExpansions,
    boolean transpositions,
    boolean zeroTermsAll) {
  /** OpenSearch's defaults: field analyzer, no fuzziness, 50 expansions, zero terms match none. */
  public static final TextOptions DEFAULT = new TextOptions(null, null, 0, 50, true, false);
}
