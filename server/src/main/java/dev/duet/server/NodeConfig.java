package dev.duet.server;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engines;
import dev.duet.server.pool.ThreadPoolSizes;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Everything a node needs to start. Keys in a config file follow OpenSearch's names ({@code
 * path.data}, {@code http.port}, {@code http.max_content_length}, {@code
 * aux.transport.transport-grpc.port}, {@code grpc.netty.max_msg_size}); see {@link
 * NodeSettingsFile}.
 *
 * @param dataDir where the engine keeps its indices
 * @param host the address both listeners bind to
 * @param httpPort the REST port; 0 picks a free one
 * @param grpcPort the gRPC port; 0 picks a free one
 * @param maxHttpContentLength the largest REST request body accepted ({@code
 *     http.max_content_length})
 * @param maxGrpcMessageSize the largest inbound gRPC message accepted ({@code
 *     grpc.netty.max_msg_size})
 * @param clusterName reported by {@code GET /} and the cluster APIs ({@code cluster.name})
 * @param nodeName reported by {@code GET /} ({@code node.name})
 * @param maxBuckets the most buckets a search's aggregations may return ({@code
 *     search.max_buckets}, OpenSearch's default 65,535)
 * @param maxClauseCount the most clauses a search's query may hold ({@code
 *     indices.query.bool.max_clause_count}, OpenSearch's default 1,024)
 * @param threadPools the search and write pools' sizes and queues ({@code thread_pool.search.size},
 *     {@code thread_pool.search.queue_size}, {@code thread_pool.write.size}, {@code
 *     thread_pool.write.queue_size}; OpenSearch's defaults)
 * @param repoPaths where snapshot repositories may be ({@code path.repo}; none: no {@code fs}
 *     repository is accepted, as in OpenSearch)
 * @param attributes the node's attributes ({@code node.attr.<name>}), as {@code _cat/nodeattrs} and
 *     {@code _nodes} report them
 */
