package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.protobufs.BoolQuery;
import org.opensearch.protobufs.FieldValue;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.TermQuery;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * {@code indices.query.bool.max_clause_count} is a node setting: a query over it fails as
 * OpenSearch 3.8 fails (one boolean with too many clauses, or too many leaves in all), with the
 * configured number in the reason, over REST and gRPC alike, and nodes in one JVM keep their own.
 */
class MaxClauseCountTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @TempDir Path data;

  @Test
  void aBoolWithMoreClausesThanTheSettingFailsOnBothPorts() throws Exception {
    NodeConfig config =
        NodeConfig.ephemeral(data).withSettings(Map.of("indices.query.bool.max_clause_count", "4"));
    try (DuetNode node = DuetNode.start(config)) {
      index(node);
      assertThat(rest(node, should(4), 200).path("hits").path("total").path("value").asInt())
          .isEqualTo(1);

      JsonNode error = rest(node, should(5), 400).path("error");
      assertThat(error.path("root_cause").get(0).path("type").asText())
          .isEqualTo("query_shard_exception");
      assertThat(error.path("root_cause").get(0).path("reason").asText())
          .isEqualTo("failed to create query: maxClauseCount is set to 4");
      JsonNode cause = error.path("failed_shards").get(0).path("reason").path("caused_by");
      assertThat(cause.path("type").asText()).isEqualTo("too_many_clauses");
      assertThat(cause.path("reason").asText()).isEqualTo("maxClauseCount is set to 4");

      ManagedChannel channel =
          NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
      try {
        var search = SearchServiceGrpc.newBlockingStub(channel);
        assertThat(search.search(grpcShould(4)).getHits().getHitsCount()).isEqualTo(1);
        assertThatThrownBy(() -> search.search(grpcShould(5)))
            .isInstanceOfSatisfying(
                StatusRuntimeException.class,
                e -> {
                  assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                  assertThat(e.getStatus().getDescription()).contains("maxClauseCount is set to 4");
                });
      } finally {
        channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
      }
    }
  }

  @Test
  void leavesAreCountedOverTheWholeQueryAndTextTermsCount() throws Exception {
    NodeConfig config =
        NodeConfig.ephemeral(data).withSettings(Map.of("indices.query.bool.max_clause_count", "4"));
    try (DuetNode node = DuetNode.start(config)) {
      index(node);
      // Lucene's searcher lets one leaf past the limit: 3 + 2 passes, 3 + 3 does not.
      rest(node, nested(3, 2), 200);
      JsonNode nested = rest(node, nested(3, 3), 400).path("error").path("root_cause").get(0);
      assertThat(nested.path("type").asText()).isEqualTo("too_many_nested_clauses");
      assertThat(nested.path("reason").asText())
          .isEqualTo("Query contains too many nested clauses; maxClauseCount is set to 4");

      JsonNode match =
          rest(node, "{\"query\":{\"match\":{\"t\":\"a b c d e\"}}}", 400).path("error");
      assertThat(match.path("root_cause").get(0).path("reason").asText())
          .isEqualTo("failed to create query: maxClauseCount is set to 4");
      rest(
          node,
          "{\"query\":{\"query_string\":{\"query\":\"a b c d e\",\"default_field\":\"t\"}}}",
          400);
    }
  }

  @Test
  void eachNodeKeepsItsOwnLimitInOneJvm() throws Exception {
    try (DuetNode wide =
            DuetNode.start(
                NodeConfig.ephemeral(data.resolve("wide"))
                    .withSettings(Map.of("indices.query.bool.max_clause_count", "2000")));
        DuetNode standard = DuetNode.start(NodeConfig.ephemeral(data.resolve("standard")))) {
      index(wide);
      index(standard);
      rest(wide, should(1500), 200);
      assertThat(
              rest(standard, should(1500), 400)
                  .path("error")
                  .path("root_cause")
                  .get(0)
                  .path("reason")
                  .asText())
          .isEqualTo("failed to create query: maxClauseCount is set to 1024");
    }
  }

  @Test
  void aLimitBelowOneIsRefusedAtStart() {
    assertThatThrownBy(
            () ->
                NodeConfig.ephemeral(data)
                    .withSettings(Map.of("indices.query.bool.max_clause_count", "0")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("indices.query.bool.max_clause_count: 0");
  }

  private static String should(int clauses) {
    return "{\"query\":{\"bool\":{\"should\":[" + terms("v", clauses) + "]}}}";
  }

  private static String nested(int first, int second) {
    return "{\"query\":{\"bool\":{\"must\":[{\"bool\":{\"should\":["
        + terms("v", first)
        + "]}},{\"bool\":{\"should\":["
        + terms("w", second)
        + "]}}]}}}";
  }

  private static String terms(String prefix, int n) {
    return IntStream.range(0, n)
        .mapToObj(i -> "{\"term\":{\"k\":\"" + (i == 0 ? "a" : prefix + i) + "\"}}")
        .collect(Collectors.joining(","));
  }

  private static org.opensearch.protobufs.SearchRequest grpcShould(int clauses) {
    BoolQuery.Builder bool = BoolQuery.newBuilder();
    for (int i = 0; i < clauses; i++) {
      bool.addShould(
          QueryContainer.newBuilder()
              .setTerm(
                  TermQuery.newBuilder()
                      .setField("k")
                      .setValue(FieldValue.newBuilder().setString(i == 0 ? "a" : "v" + i))));
    }
    return org.opensearch.protobufs.SearchRequest.newBuilder()
        .addIndex("c")
        .setSearchRequestBody(
            SearchRequestBody.newBuilder().setQuery(QueryContainer.newBuilder().setBool(bool)))
        .build();
  }

  private static void index(DuetNode node) throws Exception {
    send(
        node,
        "PUT",
        "/c",
        "{\"mappings\":{\"properties\":{\"k\":{\"type\":\"keyword\"},\"t\":{\"type\":\"text\"}}}}",
        200);
    send(node, "PUT", "/c/_doc/1?refresh=true", "{\"k\":\"a\",\"t\":\"a b\"}", 201);
  }

  private static JsonNode rest(DuetNode node, String body, int status) throws Exception {
    return send(node, "POST", "/c/_search", body, status);
  }

  private static JsonNode send(DuetNode node, String method, String path, String body, int status)
      throws Exception {
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
