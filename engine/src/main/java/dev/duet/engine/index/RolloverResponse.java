package dev.duet.engine.index;

import java.util.Map;

/**
 * The answer to a {@link RolloverRequest}: the old and new index names, whether it rolled over, and
 * each condition (by OpenSearch's {@code [max_docs: 1]} label) with whether it held.
 */
public record RolloverResponse(
    String oldIndex,
    String newIndex,
    boolean rolledOver,
    boolean dryRun,
    Map<String, Boolean> conditions) {

  public RolloverResponse {
    conditions = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(conditions));
  }
}
