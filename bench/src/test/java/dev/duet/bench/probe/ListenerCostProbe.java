package dev.duet.bench.probe;

import com.google.protobuf.ByteString;
import com.linecorp.armeria.server.Server;
import com.linecorp.armeria.server.grpc.GrpcService;
import dev.duet.bench.SuppressForbidden;
import dev.duet.bench.client.GrpcBenchClient;
import dev.duet.bench.client.TextQuery;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollServerSocketChannel;
import io.grpc.stub.StreamObserver;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.util.Locale;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.opensearch.protobufs.HitsMetadata;
import org.opensearch.protobufs.HitsMetadataHitsInner;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchResponse;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * A developer's probe, not a test: what the gRPC listener alone costs per unary call, Armeria's
 * {@code GrpcService} (as the node binds it: handlers on the event loop) against grpc-java's own
 * Netty server (direct executor, epoll), both serving one canned {@code SearchService/Search}
 * answer of ten small hits, so nothing of Duet's handlers is measured. Server CPU and bytes
 * allocated per call come from {@link com.sun.management.ThreadMXBean} over each server's threads.
 *
 * <p>Arguments: {@code calls} (default 20000), {@code rounds} (default 3).
 */
@SuppressForbidden(reason = "a command-line probe prints its figures")
public final class ListenerCostProbe {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private ListenerCostProbe() {}

  public static void main(String[] args) throws Exception {
    int calls = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    SearchResponse canned = canned();
    SearchServiceGrpc.SearchServiceImplBase service =
        new SearchServiceGrpc.SearchServiceImplBase() {
          @Override
          public void search(SearchRequest request, StreamObserver<SearchResponse> responses) {
            responses.onNext(canned);
            responses.onCompleted();
          }
        };
    Server armeria =
        Server.builder()
            .http(0)
            .service(
                GrpcService.builder()
                    .addService(service)
                    .useBlockingTaskExecutor(false)
                    .maxRequestMessageLength(100 * 1024 * 1024)
                    .build())
            .build();
    armeria.start().join();
    EpollEventLoopGroup boss = new EpollEventLoopGroup(1, named("netty-server-boss"));
    EpollEventLoopGroup workers = new EpollEventLoopGroup(2, named("netty-server-worker"));
    io.grpc.Server netty =
        NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
            .channelType(EpollServerSocketChannel.class)
            .bossEventLoopGroup(boss)
            .workerEventLoopGroup(workers)
            .directExecutor()
            .maxInboundMessageSize(100 * 1024 * 1024)
            .addService(service)
            .build()
            .start();
    try (GrpcBenchClient toArmeria = new GrpcBenchClient("127.0.0.1:" + armeria.activeLocalPort());
        GrpcBenchClient toNetty = new GrpcBenchClient("127.0.0.1:" + netty.getPort())) {
      for (int round = 1; round <= rounds; round++) {
        report(round, "armeria", toArmeria, "armeria", calls);
        report(round, "grpc-netty", toNetty, "netty-server", calls);
      }
    } finally {
      netty.shutdownNow();
      boss.shutdownGracefully();
      workers.shutdownGracefully();
      armeria.stop().join();
    }
  }

  private static void report(
      int round, String name, GrpcBenchClient client, String threadPrefix, int calls) {
    run(client, calls / 4);
    long[] before = cost(threadPrefix);
    run(client, calls);
    long[] after = cost(threadPrefix);
    System.out.printf(
        Locale.ROOT,
        "round %d %-10s %7.1f us CPU/call %8.0f bytes/call%n",
        round,
        name,
        (after[0] - before[0]) / 1000.0 / calls,
        (after[1] - before[1]) / (double) calls);
  }

  private static void run(GrpcBenchClient client, int calls) {
    for (int i = 0; i < calls; i++) {
      client.search(TextQuery.MATCH.grpcRequest("probe", "body", "word" + (i % 100), 10));
    }
  }

  private static long[] cost(String threadPrefix) {
    long cpu = 0;
    long bytes = 0;
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      if (thread.getName().startsWith(threadPrefix)) {
        cpu += Math.max(0, THREADS.getThreadCpuTime(thread.threadId()));
        bytes += Math.max(0, THREADS.getThreadAllocatedBytes(thread.threadId()));
      }
    }
    return new long[] {cpu, bytes};
  }

  private static SearchResponse canned() {
    HitsMetadata.Builder hits = HitsMetadata.newBuilder();
    for (int i = 0; i < 10; i++) {
      hits.addHits(
          HitsMetadataHitsInner.newBuilder()
              .setXIndex("probe")
              .setXId(Integer.toString(i))
              .setXSource(ByteString.copyFromUtf8("{\"title\":\"a small document " + i + "\"}")));
    }
    return SearchResponse.newBuilder().setTook(1).setHits(hits).build();
  }

  private static ThreadFactory named(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }
}
