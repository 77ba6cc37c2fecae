package dev.duet.server.rest;

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
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.protobufs.AggregationContainer;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.TermsAggregation;
import org.opensearch.protobufs.TermsAggregationFields;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * {@code indices.breaker.request.limit} over both ports: its defaults as OpenSearch 3.8 lists them,
 * a live change through {@code _cluster/settings}, and the 429 {@code circuit_breaking_exception}
 * (RESOURCE_EXHAUSTED on gRPC) of a search whose aggregation passes it, in OpenSearch's shape.
 */
class RequestBreakerApiTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dataDir;

  @Test
  void aLowLimitTripsAggregationsOnBothPortsUntilItIsReset() throws Exception {
    try (DuetNode node = DuetNode.start(NodeConfig.ephemeral(dataDir))) {
      var http = new RestClient(node.httpPort());
      StringBuilder bulk = new StringBuilder();
      for (int i = 0; i < 50; i++) {
        bulk.append("{\"index\":{\"_index\":\"b\"}}\n{\"tag\":\"t").append(i).append("\"}\n");
      }
      assertThat(
              http.send("POST", "/_bulk?refresh=true", bulk.toString(), "application/x-ndjson")
                  .status())
          .isEqualTo(200);
      JsonNode defaults =
          JSON.readTree(
                  http.send("GET", "/_cluster/settings?include_defaults=true&flat_settings=true")
                      .body())
              .path("defaults");
      assertThat(defaults.path("indices.breaker.request.limit").asText()).isEqualTo("60%");
      assertThat(defaults.path("indices.breaker.total.limit").asText()).isEqualTo("95%");
      assertThat(defaults.path("network.breaker.inflight_requests.limit").asText())
          .isEqualTo("100%");

      assertThat(
              http.send(
                      "PUT",
                      "/_cluster/settings",
                      "{\"transient\":{\"indices.breaker.request.limit\":\"1kb\"}}")
                  .status())
          .isEqualTo(200);
      String aggs = "{\"size\":0,\"aggs\":{\"t\":{\"terms\":{\"field\":\"tag.keyword\"}}}}";
      var tripped = http.send("POST", "/b/_search", aggs);

      assertThat(tripped.status()).isEqualTo(429);
      JsonNode error = JSON.readTree(tripped.body()).path("error");
      assertThat(error.path("type").asText()).isEqualTo("search_phase_execution_exception");
      JsonNode cause = error.path("root_cause").path(0);
      assertThat(cause.path("type").asText()).isEqualTo("circuit_breaking_exception");
      assertThat(cause.path("reason").asText())
          .startsWith("[request] Data too large, data for [<agg [t]>] would be [")
          .endsWith("], which is larger than the limit of [1024/1kb]");
      assertThat(cause.path("durability").asText()).isEqualTo("TRANSIENT");

      ManagedChannel channel =
          NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
      try {
        SearchRequest search =
            SearchRequest.newBuilder()
                .addIndex("b")
                .setSearchRequestBody(
                    SearchRequestBody.newBuilder()
                        .setSize(0)
                        .putAggregations(
                            "t",
                            AggregationContainer.newBuilder()
                                .setTermsAggregation(
                                    TermsAggregation.newBuilder()
                                        .setTerms(
                                            TermsAggregationFields.newBuilder()
                                                .setField("tag.keyword")))
                                .build()))
                .build();
        var stub = SearchServiceGrpc.newBlockingStub(channel);
        assertThatThrownBy(() -> stub.search(search))
            .isInstanceOfSatisfying(
                StatusRuntimeException.class,
                e -> {
                  assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
                  assertThat(e.getStatus().getDescription()).contains("circuit_breaking_exception");
                });

        http.send(
            "PUT",
            "/_cluster/settings",
            "{\"transient\":{\"indices.breaker.request.limit\":null}}");
        assertThat(http.send("POST", "/b/_search", aggs).status()).isEqualTo(200);
        assertThat(stub.search(search).getAggregationsMap()).containsKey("t");
      } finally {
        channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
      }
      assertThat(node.engine().breakers().request().used()).isZero();
    }
  }

  @Test
  void aBadLimitIsRefusedInOpenSearchWords() throws Exception {
    try (DuetNode node = DuetNode.start(NodeConfig.ephemeral(dataDir))) {
      var http = new RestClient(node.httpPort());
      var refused =
          http.send(
              "PUT",
              "/_cluster/settings",
              "{\"transient\":{\"indices.breaker.request.limit\":\"lots\"}}");

      assertThat(refused.status()).isEqualTo(400);
      assertThat(refused.body())
          .contains(
              "failed to parse setting [indices.breaker.request.limit] with value [lots] as a"
                  + " size in bytes: unit is missing or unrecognized");
      var percent =
          http.send(
              "PUT",
              "/_cluster/settings",
              "{\"transient\":{\"indices.breaker.total.limit\":\"120%\"}}");
      assertThat(percent.status()).isEqualTo(400);
      assertThat(percent.body()).contains("percentage should be in [0-100], got [120]");
    }
  }
}
