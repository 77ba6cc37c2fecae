package dev.duet.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch._types.SortOrder;
import org.opensearch.client.opensearch.core.BulkResponse;
import org.opensearch.client.opensearch.core.GetResponse;
import org.opensearch.client.opensearch.core.SearchResponse;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5Transport;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * A real node driven by the real opensearch-java client: the calls an application makes, the port
 * layout, and data surviving a clean restart.
 */
class DuetNodeTest {
  @TempDir Path dataDir;

  @SuppressWarnings("rawtypes")
  @Test
  void theOpenSearchJavaClientWorksAgainstDuet() throws Exception {
    try (DuetNode node = DuetNode.start(NodeConfig.ephemeral(dataDir));
        ApacheHttpClient5Transport transport = transport(node)) {
      OpenSearchClient client = new OpenSearchClient(transport);

      assertThat(client.info().version().distribution()).isEqualTo("opensearch");
      assertThat(client.info().version().number()).startsWith("3.");

      client
          .indices()
          .create(
              c ->
                  c.index("people")
                      .settings(s -> s.numberOfReplicas(0))
                      .mappings(
                          m ->
                              m.properties("name", p -> p.text(t -> t))
                                  .properties("team", p -> p.keyword(k -> k))
                                  .properties("age", p -> p.integer(i -> i))));
      assertThat(client.indices().exists(e -> e.index("people")).value()).isTrue();

      BulkResponse bulk =
          client.bulk(
              b ->
                  b.refresh(Refresh.True)
                      .operations(
                          o ->
                              o.index(
                                  i ->
                                      i.index("people")
                                          .id("1")
                                          .document(
                                              Map.of(
                                                  "name", "Alice Smith", "team", "a", "age", 31))))
                      .operations(
                          o ->
                              o.index(
                                  i ->
                                      i.index("people")
                                          .id("2")
                                          .document(
                                              Map.of("name", "Bob Smith", "team", "b", "age", 25))))
                      .operations(
                          o ->
                              o.create(
                                  c ->
                                      c.index("people")
                                          .id("3")
                                          .document(
                                              Map.of(
                                                  "name",
                                                  "Carol Jones",
                                                  "team",
                                                  "a",
                                                  "age",
                                                  40)))));
      assertThat(bulk.errors()).isFalse();
      assertThat(bulk.items()).extracting(i -> i.status()).containsExactly(201, 201, 201);

      GetResponse<Map> alice = client.get(g -> g.index("people").id("1"), Map.class);
      assertThat(alice.found()).isTrue();
      assertThat(alice.source()).containsEntry("name", "Alice Smith");
      assertThat(client.get(g -> g.index("people").id("404"), Map.class).found()).isFalse();

      SearchResponse<Map> smiths =
          client.search(
              s ->
                  s.index("people")
                      .query(q -> q.match(m -> m.field("name").query(FieldValue.of("smith"))))
                      .sort(o -> o.field(f -> f.field("age").order(SortOrder.Desc))),
              Map.class);
      assertThat(smiths.hits().total().value()).isEqualTo(2);
      assertThat(smiths.hits().hits()).extracting(h -> h.id()).containsExactly("1", "2");

      SearchResponse<Map> teamA =
          client.search(
              s ->
                  s.index("people")
                      .query(
                          q ->
                              q.bool(
                                  b ->
                                      b.filter(
                                              f ->
                                                  f.term(
                                                      t ->
                                                          t.field("team")
                                                              .value(FieldValue.of("a"))))
                                          .mustNot(
                                              n ->
                                                  n.range(
                                                      r ->
                                                          r.field("age")
                                                              .gt(
                                                                  org.opensearch.client.json
                                                                      .JsonData.of(35))))))
                      .source(src -> src.filter(f -> f.includes(List.of("name")))),
              Map.class);
      assertThat(teamA.hits().hits()).hasSize(1);
      assertThat(teamA.hits().hits().get(0).source()).isEqualTo(Map.of("name", "Alice Smith"));

      client.index(i -> i.index("people").id("4").document(Map.of("name", "Dan", "age", 19)));
      client.indices().refresh(r -> r.index("people"));
      assertThat(client.count(c -> c.index("people")).count()).isEqualTo(4);

      assertThat(client.cluster().health().numberOfNodes()).isEqualTo(1);
      assertThat(client.cat().indices().valueBody())
          .anySatisfy(r -> assertThat(r.index()).isEqualTo("people"));
      assertThat(
              client
                  .indices()
                  .getMapping(m -> m.index("people"))
                  .result()
                  .get("people")
                  .mappings()
                  .properties())
          .containsKeys("name", "team", "age");

      assertThatThrownBy(() -> client.get(g -> g.index("missing").id("1"), Map.class))
          .isInstanceOfSatisfying(
              OpenSearchException.class,
              e -> {
                assertThat(e.status()).isEqualTo(404);
                assertThat(e.error().type()).isEqualTo("index_not_found_exception");
              });
    }
  }

  @Test
  void documentsSurviveACleanRestart() throws Exception {
    try (DuetNode node = DuetNode.start(NodeConfig.ephemeral(dataDir))) {
      var r =
          send(
              node,
              "POST",
              "/_bulk",
              "{\"index\":{\"_index\":\"kept\",\"_id\":\"1\"}}\n{\"v\":1}\n"
                  + "{\"index\":{\"_index\":\"kept\",\"_id\":\"2\"}}\n{\"v\":2}\n");
      assertThat(r.statusCode()).isEqualTo(200);
    }
    try (DuetNode node = DuetNode.start(NodeConfig.ephemeral(dataDir))) {
      assertThat(send(node, "GET", "/kept/_doc/2", null).body()).contains("\"_source\":{\"v\":2}");
      var search = send(node, "GET", "/kept/_search", null);
      assertThat(search.body()).contains("\"total\":{\"value\":2,\"relation\":\"eq\"}");
    }
  }

