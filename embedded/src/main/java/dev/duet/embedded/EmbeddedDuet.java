package dev.duet.embedded;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import dev.duet.server.action.ClusterSettingsAction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.URI;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A Duet node running in this JVM: OpenSearch's REST API at {@link #restUrl()} and its gRPC API at
 * {@link #grpcTarget()}, on free ports unless told otherwise, with its data in a temporary folder
 * that {@link #close()} deletes (a folder the caller names is kept).
 *
 * <pre>{@code
 * try (EmbeddedDuet duet = EmbeddedDuet.start()) {
 *   URI rest = duet.restUrl();        // http://127.0.0.1:<free port>
 *   String grpc = duet.grpcTarget();  // 127.0.0.1:<free port>
 * }
 * }</pre>
 */
public final class EmbeddedDuet implements AutoCloseable {
  /** How many times a start on free ports is retried when another process took a port first. */
  private static final int BIND_ATTEMPTS = 3;

  private static final IndicesOptions EVERY_INDEX = new IndicesOptions(true, true, true);

  private final DuetNode node;
  private final Path dataDir;
  private final boolean deleteDataOnClose;
  private final AtomicBoolean closed = new AtomicBoolean();

  private EmbeddedDuet(DuetNode node, Path dataDir, boolean deleteDataOnClose) {
    this.node = node;
    this.dataDir = dataDir;
    this.deleteDataOnClose = deleteDataOnClose;
  }

  /** Starts a node with the defaults: free ports on 127.0.0.1, data in a temporary folder. */
  public static EmbeddedDuet start() {
    return start(Options.defaults());
  }

  /** Starts a node as {@code options} say; it runs until {@link #close()}. */
  public static EmbeddedDuet start(Options options) {
    requireNonNull(options, "options");
    Path temporary = null;
    Path dataDir = options.dataDir;
    if (dataDir == null) {
      try {
        temporary = Files.createTempDirectory("duet-embedded-");
      } catch (IOException e) {
        throw new UncheckedIOException("cannot create a temporary data folder", e);
      }
      dataDir = temporary;
    }
    try {
      NodeConfig config = options.config(dataDir);
      if (temporary != null && !config.dataDir().equals(temporary)) {
        // path.data among the settings: the caller named the folder after all.
        deleteTree(temporary);
        temporary = null;
      }
      DuetNode node = startNode(config, options.picksFreePorts());
      return new EmbeddedDuet(node, config.dataDir(), temporary != null);
    } catch (RuntimeException | Error e) {
      if (temporary != null) {
        deleteTree(temporary);
      }
      throw e;
    }
  }

  /** The REST base URL, {@code http://host:port}, for opensearch-java, curl or a browser. */
  public URI restUrl() {
    return URI.create("http://" + hostForUrl() + ":" + node.httpPort());
  }

  /** The gRPC target, {@code host:port}, for {@code ManagedChannelBuilder.forTarget}. */
  public String grpcTarget() {
    return hostForUrl() + ":" + node.grpcPort();
  }

  /** The address both listeners are bound to. */
  public String host() {
    return node.config().host();
  }

  public int httpPort() {
    return node.httpPort();
  }

  public int grpcPort() {
    return node.grpcPort();
  }

  /** Where the node keeps its indices. */
  public Path dataDir() {
    return dataDir;
  }

  /** The running node, for what this class does not offer. */
  public DuetNode node() {
    return node;
  }

  /**
   * Puts the node back as it started: deletes every index (and with them their aliases), every
   * scroll and point in time, and every persistent and transient cluster setting.
   */
  public void wipe() {
    checkOpen();
    Engine engine = node.engine();
    engine.clearScrolls(null);
    engine.deleteAllPits();
    // Failed indices (unreadable at start) match too: they go with the rest.
    engine.deleteIndices("*", EVERY_INDEX);
    ClusterSettingsAction settings = node.actions().clusterSettings();
    ClusterSettingsAction.Snapshot now = settings.get();
    if (!now.persistent().isEmpty() || !now.transientSettings().isEmpty()) {
      Map<String, String> reset = new HashMap<>();
      reset.put("*", null);
      settings.update(new ClusterSettingsAction.Update(reset, reset));
    }
  }

  /** Stops the node (in-flight requests finish) and deletes its data unless the caller named it. */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    try {
      node.close();
    } finally {
      if (deleteDataOnClose) {
        deleteTree(dataDir);
      }
    }
  }

  private void checkOpen() {
    if (closed.get()) {
      throw new IllegalStateException("the embedded node at " + restUrl() + " is closed");
    }
  }

  private String hostForUrl() {
    String host = host();
    return host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
  }

  private static DuetNode startNode(NodeConfig config, boolean freePorts) {
    for (int attempt = 1; ; attempt++) {
      try {
        return DuetNode.start(config);
      } catch (RuntimeException e) {
        // A free port is picked before it is bound: another process may take it in between.
        if (!freePorts || attempt == BIND_ATTEMPTS || !causedByBind(e)) {
          throw e;
        }
      }
    }
  }

  private static boolean causedByBind(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof BindException) {
        return true;
      }
    }
    return false;
  }

  private static void deleteTree(Path root) {
    try {
      Files.walkFileTree(
          root,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
                throws IOException {
              Files.deleteIfExists(file);
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
              if (e != null) {
                throw e;
              }
              Files.deleteIfExists(dir);
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (NoSuchFileException e) {
      // Already gone.
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete the embedded node's data in " + root, e);
    }
  }

  /**
   * How to start an embedded node. By default: free ports on 127.0.0.1, data in a temporary folder
   * deleted on close, and every other setting as {@code duet serve} has it. Settings take
   * OpenSearch's keys, as in a {@code duet serve --config} file.
   */
  public static final class Options {
    private Path dataDir;
    private Integer httpPort;
    private Integer grpcPort;
    private String host;
    private final Map<String, String> settings = new LinkedHashMap<>();

    private Options() {}

    public static Options defaults() {
      return new Options();
    }

    /** Keeps the data in {@code dataDir}, which {@link #close()} leaves in place. */
    public Options dataDir(Path dataDir) {
      this.dataDir = requireNonNull(dataDir, "dataDir");
      return this;
    }

    /** The REST port; 0 (the default) picks a free one. */
    public Options httpPort(int httpPort) {
      this.httpPort = httpPort;
      return this;
    }

    /** The gRPC port; 0 (the default) picks a free one. */
    public Options grpcPort(int grpcPort) {
      this.grpcPort = grpcPort;
      return this;
    }

    /** The address both listeners bind to; 127.0.0.1 by default. */
    public Options host(String host) {
      this.host = requireNonNull(host, "host");
      return this;
    }

    /**
     * A node setting by OpenSearch's key ({@code search.max_buckets}, {@code
     * http.max_content_length}, {@code thread_pool.write.size}, ...); unknown keys are refused at
     * start.
     */
    public Options setting(String key, String value) {
      settings.put(requireNonNull(key, "key"), requireNonNull(value, "value"));
      return this;
    }

    /** Several settings at once, as {@link #setting} each. */
    public Options settings(Map<String, String> settings) {
      settings.forEach(this::setting);
      return this;
    }

    /** The node's config: {@code duet serve}'s rules, on free ports, with these options over. */
    NodeConfig config(Path data) {
      NodeConfig config = NodeConfig.ephemeral(data).withSettings(settings);
      if (httpPort != null) {
        config = config.withHttpPort(httpPort);
      }
      if (grpcPort != null) {
        config = config.withGrpcPort(grpcPort);
      }
      if (host != null) {
        config = config.withHost(host);
      }
      return config;
    }

    boolean picksFreePorts() {
      NodeConfig config = config(Path.of("."));
      return config.httpPort() == 0 || config.grpcPort() == 0;
    }

    /** A copy, so that a shared {@code Options} is not changed by who uses it. */
    Options copy() {
      Options copy = new Options();
      copy.dataDir = dataDir;
      copy.httpPort = httpPort;
      copy.grpcPort = grpcPort;
      copy.host = host;
      copy.settings.putAll(settings);
      return copy;
    }
  }
}
