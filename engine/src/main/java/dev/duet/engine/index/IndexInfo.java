package dev.duet.engine.index;

import dev.duet.engine.mapping.Mapping;

/**
 * What the node knows about one index: identity, settings, mapping and the live counts that {@code
 * _cat/indices} shows. {@code creationDate} is epoch milliseconds.
 */
public record IndexInfo(
    String name,
    String uuid,
    long creationDate,
    IndexSettings settings,
    Mapping mapping,
    long docsCount,
    long docsDeleted,
    long storeSizeBytes) {

  /** Health of a one-node index: green without replicas, yellow with unassigned replicas. */
  public String health() {
    return settings.numberOfReplicas() > 0 ? "yellow" : "green";
  }
}
