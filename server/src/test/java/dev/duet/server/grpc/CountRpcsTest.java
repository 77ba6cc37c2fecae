package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.api.common.CountBody;
import dev.duet.api.search.CountRequest;
import dev.duet.api.search.SearchServiceGrpc;
import dev.duet.engine.Engines;
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
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated {@code duet.search.SearchService/Count} (org.opensearch.protobufs has no count)
 * against REST's {@code _count} on the same node and data: same counts, same failures.
 */
class CountRpcsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path data;
  private static DuetNode node;
  private static ManagedChannel channel;
  private static SearchServiceGrpc.SearchServiceBlockingStub search;
  private static final HttpClient http = HttpClient.newHttpClient();

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data), Engines.open(data));
    channel = NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
    search = SearchServiceGrpc.newBlockingStub(channel);
    rest("PUT", "/books", "{\"mappings\":{\"properties\":{\"title\":{\"type\":\"text\"}}}}");
    rest(
        "POST",
        "/_bulk?refresh=true",
        "{\"index\":{\"_index\":\"books\",\"_id\":\"1\"}}\n{\"title\":\"the quick fox\"}\n"
            + "{\"index\":{\"_index\":\"books\",\"_id\":\"2\"}}\n{\"title\":\"quick quick\"}\n"
            + "{\"index\":{\"_index\":\"books\",\"_id\":\"3\"}}\n{\"title\":\"a lazy dog\"}\n");
  }

  @AfterAll
  static void stop() throws Exception {
    channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    node.close();
  }

  @Test
  void countsEverythingAlike() throws Exception {
    Rest rest = rest("GET", "/books/_count", null);
    var grpc = search.count(CountRequest.newBuilder().setIndex("books").build());
    // As REST JSON: proto3's own JSON mapping would quote the int64 count.
    assertThat(JSON.readTree(RestBodies.json(grpc))).isEqualTo(JSON.readTree(rest.body()));
    assertThat(grpc.getCount()).isEqualTo(3);
  }

  @Test
  void countsAQueryAlike() throws Exception {
    String body = "{\"query\":{\"match\":{\"title\":\"quick\"}}}";
    Rest rest = rest("POST", "/books/_count", body);
    var grpc =
        search.count(CountRequest.newBuilder().setIndex("books").setBody(countBody(body)).build());
    // As REST JSON: proto3's own JSON mapping would quote the int64 count.
    assertThat(JSON.readTree(RestBodies.json(grpc))).isEqualTo(JSON.readTree(rest.body()));
    assertThat(grpc.getCount()).isEqualTo(2);
  }

  @Test
  void failsAlike() throws Exception {
    Rest missing = rest("GET", "/nowhere/_count", null);
    StatusRuntimeException grpcMissing =
        catchThrowableOfType(
            StatusRuntimeException.class,
            () -> search.count(CountRequest.newBuilder().setIndex("nowhere").build()));
    assertThat(missing.status()).isEqualTo(404);
    assertThat(grpcMissing.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);

    String bad = "{\"query\":{\"no_such_query\":{}}}";
    Rest rest = rest("POST", "/books/_count", bad);
    StatusRuntimeException grpc =
        catchThrowableOfType(
            StatusRuntimeException.class,
            () ->
                search.count(
                    CountRequest.newBuilder().setIndex("books").setBody(countBody(bad)).build()));
    assertThat(rest.status()).isEqualTo(400);
    assertThat(grpc.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
    JsonNode error = JSON.readTree(rest.body()).path("error");
    assertThat(grpc.getStatus().getDescription()).contains(error.path("reason").asText());
  }

  private static CountBody countBody(String json) throws Exception {
    // The typed query's JSON shapes (a match given as a string) are REST's, read as the server
    // reads.
    return (CountBody)
        ProtoBodies.read(json.getBytes(StandardCharsets.UTF_8), CountBody.getDefaultInstance());
  }

  private record Rest(int status, String body) {}

  private static Rest rest(String method, String path, String body) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path));
    if (body == null) {
      b.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      b.method(method, HttpRequest.BodyPublishers.ofString(body))
          .header(
              "Content-Type", path.contains("_bulk") ? "application/x-ndjson" : "application/json");
    }
    HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    return new Rest(r.statusCode(), r.body());
  }
}
