package dev.duet.engine.index;

import dev.duet.engine.mapping.Mapping;
import java.util.Map;

/**
 * What the node knows about one index: identity, settings, mapping and the live counts that {@code
 * _cat/indices} shows, its aliases by name, and whether it is closed (no counts then). {@code
 * creationDate} is epoch milliseconds.
 */
public record IndexInfo(
    String name,
    String uuid,
    long creationDate,
    IndexSettings settings,
    Mapping mapping,
    long docsCount,
    long docsDeleted,
    long storeSizeBytes,
    Map<String, AliasMetadata> aliases,
    boolean closed) {

  public IndexInfo {
    aliases = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(aliases));
  }

  /** An open index. */
  public IndexInfo(
      String name,
      String uuid,
      long creationDate,
      IndexSettings settings,
      Mapping mapping,
      long docsCount,
      long docsDeleted,
      long storeSizeBytes,
      Map<String, AliasMetadata> aliases) {
    this(
        name,
        uuid,
        creationDate,
        settings,
        mapping,
        docsCount,
        docsDeleted,
        storeSizeBytes,
        aliases,
        false);
  }

  /** {@code open} or {@code close}, as {@code _cat/indices} shows it. */
  public String state() {
    return closed ? "close" : "open";
  }

  /** {@code index.hidden}. */
  public boolean hidden() {
    return "true".equals(settings.get("hidden"));
  }

  /** An index without aliases. */
  public IndexInfo(
      String name,
      String uuid,
      long creationDate,
      IndexSettings settings,
      Mapping mapping,
      long docsCount,
      long docsDeleted,
      long storeSizeBytes) {
    this(
        name,
        uuid,
        creationDate,
        settings,
        mapping,
        docsCount,
        docsDeleted,
        storeSizeBytes,
        Map.of());
  }

  /** Health of a one-node index: green without replicas, yellow with unassigned replicas. */
  public String health() {
    return settings.numberOfReplicas() > 0 ? "yellow" : "green";
  }
}
