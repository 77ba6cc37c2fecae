package dev.duet.server.rest;

/** How the node names itself in {@code GET /} and the cluster APIs. */
public record NodeIdentity(String nodeName, String clusterName, String clusterUuid) {}