  @Test
  void searchMaxBucketsFailsASearchWithMoreBucketsAsOpenSearchDoes() throws Exception {
    try (DuetNode node = DuetNode.start(NodeConfig.ephemeral(dataDir).withMaxBuckets(2))) {
      String base = "http://127.0.0.1:" + node.httpPort();
      HttpClient http = HttpClient.newHttpClient();
      send(
          http,
          base + "/_bulk?refresh=true",
          "{\"index\":{\"_index\":\"b\",\"_id\":\"1\"}}\n{\"k\":\"x\"}\n"
              + "{\"index\":{\"_index\":\"b\",\"_id\":\"2\"}}\n{\"k\":\"y\"}\n"
              + "{\"index\":{\"_index\":\"b\",\"_id\":\"3\"}}\n{\"k\":\"z\"}\n");
      HttpResponse<String> two =
          send(
              http,
              base + "/b/_search",
              "{\"size\":0,\"aggs\":{\"t\":{\"terms\":{\"field\":\"k.keyword\",\"size\":2}}}}");
      HttpResponse<String> three =
          send(
              http,
              base + "/b/_search",
              "{\"size\":0,\"aggs\":{\"t\":{\"terms\":{\"field\":\"k.keyword\"}}}}");

      assertThat(two.statusCode()).isEqualTo(200);
      assertThat(three.statusCode()).isEqualTo(503);
      assertThat(three.body())
          .contains("too_many_buckets_exception")
          .contains("Must be less than or equal to: [2] but was [3]");
    }
  }

  private static HttpResponse<String> send(HttpClient http, String url, String body)
      throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create(url))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /**
   * The gRPC port speaks HTTP/2 gRPC only: a REST request there gets no REST answer (OpenSearch
   * 3.8.0's gRPC port, grpc-java's server too, answers an HTTP/1.1 request with an HTTP/2 GOAWAY).
   */
  @Test
  void restIsNotServedOnTheGrpcPort() throws Exception {
    try (DuetNode node = DuetNode.start(NodeConfig.ephemeral(dataDir))) {
      assertThat(node.httpPort()).isNotEqualTo(node.grpcPort()).isPositive();
      HttpResponse<String> onGrpcPort;
      try {
        onGrpcPort =
            HttpClient.newHttpClient()
                .send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.grpcPort() + "/"))
                        .timeout(java.time.Duration.ofSeconds(30))
                        .build(),
                    HttpResponse.BodyHandlers.ofString());
      } catch (java.io.IOException e) {
        return; // no HTTP/1.1 answer at all
      }
      assertThat(onGrpcPort.statusCode()).isNotEqualTo(200);
      assertThat(onGrpcPort.body()).doesNotContain("opensearch");
    }
  }

  @Test
  void grpcIsServedOnTheGrpcPortOnly() throws Exception {
    try (DuetNode node = DuetNode.start(NodeConfig.ephemeral(dataDir))) {
      assertThat(health(node.grpcPort()).getStatus())
          .isEqualTo(io.grpc.health.v1.HealthCheckResponse.ServingStatus.SERVING);
      assertThatThrownBy(() -> health(node.httpPort()))
          .isInstanceOf(io.grpc.StatusRuntimeException.class);
    }
  }

  private static io.grpc.health.v1.HealthCheckResponse health(int port)
      throws InterruptedException {
    io.grpc.ManagedChannel channel =
        io.grpc.ManagedChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
    try {
      return io.grpc.health.v1.HealthGrpc.newBlockingStub(channel)
          .withDeadlineAfter(10, java.util.concurrent.TimeUnit.SECONDS)
          .check(io.grpc.health.v1.HealthCheckRequest.getDefaultInstance());
    } finally {
      channel.shutdownNow().awaitTermination(5, java.util.concurrent.TimeUnit.SECONDS);
    }
  }

  @Test
  void aTakenPortFailsTheStartWithoutLeakingTheEngine() throws Exception {
    try (DuetNode first = DuetNode.start(NodeConfig.ephemeral(dataDir))) {
      NodeConfig clash =
          NodeConfig.ephemeral(dataDir.resolve("other")).withHttpPort(first.httpPort());
      assertThatThrownBy(() -> DuetNode.start(clash)).isNotNull();
      // The data directory of the failed node can be opened again: its engine was closed.
      try (DuetNode again = DuetNode.start(NodeConfig.ephemeral(dataDir.resolve("other")))) {
        assertThat(again.httpPort()).isPositive();
      }
    }
  }

  private static ApacheHttpClient5Transport transport(DuetNode node) {
    return ApacheHttpClient5TransportBuilder.builder(
            new HttpHost("http", "127.0.0.1", node.httpPort()))
        .setMapper(new JacksonJsonpMapper())
        .build();
  }

  private static HttpResponse<String> send(DuetNode node, String method, String path, String body)
      throws IOException, InterruptedException {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path));
    b.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      b.header("Content-Type", "application/x-ndjson");
    }
    return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
  }
}
