package dev.duet.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.api.cat.CatServiceGrpc;
import dev.duet.api.cat.IndicesRequest;
import dev.duet.api.cluster.ClusterServiceGrpc;
import dev.duet.api.cluster.HealthRequest;
import dev.duet.api.common.HealthStatus;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node restarted with one index's metadata unreadable: it starts, the other index serves, and the
 * failed index is red with its reason in {@code _cluster/health}, listed red in {@code
 * _cat/indices}, refused with a 503 on both protocols, and deletable.
 */
class FailedIndexNodeTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @TempDir Path data;

  @Test
  void aFailedIndexIsReportedRefusedAndDeletableOverRestAndGrpc() throws Exception {
    try (DuetNode node = DuetNode.start(NodeConfig.ephemeral(data))) {
      send(node, "PUT", "/good", "{\"settings\":{\"number_of_replicas\":0}}");
      send(node, "PUT", "/bad", "{\"settings\":{\"number_of_replicas\":0}}");
      send(node, "PUT", "/good/_doc/1?refresh=true", "{\"k\":\"v\"}");
    }
    Files.writeString(folderOf("bad").resolve("index.json"), "{\"name\":\"bad\",\"uuid\":");

    try (DuetNode node = DuetNode.start(NodeConfig.ephemeral(data))) {
      HttpResponse<String> health = send(node, "GET", "/_cluster/health", null);
      JsonNode body = JSON.readTree(health.body());
      assertThat(health.statusCode()).isEqualTo(200);
      assertThat(body.path("status").asText()).isEqualTo("red");
      assertThat(body.path("unassigned_shards").asInt()).isEqualTo(1);
      assertThat(body.path("failed_indices").path(0).path("index").asText()).isEqualTo("bad");
      assertThat(body.path("failed_indices").path(0).path("reason").asText())
          .contains("JsonEOFException");
      assertThat(status(node, "/_cluster/health/good")).isEqualTo("green");

      JsonNode cat = JSON.readTree(send(node, "GET", "/_cat/indices?format=json", null).body());
      assertThat(cat).hasSize(2);
      assertThat(cat.path(0).path("index").asText()).isEqualTo("bad");
      assertThat(cat.path(0).path("health").asText()).isEqualTo("red");
      assertThat(cat.path(0).path("docs.count").isNull()).isTrue();
      assertThat(cat.path(1).path("health").asText()).isEqualTo("green");
      assertThat(send(node, "GET", "/_cat/indices", null).body()).startsWith("red   open bad ");

      HttpResponse<String> search = send(node, "POST", "/bad/_search", "{}");
      assertThat(search.statusCode()).isEqualTo(503);
      assertThat(JSON.readTree(search.body()).path("error").path("type").asText())
          .isEqualTo("no_shard_available_action_exception");
      assertThat(send(node, "PUT", "/bad/_doc/2", "{}").statusCode()).isEqualTo(503);
      assertThat(send(node, "POST", "/good/_search", "{}").statusCode()).isEqualTo(200);

      ManagedChannel channel =
          NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
      try {
        assertThat(
                ClusterServiceGrpc.newBlockingStub(channel)
                    .health(HealthRequest.getDefaultInstance())
                    .getStatus())
            .isEqualTo(HealthStatus.HEALTH_STATUS_RED);
        assertThat(
                CatServiceGrpc.newBlockingStub(channel)
                    .indices(IndicesRequest.getDefaultInstance())
                    .toString())
            .contains("bad");
        assertThatThrownBy(
                () ->
                    dev.duet.api.indices.IndicesServiceGrpc.newBlockingStub(channel)
                        .get(dev.duet.api.indices.GetRequest.newBuilder().setIndex("bad").build()))
            .isInstanceOfSatisfying(
                StatusRuntimeException.class,
                e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE));
      } finally {
        channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
      }

      assertThat(send(node, "DELETE", "/bad", null).statusCode()).isEqualTo(200);
      assertThat(status(node, "/_cluster/health")).isEqualTo("green");
      assertThat(send(node, "HEAD", "/bad", null).statusCode()).isEqualTo(404);
    }
  }

  private static String status(DuetNode node, String path) throws Exception {
    return JSON.readTree(send(node, "GET", path, null).body()).path("status").asText();
  }

  private Path folderOf(String name) throws IOException {
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(data.resolve("indices"))) {
      for (Path dir : dirs) {
        if (Files.readString(dir.resolve("index.json")).contains("\"name\" : \"" + name + "\"")) {
          return dir;
        }
      }
    }
    throw new AssertionError("no folder for " + name);
  }

  private static HttpResponse<String> send(DuetNode node, String method, String path, String body)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path))
            .header("content-type", "application/json")
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
