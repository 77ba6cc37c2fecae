package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

/**
 * One function of a {@link FunctionScore}: applies to documents matching {@code filter} (all when
 * null) and is multiplied by {@code weight} (1 when null, as OpenSearch does when none is given).
 */
public sealed interface ScoreFunction {
  Query filter();

  Float weight();

  /** {@code weight} alone: a constant. */
  record Weight(Query filter, Float weight) implements ScoreFunction {}

  /** {@code field_value_factor}: {@code modifier(factor * value)}. */
  record FieldValueFactor(
      Query filter, Float weight, String field, float factor, Double missing, Modifier modifier)
      implements ScoreFunction {
    public FieldValueFactor {
      requireNonNull(field, "field");
      requireNonNull(modifier, "modifier");
    }
  }

  /** {@code random_score}: uniform in [0, 1), reproducible from {@code seed} and {@code field}. */
  record RandomScore(Query filter, Float weight, Long seed, String field)
      implements ScoreFunction {}

  /**
   * {@code gauss}, {@code exp} and {@code linear}: how far the field's value is from {@code
   * origin}. Numbers are given as numbers; for dates {@code origin} is a date (or date math) and
   * {@code scale}/{@code offset} are time values such as {@code 10d}.
   */
  record Decay(
      Query filter,
      Float weight,
      Shape shape,
      String field,
      Object origin,
      Object scale,
      Object offset,
      double decay,
      String multiValueMode)
      implements ScoreFunction {
    public Decay {
      requireNonNull(shape, "shape");
      if (field == null || scale == null) {
        throw dev.duet.engine.error.DuetException.badRequest(
            "parse_exception", "both [scale] and [origin] must be set for numeric fields.");
      }
    }
  }

  /** The decay curves. */
  enum Shape {
    GAUSS,
    EXP,
    LINEAR
  }

  /** {@code field_value_factor}'s modifiers. */
  enum Modifier {
    NONE,
    LOG,
    LOG1P,
    LOG2P,
    LN,
    LN1P,
    LN2P,
    SQUARE,
    SQRT,
    RECIPROCAL
  }
}
