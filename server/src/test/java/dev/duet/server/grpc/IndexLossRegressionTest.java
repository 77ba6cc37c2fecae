package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.api.common.AliasAction;
import dev.duet.api.common.AliasActionTarget;
import dev.duet.api.common.UpdateAliasesBody;
import dev.duet.api.indices.IndicesServiceGrpc;
import dev.duet.api.indices.UpdateAliasesRequest;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The index lost in a gRPC fuzz run: {@code IndicesService/UpdateAliases} with a {@code
 * remove_index} whose {@code index} was an empty string resolved as "no expression", that is every
 * index, and deleted them all while answering OK. Each form of it is now refused and the seeded
 * index survives, over gRPC and REST.
 */
class IndexLossRegressionTest {
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @TempDir Path data;

  @Test
  void removeIndexWithAnEmptyOrBlankNameOrAnAliasDeletesNothing() throws Exception {
    try (DuetNode node = DuetNode.start(NodeConfig.ephemeral(data))) {
      assertThat(rest(node, "PUT", "/seeded", "{\"aliases\":{\"al\":{}}}").statusCode())
          .isEqualTo(200);
      ManagedChannel channel =
          NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
      try {
        var indices = IndicesServiceGrpc.newBlockingStub(channel);
        List<AliasActionTarget> targets =
            List.of(
                AliasActionTarget.newBuilder().setIndex("").build(),
                AliasActionTarget.newBuilder().addIndices("").build(),
                AliasActionTarget.newBuilder().setIndex(" ").build(),
                AliasActionTarget.newBuilder().setIndex(",").build(),
                AliasActionTarget.newBuilder().setIndex("al").build());
        for (AliasActionTarget target : targets) {
          UpdateAliasesRequest request =
              UpdateAliasesRequest.newBuilder()
                  .setBody(
                      UpdateAliasesBody.newBuilder()
                          .addActions(AliasAction.newBuilder().setRemoveIndex(target)))
                  .build();
          assertThatThrownBy(() -> indices.updateAliases(request))
              .as("remove_index %s", target)
              .isInstanceOfSatisfying(
                  StatusRuntimeException.class,
                  e ->
                      assertThat(e.getStatus().getCode())
                          .isIn(Status.Code.INVALID_ARGUMENT, Status.Code.NOT_FOUND));
          assertThat(rest(node, "HEAD", "/seeded", null).statusCode()).isEqualTo(200);
        }
      } finally {
        channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
      }
      for (String body :
          List.of(
              "{\"actions\":[{\"remove_index\":{\"index\":\"\"}}]}",
              "{\"actions\":[{\"remove_index\":{\"index\":\" \"}}]}")) {
        assertThat(rest(node, "POST", "/_aliases", body).statusCode()).isBetween(400, 404);
      }
      assertThat(rest(node, "DELETE", "/%20", null).statusCode()).isEqualTo(404);
      assertThat(rest(node, "HEAD", "/seeded", null).statusCode()).isEqualTo(200);
    }
  }

  private static HttpResponse<String> rest(DuetNode node, String method, String path, String body)
      throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path))
            .header("content-type", "application/json")
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
