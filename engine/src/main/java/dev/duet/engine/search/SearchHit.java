package dev.duet.engine.search;

import java.util.List;

/**
 * One hit. {@code score} is {@link Float#NaN} when the search sorted by fields (OpenSearch renders
 * it as null); {@code source} is the filtered source JSON, or null when not fetched; {@code
 * sortValues} is empty unless the request sorted, else one {@link Long}, {@link Double}, {@link
 * String} or null per sort key; {@code ignored} names the fields whose malformed values were not
 * indexed ({@code _ignored}).
 */
public record SearchHit(
    String index,
    String id,
    float score,
    byte[] source,
    List<Object> sortValues,
    List<String> ignored) {

  /** A hit none of whose fields was ignored as malformed. */
  public SearchHit(String index, String id, float score, byte[] source, List<Object> sortValues) {
    this(index, id, score, source, sortValues, List.of());
  }
}
