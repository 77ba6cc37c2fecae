package dev.duet.server.grpc;

import static java.util.Objects.requireNonNull;

import com.google.common.util.concurrent.MoreExecutors;
import dev.duet.server.action.Actions;
import dev.duet.server.pool.WorkPools;
import dev.duet.server.rest.RestRouter;
import io.grpc.BindableService;
import io.grpc.DecompressorRegistry;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallExecutorSupplier;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.ServerChannel;
import io.grpc.netty.shaded.io.netty.channel.epoll.Epoll;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollServerSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.nio.NioEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.socket.nio.NioServerSocketChannel;
import io.grpc.netty.shaded.io.netty.util.concurrent.DefaultThreadFactory;
import io.grpc.protobuf.services.HealthStatusManager;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The node's gRPC port, on grpc-java's own Netty server: OpenSearch's {@code DocumentService} and
 * {@code SearchService}, Duet's generated {@code duet.*} services (api/proto: info, cluster, cat,
 * indices, documents, search, …), the standard health service (SERVING while the node runs) and
 * server reflection ({@code grpc.reflection.v1}, which current tools such as grpcurl 1.8.8+ and
 * Postman ask for first).
 *
 * <p>grpc-java's server costs the node about 45 µs and 7 kB less per call than Armeria's gRPC
 * service did (docs/benchmarks.md, "Call cost per request"). What Armeria's did around the calls is
 * here: the call's context (cancellation and deadline through grpc-java's {@code Context}, the
 * {@code traceparent} metadata: {@link CallInterceptor}), the metrics ({@link CallMetrics}),
 * undecodable messages and miscounted calls as INVALID_ARGUMENT ({@link UndecodableRequests},
 * {@link CallInterceptor}), the message size limit ({@link #MAX_MESSAGE_SIZE_SETTING}) and a
 * graceful close.
 */
public final class GrpcTransport implements AutoCloseable {
  /**
   * The setting that bounds one inbound gRPC message; named like OpenSearch's so that the error a
   * client sees tells it what to raise.
   */
  public static final String MAX_MESSAGE_SIZE_SETTING = "grpc.netty.max_msg_size";

  /** Calls that start on the event loop and hand themselves to a pool in one hop (RpcCalls). */
  private static final Set<String> ON_EVENT_LOOP =
      Set.of(
          "org.opensearch.protobufs.services.DocumentService/Bulk",
          "org.opensearch.protobufs.services.SearchService/Search");

  /** How long calls in flight may take to finish once the port is closing. */
  private static final long DRAIN_SECONDS = 10;

  private final Server server;
  private final EventLoopGroup boss;
  private final EventLoopGroup workers;
  private final ThreadPoolExecutor blocking;

  private GrpcTransport(
      Server server, EventLoopGroup boss, EventLoopGroup workers, ThreadPoolExecutor blocking) {
    this.server = server;
    this.boss = boss;
    this.workers = workers;
    this.blocking = blocking;
  }

  /**
   * Listens on {@code address}. {@code routes} are the REST routes the generated {@code duet.*}
   * services run their operations through (the node's own, so both ports share them); {@code
   * recorder} receives every call (the node's metrics). Search and Bulk start on the event loop and
   * run on the node's search and write pools ({@code pools}: a full pool answers
   * RESOURCE_EXHAUSTED), decoding and encoding on that same thread, so a call costs one hop; a
   * search the request cache answers is answered on the event loop with no hop at all. Every other
   * call runs on a blocking thread, because every engine call may block on I/O.
   */
  public static GrpcTransport start(
      InetSocketAddress address,
      Actions actions,
      RestRouter routes,
      int maxMessageBytes,
      WorkPools pools,
      CallMetrics.Recorder recorder) {
    requireNonNull(address, "address");
    requireNonNull(actions, "actions");
    requireNonNull(routes, "routes");
    requireNonNull(pools, "pools");
    requireNonNull(recorder, "recorder");
    if (maxMessageBytes <= 0) {
      throw new IllegalArgumentException(
          "maxMessageBytes: " + maxMessageBytes + " (expected: > 0)");
    }
    RestOperations rest = new RestOperations(routes, pools);
    List<BindableService> services =
        List.of(
            new DocumentRpcs(actions.bulk(), pools.write()),
            new SearchRpcs(
                actions.search(), actions.sessions(), actions.indices()::mapping, pools.search()),
            new IndicesRpcs(actions, rest),
            new CountRpcs(rest, new TypedSearches(actions.search(), pools)),
            new DocumentsRpcs(rest),
            new ClusterRpcs(rest),
            new NodesRpcs(rest),
            new CatRpcs(rest),
            new TemplatesRpcs(rest),
            new SnapshotRpcs(rest),
            new IngestRpcs(rest),
            new InfoRpcs(rest),
            ProtoReflectionServiceV1.newInstance(),
            new HealthStatusManager().getHealthService());

    boolean epoll = Epoll.isAvailable();
    int threads = Runtime.getRuntime().availableProcessors();
    EventLoopGroup boss = eventLoops(epoll, 1, "duet-grpc-accept");
    EventLoopGroup workers = eventLoops(epoll, threads, "duet-grpc-event-loop");
    ThreadPoolExecutor blocking =
        new ThreadPoolExecutor(
            200,
            200,
            60,
            TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(),
            Thread.ofPlatform().name("duet-grpc-blocking-", 0).daemon(true).factory());
    blocking.allowCoreThreadTimeOut(true);
    Executor direct = MoreExecutors.directExecutor();
    Class<? extends ServerChannel> channel =
        epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    NettyServerBuilder b =
        NettyServerBuilder.forAddress(address)
            .channelType(channel)
            .bossEventLoopGroup(boss)
            .workerEventLoopGroup(workers)
            // The method lookup runs on the default executor, before the call's own executor is
            // chosen. Direct, it runs on the event loop that read the call, so a call chosen for
            // the event loop stays there; chosen for the pool, the call's start and its messages
            // move there in one hop. (With the pool as the default, a unary call's message, read
            // while the lookup ran, was delivered on the pool thread even for an event-loop call.)
            .executor(direct)
            .callExecutor(
                new ServerCallExecutorSupplier() {
                  @Override
                  public <Q, A> Executor getExecutor(ServerCall<Q, A> call, Metadata headers) {
                    String method = call.getMethodDescriptor().getFullMethodName();
                    return ON_EVENT_LOOP.contains(method) ? direct : blocking;
                  }
                })
            .maxInboundMessageSize(maxMessageBytes)
            // gzip whose failures are the client's: INVALID_ARGUMENT, not a bare UNKNOWN.
            .decompressorRegistry(
                DecompressorRegistry.getDefaultInstance().with(new GzipDecompressor(), true))
            .addStreamTracerFactory(new CallMetrics(recorder));
    CallInterceptor interceptor = new CallInterceptor();
    for (BindableService s : services) {
      ServerServiceDefinition definition = UndecodableRequests.refused(s.bindService());
      b.addService(ServerInterceptors.intercept(definition, interceptor));
    }
    Server server = b.build();
    try {
      server.start();
    } catch (IOException e) {
      server.shutdownNow();
      shutdown(boss, workers, blocking);
      throw new UncheckedIOException("cannot listen for gRPC on " + address, e);
    }
    return new GrpcTransport(server, boss, workers, blocking);
  }

  /** The bound port. */
  public int port() {
    return server.getPort();
  }

  /**
   * Stops taking calls and lets those in flight finish (at most {@link #DRAIN_SECONDS}), then
   * closes the rest and the threads.
   */
  @Override
  public void close() {
    server.shutdown();
    try {
      if (!server.awaitTermination(DRAIN_SECONDS, TimeUnit.SECONDS)) {
        server.shutdownNow().awaitTermination(2, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      server.shutdownNow();
      Thread.currentThread().interrupt();
    } finally {
      shutdown(boss, workers, blocking);
    }
  }

  private static EventLoopGroup eventLoops(boolean epoll, int threads, String name) {
    DefaultThreadFactory factory = new DefaultThreadFactory(name, true);
    return epoll
        ? new EpollEventLoopGroup(threads, factory)
        : new NioEventLoopGroup(threads, factory);
  }

  private static void shutdown(
      EventLoopGroup boss, EventLoopGroup workers, ThreadPoolExecutor blocking) {
    boss.shutdownGracefully(0, 2, TimeUnit.SECONDS);
    workers.shutdownGracefully(0, 2, TimeUnit.SECONDS);
    blocking.shutdown();
  }
}
