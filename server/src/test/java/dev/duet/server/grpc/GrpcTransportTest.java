package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import com.google.rpc.ErrorInfo;
import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.NodeIdentity;
import dev.duet.server.rest.RestRoutes;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.protobuf.StatusProto;
import io.grpc.reflection.v1.ServerReflectionGrpc;
import io.grpc.reflection.v1.ServerReflectionRequest;
import io.grpc.reflection.v1.ServerReflectionResponse;
import io.grpc.reflection.v1.ServiceResponse;
import io.grpc.stub.StreamObserver;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkRequestBody;
import org.opensearch.protobufs.CreatePitRequest;
import org.opensearch.protobufs.IndexOperation;
import org.opensearch.protobufs.OperationContainer;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.services.DocumentServiceGrpc;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * The gRPC port on grpc-java's Netty server, driven by the stock grpc-java client over a real
 * socket: what the transport itself answers, before any engine work.
 */
class GrpcTransportTest {
  private static final int MAX_MESSAGE_BYTES = 64 * 1024;

  @TempDir static Path data;
  private static Engine engine;
  private static GrpcTransport server;
  private static ManagedChannel channel;

  @BeforeAll
  static void start() {
    engine = Engines.open(data);
    Actions actions = new Actions(engine);
    server =
        GrpcTransport.start(
            new java.net.InetSocketAddress("127.0.0.1", 0),
            actions,
            RestRoutes.build(actions, new NodeIdentity("node", "cluster", "uuid")),
            MAX_MESSAGE_BYTES,
            new dev.duet.server.pool.WorkPools(
                "node", dev.duet.server.pool.ThreadPoolSizes.defaults(), engine.breakers()),
            (operation, status, nanos, bytes) -> {});
    channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
  }

  @AfterAll
  static void stop() throws Exception {
    channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    server.close();
    engine.close();
  }

  @Test
  void healthServiceAnswersServing() {
    HealthCheckResponse response =
        HealthGrpc.newBlockingStub(channel).check(HealthCheckRequest.getDefaultInstance());

    assertThat(response.getStatus()).isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
  }

  @Test
  void reflectionListsTheOpenSearchServices() throws Exception {
    assertThat(listServices(channel))
        .contains(
            "org.opensearch.protobufs.services.DocumentService",
            "org.opensearch.protobufs.services.SearchService",
            "grpc.health.v1.Health");
  }

  /** The service names a {@code grpc.reflection.v1} client (such as grpcurl) sees. */
  static List<String> listServices(ManagedChannel channel) throws Exception {
    CompletableFuture<ServerReflectionResponse> answer = new CompletableFuture<>();
    StreamObserver<ServerReflectionRequest> requests =
        ServerReflectionGrpc.newStub(channel)
            .serverReflectionInfo(
                new StreamObserver<>() {
                  @Override
                  public void onNext(ServerReflectionResponse value) {
                    answer.complete(value);
                  }

                  @Override
                  public void onError(Throwable t) {
                    answer.completeExceptionally(t);
                  }

                  @Override
                  public void onCompleted() {}
                });
    requests.onNext(ServerReflectionRequest.newBuilder().setListServices("").build());
    requests.onCompleted();
    return answer.get(10, TimeUnit.SECONDS).getListServicesResponse().getServiceList().stream()
        .map(ServiceResponse::getName)
        .toList();
  }

  @Test
  void createPitWithoutKeepAliveIsInvalidArgumentWithRestReason() {
    assertThatThrownBy(
            () ->
                SearchServiceGrpc.newBlockingStub(channel)
                    .createPit(CreatePitRequest.getDefaultInstance()))
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> {
              assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
              assertThat(e.getStatus().getDescription()).contains("keep alive not specified");
            });
  }

  @Test
  void unknownQueryIsInvalidArgumentWithRestReasonAndStructuredDetails() {
    SearchRequest request =
        SearchRequest.newBuilder()
            .setSearchRequestBody(
                SearchRequestBody.newBuilder()
                    .setQuery(
                        QueryContainer.newBuilder()
                            .setScript(org.opensearch.protobufs.ScriptQuery.getDefaultInstance())))
            .build();

    assertThatThrownBy(() -> SearchServiceGrpc.newBlockingStub(channel).search(request))
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> {
              assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
              assertThat(e.getStatus().getDescription())
                  .startsWith("ParsingException[unknown query [script]]; details={\"error\":");
              com.google.rpc.Status details = StatusProto.fromThrowable(e);
              assertThat(details).isNotNull();
              assertThat(details.getDetails(0).is(ErrorInfo.class)).isTrue();
            });
  }

  @Test
  void oversizedMessageIsResourceExhaustedNamingTheSetting() {
    BulkRequest request =
        BulkRequest.newBuilder()
            .setIndex("big")
            .addBulkRequestBody(
                BulkRequestBody.newBuilder()
                    .setOperationContainer(
                        OperationContainer.newBuilder().setIndex(IndexOperation.newBuilder()))
                    .setObject(
                        ByteString.copyFromUtf8(
                            "{\"text\":\"" + "a".repeat(MAX_MESSAGE_BYTES) + "\"}")))
            .build();

    assertThatThrownBy(() -> DocumentServiceGrpc.newBlockingStub(channel).bulk(request))
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> {
              assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
              // grpc-java's transport writes this status itself, as OpenSearch's (also grpc-java)
              // does: it names the limit, not the setting.
              assertThat(e.getStatus().getDescription())
                  .contains(Integer.toString(MAX_MESSAGE_BYTES));
            });
  }
}
