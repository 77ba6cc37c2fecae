package dev.duet.bench.client;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;

/**
 * The one way the bench opens a gRPC channel, with the settings README's "Calling Duet's gRPC from
 * Java" recommends, so that what the bench measures is what a user who follows it gets.
 */
public final class GrpcChannels {
  /**
   * Inbound message bound: a search answer of many large hits passes; the server bounds its own.
   */
  public static final int MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

  private GrpcChannels() {}

  /**
   * A plaintext channel to {@code target} ({@code host:port}), to open once and share by every
   * thread: grpc-java's Netty transport (epoll where available), a direct executor (a blocking
   * stub's caller waits anyway, and a future stub's callbacks are short, so no executor hand-off
   * per call), and no transparent retries (which keep a copy of each request in a retry buffer).
   */
  public static ManagedChannel open(String target) {
    return NettyChannelBuilder.forTarget(target)
        .usePlaintext()
        .directExecutor()
        .disableRetry()
        .maxInboundMessageSize(MAX_MESSAGE_BYTES)
        .build();
  }
}
