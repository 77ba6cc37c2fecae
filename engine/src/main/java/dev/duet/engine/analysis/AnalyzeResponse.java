package dev.duet.engine.analysis;

import java.util.List;
import java.util.Map;

/**
 * The tokens an {@code _analyze} request produced, in order; or, for {@code explain}, its {@code
 * detail} (then {@code tokens} is empty).
 */
public record AnalyzeResponse(List<Token> tokens, Detail detail) {
  public AnalyzeResponse {
    tokens = List.copyOf(tokens);
  }

  public AnalyzeResponse(List<Token> tokens) {
    this(tokens, null);
  }

  /**
   * OpenSearch's {@code detail}: for an analyzer taken whole, its tokens ({@code analyzer}); for a
   * chain of components ({@code customAnalyzer}), the text after each char filter, the tokenizer's
   * tokens and the tokens after each token filter.
   */
  public record Detail(
      boolean customAnalyzer,
      Stage analyzer,
      List<CharFilterText> charFilters,
      Stage tokenizer,
      List<Stage> tokenFilters) {}

  /** One component (or a whole analyzer) by name, and the tokens out of it. */
  public record Stage(String name, List<Token> tokens) {}

  /** A char filter by name, and each text as it leaves it. */
  public record CharFilterText(String name, List<String> filteredText) {}

  /**
   * One token with its offsets into the (concatenated) text, its position and how many positions it
   * spans (more than 1 for shingles and multi-word synonyms); for {@code explain}, its other Lucene
   * attributes by their reflected names ({@code bytes}, {@code positionLength}, {@code
   * termFrequency}, {@code keyword}, ...), sorted.
   */
  public record Token(
      String token,
      int startOffset,
      int endOffset,
      String type,
      int position,
      int positionLength,
      Map<String, Object> attributes) {
    public Token {
      attributes = attributes == null ? Map.of() : attributes;
    }

    public Token(
        String token,
        int startOffset,
        int endOffset,
        String type,
        int position,
        int positionLength) {
      this(token, startOffset, endOffset, type, position, positionLength, Map.of());
    }
  }
}
