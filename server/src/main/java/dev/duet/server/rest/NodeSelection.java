package dev.duet.server.rest;

import dev.duet.engine.mapping.Patterns;
import java.util.List;

/**
 * Whether node ids as OpenSearch's {@code DiscoveryNodes.resolveNodes} reads them select this node:
 * {@code _all} (or none), {@code _local}, {@code _master}/{@code _cluster_manager}, its id, name,
 * host or address (wildcards on id and name), and {@code role:true|false}; a one-node cluster has
 * no attributes, so {@code attr:value} selects nothing.
 */
final class NodeSelection {
  /** The roles of a Duet node, in OpenSearch's sorted order. */
  static final List<String> ROLES =
      List.of("cluster_manager", "data", "ingest", "remote_cluster_client");

  private NodeSelection() {}

  static boolean selects(String nodeIds, NodeIdentity node) {
    if (nodeIds == null || nodeIds.isEmpty()) {
      return true;
    }
    boolean selected = false;
    for (String raw : nodeIds.split(",")) {
      String part = raw.trim();
      if (part.isEmpty()) {
        continue;
      }
      int colon = part.indexOf(':');
      if (colon > 0) {
        String key = part.substring(0, colon);
        String value = part.substring(colon + 1);
        boolean hasRole = hasRole(key);
        if (isRole(key)) {
          boolean wanted = Boolean.parseBoolean(value);
          if (wanted && hasRole) {
            selected = true;
          } else if (!wanted && hasRole) {
            selected = false;
          }
        }
        continue;
      }
      if (matches(part, node)) {
        selected = true;
      }
    }
    return selected;
  }

  private static boolean matches(String part, NodeIdentity node) {
    return switch (part) {
      case "_all", "*", "_local", "_master", "_cluster_manager" -> true;
      default ->
          part.equals(node.nodeId())
              || part.equals(node.host())
              || part.equals(node.transportAddress())
              || Patterns.matches(part, node.nodeName())
              || (part.contains("*") && Patterns.matches(part, node.nodeId()));
    };
  }

  private static boolean isRole(String key) {
    return switch (key) {
      case "master",
          "cluster_manager",
          "data",
          "ingest",
          "remote_cluster_client",
          "ml",
          "search",
          "warm",
          "voting_only",
          "coordinating_only" ->
          true;
      default -> false;
    };
  }

  private static boolean hasRole(String key) {
    return key.equals("master") || ROLES.contains(key);
  }
}
