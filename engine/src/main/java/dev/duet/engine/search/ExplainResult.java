package dev.duet.engine.search;

/**
 * The answer to {@code _explain}: whether document {@code id} of {@code index} exists ({@code
 * found}), whether it matches the query, and why ({@code explanation} is null when not found).
 */
public record ExplainResult(String index, String id, boolean found, Explanation explanation) {
  public boolean matched() {
    return explanation != null && explanation.match();
  }
}
