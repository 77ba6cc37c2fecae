package dev.duet.server.rest;

import static java.util.Objects.requireNonNull;

import dev.duet.server.pool.WorkPools;
import java.nio.file.Path;

/**
 * How the node names itself in {@code GET /}, {@code _nodes}, {@code _cluster/state} and the {@code
 * _cat} tables: its id (the one failures name), name, cluster, where it listens (the gRPC port
 * stands where OpenSearch reports its transport, the node's other wire protocol), its data path,
 * and its work pools ({@code thread_pool}; null when the node runs without them, in tests).
 */
public record NodeIdentity(
    String nodeId,
    String nodeName,
    String clusterName,
    String clusterUuid,
    String host,
    int httpPort,
    int transportPort,
    Path dataDir,
    long maxContentLength,
    WorkPools pools,
    java.util.Map<String, String> attributes) {

  public NodeIdentity {
    requireNonNull(nodeId, "nodeId");
    requireNonNull(nodeName, "nodeName");
    requireNonNull(clusterName, "clusterName");
    requireNonNull(clusterUuid, "clusterUuid");
    requireNonNull(host, "host");
    requireNonNull(dataDir, "dataDir");
    attributes = attributes == null ? java.util.Map.of() : attributes;
  }

  /** A node without attributes ({@code node.attr.*}). */
  public NodeIdentity(
      String nodeId,
      String nodeName,
      String clusterName,
      String clusterUuid,
      String host,
      int httpPort,
      int transportPort,
      Path dataDir,
      long maxContentLength,
      WorkPools pools) {
    this(
        nodeId,
        nodeName,
        clusterName,
        clusterUuid,
        host,
        httpPort,
        transportPort,
        dataDir,
        maxContentLength,
        pools,
        java.util.Map.of());
  }

  /** A node known by its names alone (tests): id {@code duet}, default ports, no pools. */
  public NodeIdentity(String nodeName, String clusterName, String clusterUuid) {
    this(
        "duet",
        nodeName,
        clusterName,
        clusterUuid,
        "127.0.0.1",
        9200,
        9400,
        Path.of(".").toAbsolutePath(),
        100L * 1024 * 1024,
        null);
  }

  /** {@code host:port} of the REST listener. */
  public String httpAddress() {
    return host + ":" + httpPort;
  }

  /** {@code host:port} where OpenSearch reports its transport: Duet's gRPC listener. */
  public String transportAddress() {
    return host + ":" + transportPort;
  }
}
