package dev.duet.server;

import static java.util.Objects.requireNonNull;

import com.linecorp.armeria.server.Server;
import com.linecorp.armeria.server.ServerBuilder;
import dev.duet.common.FlushHeadWithBody;
import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.server.action.Actions;
import dev.duet.server.grpc.GrpcTransport;
import dev.duet.server.observe.NodeMeters;
import dev.duet.server.pool.WorkPools;
import dev.duet.server.rest.DuetVersion;
import dev.duet.server.rest.NodeIdentity;
import dev.duet.server.rest.RestErrorHandler;
import dev.duet.server.rest.RestRouter;
import dev.duet.server.rest.RestRoutes;
import dev.duet.server.rest.RestService;
import dev.duet.server.rest.codec.AliasFilterCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running Duet node: one engine and the action handlers over it, served on two ports — REST on
 * {@link #httpPort()} by an Armeria server, gRPC on {@link #grpcPort()} by grpc-java's Netty server
 * ({@link GrpcTransport}). Neither port serves the other's protocol.
 */
public final class DuetNode implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(DuetNode.class);

  private final NodeConfig config;
  private final Engine engine;
  private final Actions actions;
  private final Server server;
  private final GrpcTransport grpc;
  private final WorkPools pools;
  private final int httpPort;
  private final int grpcPort;
  private final AtomicBoolean closed = new AtomicBoolean();

  private DuetNode(
      NodeConfig config,
      Engine engine,
      Actions actions,
      Server server,
      GrpcTransport grpc,
      WorkPools pools,
      int httpPort,
      int grpcPort) {
    this.config = config;
    this.engine = engine;
    this.actions = actions;
    this.server = server;
    this.grpc = grpc;
    this.pools = pools;
    this.httpPort = httpPort;
    this.grpcPort = grpcPort;
  }

  /** Opens the engine on {@code config.dataDir()} and starts both listeners. */
  public static DuetNode start(NodeConfig config) {
    requireNonNull(config, "config");
    try {
      Files.createDirectories(config.dataDir());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create data directory " + config.dataDir(), e);
    }
    Engine engine = openEngine(config);
    try {
      return start(config, engine);
    } catch (RuntimeException | Error e) {
      engine.close();
      throw e;
    }
  }

  /** Starts both listeners over an already open engine, which the node then owns and closes. */
  public static DuetNode start(NodeConfig config, Engine engine) {
    requireNonNull(config, "config");
    requireNonNull(engine, "engine");
    String nodeId = randomId();
    Actions actions = new Actions(engine, nodeId);
    actions.clusterSettings().persistIn(config.dataDir());
    int httpPort = config.httpPort() == 0 ? freePort(config.host()) : config.httpPort();
    int grpcPort = config.grpcPort() == 0 ? freePort(config.host()) : config.grpcPort();
    if (httpPort == grpcPort) {
      throw new IllegalArgumentException(
          "http.port and grpc.port are both " + httpPort + " (expected: different ports)");
    }
    // Searches and writes run on bounded pools that refuse the excess (429 / RESOURCE_EXHAUSTED).
    WorkPools pools = new WorkPools(config.nodeName(), config.threadPools(), engine.breakers());
    NodeIdentity identity =
        new NodeIdentity(
            nodeId,
            config.nodeName(),
            config.clusterName(),
            clusterUuid(config.dataDir()),
            config.host(),
            httpPort,
            grpcPort,
            config.dataDir().toAbsolutePath(),
            config.maxHttpContentLength(),
            pools,
            config.attributes());

    // One router for both ports: the generated gRPC services run REST's operations through it.
    RestRouter routes = RestRoutes.build(actions, identity);
    ServerBuilder sb = Server.builder();
    sb.http(new InetSocketAddress(config.host(), httpPort));
    // A bulk of many megabytes may take longer than Armeria's 10 s default; OpenSearch has none.
    sb.requestTimeout(Duration.ZERO);
    // On close, in-flight requests finish (up to 10 s); a short quiet period keeps close quick.
    sb.gracefulShutdownTimeout(Duration.ofMillis(100), Duration.ofSeconds(10));
    // A small answer leaves in one write, not head then body (see FlushHeadWithBody).
    sb.childChannelPipelineCustomizer(FlushHeadWithBody::onServer);
    sb.errorHandler(new RestErrorHandler(httpPort, config.maxHttpContentLength()));
    NodeMeters meters = new NodeMeters(actions);
    engine.onTranslogFsync(meters::translogFsync);
    sb.virtualHost(httpPort)
        .maxRequestLength(config.maxHttpContentLength())
        .service(NodeMeters.PATH, meters.service())
        .serviceUnder("/", new RestService(routes, config.maxHttpContentLength(), pools))
        .decorator(meters.recorder("rest"));

    Server server = sb.build();
    GrpcTransport grpc;
    try {
      server.start().join();
      // grpc-java's server bounds each message (grpc.netty.max_msg_size); a stream of many
      // messages is not bounded as a whole.
      grpc =
          GrpcTransport.start(
              new InetSocketAddress(config.host(), grpcPort),
              actions,
              routes,
              config.maxGrpcMessageSize(),
              pools,
              (operation, status, nanos, bytes) ->
                  meters.record("grpc", operation, status.name(), nanos, bytes));
    } catch (RuntimeException e) {
      // One port may be bound already (the other was taken): release it before failing.
      server.stop().join();
      pools.close();
      throw e;
    }
    log.info(
        "Duet {} REST on http://{}:{}, gRPC on {}:{}",
        DuetVersion.DUET,
        config.host(),
        httpPort,
        config.host(),
        grpcPort);
    return new DuetNode(config, engine, actions, server, grpc, pools, httpPort, grpcPort);
  }

  /** The bound REST port (the configured one, or the free port picked for 0). */
  public int httpPort() {
    return httpPort;
  }

  /** The bound gRPC port (the configured one, or the free port picked for 0). */
  public int grpcPort() {
    return grpcPort;
  }

  public NodeConfig config() {
    return config;
  }

  public Actions actions() {
    return actions;
  }

  /** The engine this node serves, for its owner (transports reach it only through the actions). */
  public Engine engine() {
    return engine;
  }

  /**
   * Stops accepting requests, lets in-flight ones finish, then closes the engine (which commits).
   * Idempotent.
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    try {
      // Both ports drain at once: each lets its calls in flight finish (up to 10 s).
      var rest = server.stop();
      grpc.close();
      rest.join();
      pools.close();
    } finally {
      engine.close();
      log.info("Duet node stopped");
    }
  }

  private static Engine openEngine(NodeConfig config) {
    return Engines.open(
        config.dataDir(),
        AliasFilterCodec.INSTANCE,
        config.maxBuckets(),
        config.maxClauseCount(),
        config.repoPaths());
  }

  /**
   * A free port picked up front: the node's identity (which the REST routes, shared by both ports,
   * report) names both ports before either listener binds.
   */
  private static int freePort(String host) {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(host))) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot find a free port on " + host, e);
    }
  }

  /** A random id in OpenSearch's form: 22 URL-safe base64 characters. */
  private static String randomId() {
    byte[] bytes = new byte[16];
    new SecureRandom().nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /**
   * The cluster's identity survives restarts, like OpenSearch's, in {@code dataDir/cluster_uuid}.
   */
  private static String clusterUuid(Path dataDir) {
    Path file = dataDir.resolve("cluster_uuid");
    try {
      if (Files.exists(file)) {
        return Files.readString(file, StandardCharsets.UTF_8).trim();
      }
      String uuid = randomId();
      Path tmp = dataDir.resolve("cluster_uuid.tmp");
      Files.writeString(tmp, uuid, StandardCharsets.UTF_8);
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      return uuid;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read or write " + file, e);
    }
  }
}
