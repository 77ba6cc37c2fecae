package dev.duet.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.RegexpQuery;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * The runaway requests a fuzzer found get a 400 naming the limit over REST (OpenSearch's error
 * shape) and INVALID_ARGUMENT over gRPC, or answer normally, instead of running for seconds.
 */
class HostileQueriesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @TempDir Path data;
  DuetNode node;

  @BeforeEach
  void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data));
    send(
        "PUT",
        "/c",
        "{\"mappings\":{\"properties\":{\"k\":{\"type\":\"keyword\"},\"t\":{\"type\":\"text\"}}}}",
        200);
    send("PUT", "/c/_doc/1?refresh=true", "{\"k\":\"abc\",\"t\":\"hello world\"}", 201);
  }

  @AfterEach
  void stop() {
    node.close();
  }

  @Test
  void regexBombsAre400sOnBothPorts() throws Exception {
    JsonNode error =
        send("POST", "/c/_search", "{\"query\":{\"regexp\":{\"k\":\"a{2147483647}\"}}}", 400)
            .path("error");
    assertThat(error.toString())
        .contains("query_shard_exception")
        .contains("too_complex_to_determinize_exception")
        .contains("determinize work limit of [10000]");

    JsonNode include =
        send(
            "POST",
            "/c/_search",
            "{\"size\":0,\"aggs\":{\"a\":{\"terms\":{\"field\":\"k\",\"include\":"
                + "\"a{1,1000}{1,1000}\"}}}}",
            400);
    assertThat(include.path("status").asInt()).isEqualTo(400);

    ManagedChannel channel =
        NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
    try {
      SearchRequest regexp =
          SearchRequest.newBuilder()
              .addIndex("c")
              .setSearchRequestBody(
                  SearchRequestBody.newBuilder()
                      .setQuery(
                          QueryContainer.newBuilder()
                              .setRegexp(
                                  RegexpQuery.newBuilder()
                                      .setField("k")
                                      .setValue("[a-z]{1,100000}"))))
              .build();
      assertThatThrownBy(() -> SearchServiceGrpc.newBlockingStub(channel).search(regexp))
          .isInstanceOfSatisfying(
              StatusRuntimeException.class,
              e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT));
    } finally {
      channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void aWildcardOfTenThousandStarsAnswers() throws Exception {
    String stars = "*".repeat(10_000);
    JsonNode r =
        send("POST", "/c/_search", "{\"query\":{\"wildcard\":{\"k\":\"" + stars + "\"}}}", 200);
    assertThat(r.path("hits").path("total").path("value").asInt()).isEqualTo(1);
  }

  @Test
  void analyzeWithAWideNgramOverLongTextIsA400NamingTheSetting() throws Exception {
    String text = "x".repeat(100_000);
    JsonNode r =
        send(
            "POST",
            "/_analyze",
            "{\"tokenizer\":\"standard\",\"filter\":[{\"type\":\"ngram\",\"min_gram\":1,"
                + "\"max_gram\":1000}],\"text\":\""
                + text
                + "\"}",
            400);
    assertThat(r.path("error").path("reason").asText()).contains("[index.max_ngram_diff]");
  }

  private JsonNode send(String method, String path, String body, int status) throws Exception {
    HttpResponse<String> response =
        HTTP.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path))
                .header("content-type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }
}
