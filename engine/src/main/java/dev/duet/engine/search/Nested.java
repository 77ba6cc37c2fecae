package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.error.DuetException;

/**
 * {@code nested}: the documents whose nested objects at {@code path} match {@code query}, scored
 * from the matching objects by {@code scoreMode}; an unmapped path matches nothing when {@code
 * ignoreUnmapped}, else fails. {@code innerHits} (null when not asked) returns the matching objects
 * with each hit.
 */
public record Nested(
    String path,
    Query query,
    ScoreMode scoreMode,
    boolean ignoreUnmapped,
    InnerHits innerHits,
    float boost)
    implements Query.Compound {
  public Nested {
    if (path == null) {
      throw DuetException.illegalArgument("[nested] requires 'path' field");
    }
    if (query == null) {
      throw DuetException.illegalArgument("[nested] requires 'query' field");
    }
    requireNonNull(scoreMode, "scoreMode");
  }

  /** How the scores of a document's matching nested objects make its own. */
  public enum ScoreMode {
    AVG,
    MAX,
    MIN,
    SUM,
    NONE;

    /** The mode named as OpenSearch names it ({@code avg}, ...); refused when unknown. */
    public static ScoreMode parse(String name) {
      ScoreMode mode = named(name);
      if (mode == null) {
        throw DuetException.illegalArgument("No score mode for child query [" + name + "] found");
      }
      return mode;
    }

    /** The mode named as OpenSearch names it ({@code avg}, ...); null when unknown. */
    public static ScoreMode named(String name) {
      return switch (name) {
        case "avg" -> AVG;
        case "max" -> MAX;
        case "min" -> MIN;
        case "total", "sum" -> SUM;
        case "none" -> NONE;
        default -> null;
      };
    }
  }
}