public record NodeConfig(
    Path dataDir,
    String host,
    int httpPort,
    int grpcPort,
    long maxHttpContentLength,
    int maxGrpcMessageSize,
    String clusterName,
    String nodeName,
    int maxBuckets,
    int maxClauseCount,
    ThreadPoolSizes threadPools,
    List<Path> repoPaths,
    Map<String, String> attributes) {

  public static final String DEFAULT_HOST = "127.0.0.1";
  public static final int DEFAULT_HTTP_PORT = 9200;
  public static final int DEFAULT_GRPC_PORT = 9400;

  /** OpenSearch's default {@code http.max_content_length}: 100mb. */
  public static final long DEFAULT_MAX_HTTP_CONTENT_LENGTH = 100L * 1024 * 1024;

  /** OpenSearch transport-grpc's default {@code grpc.netty.max_msg_size}: 10mb. */
  public static final int DEFAULT_MAX_GRPC_MESSAGE_SIZE = 10 * 1024 * 1024;

  public static final String DEFAULT_CLUSTER_NAME = "opensearch";

  /** OpenSearch's default {@code search.max_buckets} (the engine's own default). */
  public static final int DEFAULT_MAX_BUCKETS = Engines.DEFAULT_MAX_BUCKETS;

  /** OpenSearch's default {@code indices.query.bool.max_clause_count} (the engine's own). */
  public static final int DEFAULT_MAX_CLAUSE_COUNT = Engines.DEFAULT_MAX_CLAUSE_COUNT;

  public NodeConfig {
    requireNonNull(dataDir, "dataDir");
    requireNonNull(host, "host");
    requireNonNull(clusterName, "clusterName");
    requireNonNull(nodeName, "nodeName");
    requireNonNull(threadPools, "threadPools");
    repoPaths = List.copyOf(requireNonNull(repoPaths, "repoPaths"));
    attributes =
        java.util.Collections.unmodifiableMap(
            new java.util.LinkedHashMap<>(requireNonNull(attributes, "attributes")));
    checkPort(httpPort, "http.port");
    checkPort(grpcPort, "grpc.port");
    if (maxHttpContentLength <= 0) {
      throw new IllegalArgumentException(
          "http.max_content_length: " + maxHttpContentLength + " (expected: > 0)");
    }
    if (maxBuckets < 0) {
      throw new IllegalArgumentException("search.max_buckets: " + maxBuckets + " (expected: >= 0)");
    }
    if (maxClauseCount < 1) {
      throw new IllegalArgumentException(
          "indices.query.bool.max_clause_count: " + maxClauseCount + " (expected: >= 1)");
    }
    if (maxGrpcMessageSize <= 0) {
      throw new IllegalArgumentException(
          "grpc.netty.max_msg_size: " + maxGrpcMessageSize + " (expected: > 0)");
    }
  }

  /** A config without node attributes. */
  public NodeConfig(
      Path dataDir,
      String host,
      int httpPort,
      int grpcPort,
      long maxHttpContentLength,
      int maxGrpcMessageSize,
      String clusterName,
      String nodeName,
      int maxBuckets,
      int maxClauseCount,
      ThreadPoolSizes threadPools,
      List<Path> repoPaths) {
    this(
        dataDir,
        host,
        httpPort,
        grpcPort,
        maxHttpContentLength,
        maxGrpcMessageSize,
        clusterName,
        nodeName,
        maxBuckets,
        maxClauseCount,
        threadPools,
        repoPaths,
        Map.of());
  }

  /** A config without {@code path.repo}. */
  public NodeConfig(
      Path dataDir,
      String host,
      int httpPort,
      int grpcPort,
      long maxHttpContentLength,
      int maxGrpcMessageSize,
      String clusterName,
      String nodeName,
      int maxBuckets,
      int maxClauseCount,
      ThreadPoolSizes threadPools) {
    this(
        dataDir,
        host,
        httpPort,
        grpcPort,
        maxHttpContentLength,
        maxGrpcMessageSize,
        clusterName,
        nodeName,
        maxBuckets,
        maxClauseCount,
        threadPools,
        List.of());
  }

  /**
   * A config with OpenSearch's defaults for {@code search.max_buckets} and {@code
   * indices.query.bool.max_clause_count}.
   */
  public NodeConfig(
      Path dataDir,
      String host,
      int httpPort,
      int grpcPort,
      long maxHttpContentLength,
      int maxGrpcMessageSize,
      String clusterName,
      String nodeName) {
    this(
        dataDir,
        host,
        httpPort,
        grpcPort,
        maxHttpContentLength,
        maxGrpcMessageSize,
        clusterName,
        nodeName,
        DEFAULT_MAX_BUCKETS,
        DEFAULT_MAX_CLAUSE_COUNT,
        ThreadPoolSizes.defaults());
  }

  /** The defaults OpenSearch uses, with data in {@code dataDir}. */
  public static NodeConfig defaults(Path dataDir) {
    return new NodeConfig(
        dataDir,
        DEFAULT_HOST,
        DEFAULT_HTTP_PORT,
        DEFAULT_GRPC_PORT,
        DEFAULT_MAX_HTTP_CONTENT_LENGTH,
        DEFAULT_MAX_GRPC_MESSAGE_SIZE,
        DEFAULT_CLUSTER_NAME,
        "duet");
  }

  /** Defaults on free ports: what tests and embedded nodes want. */
  public static NodeConfig ephemeral(Path dataDir) {
    return defaults(dataDir).withHttpPort(0).withGrpcPort(0);
  }

  /**
   * Applies OpenSearch-style settings ({@code path.data}, {@code http.port}, ...) over this config;
   * unknown keys are refused so that typos do not pass silently.
   */
  public NodeConfig withSettings(Map<String, String> settings) {
    NodeConfig c = this;
    for (Map.Entry<String, String> e : settings.entrySet()) {
      String v = e.getValue().trim();
      c =
          switch (e.getKey()) {
            case "path.data" -> c.withDataDir(Path.of(v));
            case "network.host", "http.host" -> c.withHost(v);
            case "http.port" -> c.withHttpPort(parseInt(e.getKey(), v));
            case "aux.transport.transport-grpc.port", "grpc.port" ->
                c.withGrpcPort(parseInt(e.getKey(), v));
            case "http.max_content_length" ->
                c.withMaxHttpContentLength(ByteSizes.parse(v, e.getKey()));
            case "grpc.netty.max_msg_size" ->
                c.withMaxGrpcMessageSize(Math.toIntExact(ByteSizes.parse(v, e.getKey())));
            case "path.repo" -> c.withRepoPaths(pathList(v));
            case "cluster.name" -> c.withClusterName(v);
            case "node.name" -> c.withNodeName(v);
            case "search.max_buckets" -> c.withMaxBuckets(parseInt(e.getKey(), v));
            case "indices.query.bool.max_clause_count" ->
                c.withMaxClauseCount(parseInt(e.getKey(), v));
            case "thread_pool.search.size",
                "thread_pool.search.queue_size",
                "thread_pool.write.size",
                "thread_pool.write.queue_size" ->
                c.withThreadPools(c.threadPools().with(e.getKey(), parseInt(e.getKey(), v)));
            default -> {
              if (e.getKey().startsWith("node.attr.") && e.getKey().length() > 10) {
                Map<String, String> attributes = new java.util.LinkedHashMap<>(c.attributes());
                attributes.put(e.getKey().substring(10), v);
                yield c.withAttributes(attributes);
              }
              throw new IllegalArgumentException(
                  "unknown setting ["
                      + e.getKey()
                      + "]; known: path.data, path.repo, network.host, http.host, http.port,"
                      + " aux.transport.transport-grpc.port, grpc.port,"
                      + " http.max_content_length, grpc.netty.max_msg_size, cluster.name,"
                      + " node.name, search.max_buckets,"
                      + " indices.query.bool.max_clause_count, thread_pool.search.size,"
                      + " thread_pool.search.queue_size, thread_pool.write.size,"
                      + " thread_pool.write.queue_size, node.attr.*");
            }
          };
    }
    return c;
  }

  public NodeConfig withDataDir(Path dataDir) {
    return edit(c -> c.dataDir = dataDir);
  }

  public NodeConfig withHost(String host) {
    return edit(c -> c.host = host);
  }

  public NodeConfig withHttpPort(int httpPort) {
    return edit(c -> c.httpPort = httpPort);
  }

  public NodeConfig withGrpcPort(int grpcPort) {
    return edit(c -> c.grpcPort = grpcPort);
  }

  public NodeConfig withMaxHttpContentLength(long maxHttpContentLength) {
    return edit(c -> c.maxHttpContentLength = maxHttpContentLength);
  }

  public NodeConfig withMaxGrpcMessageSize(int maxGrpcMessageSize) {
    return edit(c -> c.maxGrpcMessageSize = maxGrpcMessageSize);
  }

  public NodeConfig withClusterName(String clusterName) {
    return edit(c -> c.clusterName = clusterName);
  }

  public NodeConfig withNodeName(String nodeName) {
    return edit(c -> c.nodeName = nodeName);
  }

  public NodeConfig withMaxBuckets(int maxBuckets) {
    return edit(c -> c.maxBuckets = maxBuckets);
  }

  public NodeConfig withMaxClauseCount(int maxClauseCount) {
    return edit(c -> c.maxClauseCount = maxClauseCount);
  }

  public NodeConfig withThreadPools(ThreadPoolSizes threadPools) {
    return edit(c -> c.threadPools = threadPools);
  }

  public NodeConfig withRepoPaths(List<Path> repoPaths) {
    return edit(c -> c.repoPaths = repoPaths);
  }

  public NodeConfig withAttributes(Map<String, String> attributes) {
    return edit(c -> c.attributes = attributes);
  }

  /** {@code path.repo} as a settings file or {@code -E} gives it: a path, or a list of them. */
  private static List<Path> pathList(String value) {
    String v = value.strip();
    if (v.startsWith("[") && v.endsWith("]")) {
      v = v.substring(1, v.length() - 1);
    }
    List<Path> paths = new java.util.ArrayList<>();
    for (String part : v.split(",")) {
      String p = part.strip();
      if (p.length() >= 2
          && (p.startsWith("\"") && p.endsWith("\"") || p.startsWith("'") && p.endsWith("'"))) {
        p = p.substring(1, p.length() - 1);
      }
      if (!p.isEmpty()) {
        paths.add(Path.of(p));
      }
    }
    return paths;
  }

  /** A copy of this config with {@code change} applied to its components. */
  private NodeConfig edit(Consumer<Components> change) {
    Components c = new Components(this);
    change.accept(c);
    return c.config();
  }

  /** The record's components as fields, so that each {@code with*} copy names only its own. */
  private static final class Components {
    Path dataDir;
    String host;
    int httpPort;
    int grpcPort;
    long maxHttpContentLength;
    int maxGrpcMessageSize;
    String clusterName;
    String nodeName;
    int maxBuckets;
    int maxClauseCount;
    ThreadPoolSizes threadPools;
    List<Path> repoPaths;
    Map<String, String> attributes;

    Components(NodeConfig c) {
      dataDir = c.dataDir;
      host = c.host;
      httpPort = c.httpPort;
      grpcPort = c.grpcPort;
      maxHttpContentLength = c.maxHttpContentLength;
      maxGrpcMessageSize = c.maxGrpcMessageSize;
      clusterName = c.clusterName;
      nodeName = c.nodeName;
      maxBuckets = c.maxBuckets;
      maxClauseCount = c.maxClauseCount;
      threadPools = c.threadPools;
      repoPaths = c.repoPaths;
      attributes = c.attributes;
    }

    NodeConfig config() {
      return new NodeConfig(
          dataDir,
          host,
          httpPort,
          grpcPort,
          maxHttpContentLength,
          maxGrpcMessageSize,
          clusterName,
          nodeName,
          maxBuckets,
          maxClauseCount,
          threadPools,
          repoPaths,
          attributes);
    }
  }

  private static void checkPort(int port, String name) {
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException(name + ": " + port + " (expected: 0-65535)");
    }
  }

  private static int parseInt(String key, String value) {
    try {
      return Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + ": " + value + " (expected: an integer)", e);
    }
  }

  /**
   * OpenSearch byte sizes: {@code 100mb}, {@code 512kb}, {@code 1gb}, {@code 1024b}, {@code 10}.
   */
  static final class ByteSizes {
    private ByteSizes() {}

    static long parse(String value, String setting) {
      String v = value.trim().toLowerCase(java.util.Locale.ROOT);
      long multiplier = 1;
      String number = v;
      String[][] units = {{"kb", "1024"}, {"mb", "1048576"}, {"gb", "1073741824"}, {"b", "1"}};
      for (String[] unit : units) {
        if (v.endsWith(unit[0])) {
          multiplier = Long.parseLong(unit[1]);
          number = v.substring(0, v.length() - unit[0].length()).trim();
          break;
        }
      }
      try {
        return Long.parseLong(number) * multiplier;
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "failed to parse setting [" + setting + "] with value [" + value + "] as a size", e);
      }
    }
  }
}
