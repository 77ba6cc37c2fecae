package dev.duet.bench.client;

import static java.util.Objects.requireNonNull;

import com.google.protobuf.TextFormat;
import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.MetadataUtils;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.opensearch.protobufs.BulkResponse;
import org.opensearch.protobufs.Item;
import org.opensearch.protobufs.SearchResponse;
import org.opensearch.protobufs.services.DocumentServiceGrpc;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * gRPC with the stock grpc-java client (Netty transport, blocking stubs), as an OpenSearch user
 * would run it: one channel, multiplexed by all workers. Blocking stubs run the response callbacks
 * on the calling thread, and the channel uses a direct executor, so no application thread pool sits
 * between the socket and the caller ({@link GrpcChannels}: README's fast-client settings).
 */
public final class GrpcBenchClient implements BenchClient {
  private final ManagedChannel channel;
  private final int port;
  private final DocumentServiceGrpc.DocumentServiceBlockingStub documents;
  private final SearchServiceGrpc.SearchServiceBlockingStub search;
  private volatile Boolean requestCache;

  /** A client for {@code target} ({@code host:port}), in plaintext. */
  public GrpcBenchClient(String target) {
    this(target, CallHeaders.NONE);
  }

  /** As above, every call carrying {@code headers} as metadata. */
  public GrpcBenchClient(String target, CallHeaders headers) {
    requireNonNull(target, "target");
    requireNonNull(headers, "headers");
    int colon = target.lastIndexOf(':');
    if (colon < 0) {
      throw new IllegalArgumentException("grpc target: " + target + " (expected: host:port)");
    }
    this.port = Integer.parseInt(target.substring(colon + 1));
    this.channel = GrpcChannels.open(target);
    Channel calls = channel;
    if (!headers.values().isEmpty()) {
      Metadata metadata = new Metadata();
      headers
          .values()
          .forEach(
              (name, value) ->
                  metadata.put(Metadata.Key.of(name, Metadata.ASCII_STRING_MARSHALLER), value));
      calls =
          ClientInterceptors.intercept(
              channel, MetadataUtils.newAttachHeadersInterceptor(metadata));
    }
    this.documents = DocumentServiceGrpc.newBlockingStub(calls);
    this.search = SearchServiceGrpc.newBlockingStub(calls);
  }

  @Override
  public Protocol protocol() {
    return Protocol.GRPC;
  }

  @Override
  public int port() {
    return port;
  }

  @Override
  public void bulk(String index, List<IndexOp> ops) {
    BulkResponse response;
    try {
      response = documents.bulk(GrpcRequests.bulk(index, ops));
    } catch (StatusRuntimeException e) {
      throw new BenchRequestException("Bulk: " + e.getStatus(), e);
    }
    if (response.getErrors()) {
      throw new BenchRequestException("bulk had failed items: " + firstFailure(response));
    }
  }

  @Override
  public int search(String index, TextQuery query, String field, String text, int size) {
    SearchResponse response;
    try {
      response = search.search(withCacheFlag(query.grpcRequest(index, field, text, size)));
    } catch (StatusRuntimeException e) {
      throw new BenchRequestException("Search: " + e.getStatus(), e);
    }
    return response.getHits().getHitsCount();
  }

  /** Runs any {@code Search} request as it is (the k-NN probes build their own). */
  public SearchResponse search(org.opensearch.protobufs.SearchRequest request) {
    try {
      return search.search(request);
    } catch (StatusRuntimeException e) {
      throw new BenchRequestException("Search: " + e.getStatus(), e);
    }
  }

  @Override
  public void aggregate(String index, AggregationQuery query) {
    try {
      search.search(withCacheFlag(query.grpcRequest(index)));
    } catch (StatusRuntimeException e) {
      throw new BenchRequestException("Search: " + e.getStatus(), e);
    }
  }

  @Override
  public void requestCache(Boolean enabled) {
    requestCache = enabled;
  }

  private org.opensearch.protobufs.SearchRequest withCacheFlag(
      org.opensearch.protobufs.SearchRequest request) {
    Boolean flag = requestCache;
    return flag == null ? request : request.toBuilder().setRequestCache(flag).build();
  }

  @Override
  public void close() {
    channel.shutdown();
    try {
      if (!channel.awaitTermination(5, TimeUnit.SECONDS)) {
        channel.shutdownNow();
      }
    } catch (InterruptedException e) {
      channel.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }

  private static String firstFailure(BulkResponse response) {
    for (Item item : response.getItemsList()) {
      String text = TextFormat.shortDebugString(item);
      if (text.contains("error")) {
        return text;
      }
    }
    return response.getItemsCount() == 0
        ? "(no items)"
        : TextFormat.shortDebugString(response.getItems(0));
  }
}
