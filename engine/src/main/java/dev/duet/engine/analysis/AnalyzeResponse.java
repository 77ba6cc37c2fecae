package dev.duet.engine.analysis;

import java.util.List;

/** The tokens an {@code _analyze} request produced, in order. */
public record AnalyzeResponse(List<Token> tokens) {
  public AnalyzeResponse {
    tokens = List.copyOf(tokens);
  }

  /**
   * One token with its offsets into the (concatenated) text, its position and how many positions it
   * spans (more than 1 for shingles and multi-word synonyms).
   */
  public record Token(
      String token,
      int startOffset,
      int endOffset,
      String type,
      int position,
      int positionLength) {}
}
