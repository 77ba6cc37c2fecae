package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * {@code function_score}: the query's score combined ({@code boostMode}) with the functions'
 * combined ({@code scoreMode}) score, capped at {@code maxBoost}; hits under {@code minScore} (when
 * not null) are dropped.
 */
public record FunctionScore(
    Query query,
    List<ScoreFunction> functions,
    ScoreMode scoreMode,
    BoostMode boostMode,
    float maxBoost,
    Float minScore,
    float boost)
    implements Query.Compound {
  public FunctionScore {
    requireNonNull(query, "query");
    functions = List.copyOf(functions);
    requireNonNull(scoreMode, "scoreMode");
    requireNonNull(boostMode, "boostMode");
  }

  /** How the functions' scores combine. */
  public enum ScoreMode {
    MULTIPLY,
    SUM,
    AVG,
    FIRST,
    MAX,
    MIN
  }

  /** How the functions' score combines with the query's. */
  public enum BoostMode {
    MULTIPLY,
    REPLACE,
    SUM,
    AVG,
    MAX,
    MIN
  }
}
