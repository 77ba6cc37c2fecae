package dev.duet.gateway;

import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.AbstractStub;
import io.grpc.stub.MetadataUtils;
import java.util.concurrent.TimeUnit;

/** The stock grpc-java channel and stubs, with a tenant's credentials as call metadata. */
final class GrpcClients {
  static final Metadata.Key<String> AUTHORIZATION =
      Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

  private GrpcClients() {}

  static ManagedChannel channel(int port) {
    return NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
  }

  static <S extends AbstractStub<S>> S as(S stub, String authorization) {
    if (authorization == null) {
      return stub;
    }
    Metadata md = new Metadata();
    md.put(AUTHORIZATION, authorization);
    return stub.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(md));
  }

  static void close(ManagedChannel channel) throws InterruptedException {
    if (channel != null) {
      channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    }
  }
}
