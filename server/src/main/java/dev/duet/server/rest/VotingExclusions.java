package dev.duet.server.rest;

import java.util.ArrayList;
import java.util.List;

/**
 * The cluster's voting configuration exclusions ({@code POST|DELETE
 * /_cluster/voting_config_exclusions}), shown in the cluster state's coordination metadata. A
 * one-node Duet has no election to apply them to; they are kept, in memory, as a one-node
 * OpenSearch keeps them, until cleared.
 */
final class VotingExclusions {
  /** OpenSearch's name for the side of an exclusion that was not given. */
  static final String ABSENT = "_absent_";

  private final List<Exclusion> exclusions = new ArrayList<>();

  synchronized List<Exclusion> list() {
    return List.copyOf(exclusions);
  }

  synchronized void add(List<Exclusion> added) {
    for (Exclusion e : added) {
      if (!exclusions.contains(e)) {
        exclusions.add(e);
      }
    }
  }

  synchronized void clear() {
    exclusions.clear();
  }

  /** One excluded node, by id or by name (the other {@link #ABSENT} unless it is this node). */
  record Exclusion(String nodeId, String nodeName) {}
}
