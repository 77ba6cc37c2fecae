package dev.duet.embedded;

import com.google.protobuf.ByteString;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hc.core5.http.HttpHost;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.transport.OpenSearchTransport;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkRequestBody;
import org.opensearch.protobufs.BulkResponse;
import org.opensearch.protobufs.HitsMetadataHitsInner;
import org.opensearch.protobufs.IndexOperation;
import org.opensearch.protobufs.MatchAllQuery;
import org.opensearch.protobufs.OperationContainer;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.Refresh;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.services.DocumentServiceGrpc;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/** The real clients the tests talk to an embedded node with: opensearch-java and the gRPC stubs. */
final class Clients implements AutoCloseable {
  final OpenSearchClient rest;
  private final OpenSearchTransport transport;
  private final ManagedChannel channel;

  Clients(EmbeddedDuet duet) {
    transport =
        ApacheHttpClient5TransportBuilder.builder(HttpHost.create(duet.restUrl()))
            .setMapper(new JacksonJsonpMapper())
            .build();
    rest = new OpenSearchClient(transport);
    channel = NettyChannelBuilder.forTarget(duet.grpcTarget()).usePlaintext().build();
  }

  /** Indexes one document per JSON source over gRPC (ids d0, d1, ...), refreshed. */
  BulkResponse bulk(String index, String... sources) {
    BulkRequest.Builder request =
        BulkRequest.newBuilder().setIndex(index).setRefresh(Refresh.REFRESH_TRUE);
    for (int i = 0; i < sources.length; i++) {
      request.addBulkRequestBody(
          BulkRequestBody.newBuilder()
              .setOperationContainer(
                  OperationContainer.newBuilder()
                      .setIndex(IndexOperation.newBuilder().setXId("d" + i)))
              .setObject(ByteString.copyFrom(sources[i], StandardCharsets.UTF_8)));
    }
    return DocumentServiceGrpc.newBlockingStub(channel).bulk(request.build());
  }

  /** The ids a match_all search over gRPC finds. */
  List<String> idsOverGrpc(String index) {
    var response =
        SearchServiceGrpc.newBlockingStub(channel)
            .search(
                SearchRequest.newBuilder()
                    .addIndex(index)
                    .setSearchRequestBody(
                        SearchRequestBody.newBuilder()
                            .setQuery(
                                QueryContainer.newBuilder()
                                    .setMatchAll(MatchAllQuery.getDefaultInstance())))
                    .build());
    List<String> ids = new ArrayList<>();
    for (HitsMetadataHitsInner hit : response.getHits().getHitsList()) {
      ids.add(hit.getXId());
    }
    return ids;
  }

  @Override
  public void close() throws IOException {
    channel.shutdownNow();
    try {
      channel.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    transport.close();
  }

  /** Whether something accepts connections on {@code port} of 127.0.0.1. */
  static boolean listening(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
      return true;
    } catch (ConnectException e) {
      return false;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
