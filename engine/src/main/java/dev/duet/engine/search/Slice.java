package dev.duet.engine.search;

/**
 * A scroll's or point in time's {@code slice}: slice {@code id} of {@code max}, documents assigned
 * by the hash of {@code _id} or, with {@code field}, of a numeric field's doc values, as OpenSearch
 * assigns them on one shard. {@code id} or {@code max} is -1 when the request left it out.
 */
public record Slice(int id, int max, String field) {
  /** Unset values, as OpenSearch's slice builder starts. */
  public static final int UNSET = -1;

  /**
   * What is wrong with setting {@code id} while {@code max} is what it is (perhaps unset), as
   * OpenSearch checks it while parsing; null when nothing.
   */
  public static String idProblem(int id, int max) {
    if (id < 0) {
      return "id must be greater than or equal to 0";
    }
    if (max != UNSET && id >= max) {
      return "max must be greater than id";
    }
    return null;
  }

  /** What is wrong with setting {@code max} while {@code id} is what it is; null when nothing. */
  public static String maxProblem(int id, int max) {
    if (max <= 1) {
      return "max must be greater than 1";
    }
    if (id != UNSET && id >= max) {
      return "max must be greater than id";
    }
    return null;
  }
}
