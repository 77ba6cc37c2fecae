package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.engine.Engines;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch.core.search.Hit;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;
import org.opensearch.protobufs.BoolQuery;
import org.opensearch.protobufs.FieldValue;
import org.opensearch.protobufs.HitsMetadataHitsInner;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.TermQuery;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * {@code matched_queries}: each hit names the named queries ({@code _name}) it matches, in request
 * order, and with {@code include_named_queries_score} each one's score, over REST (opensearch-java)
 * and gRPC alike, as OpenSearch 3.8 answers {@code search/350_matched_queries}.
 */
class MatchedQueriesClientTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @TempDir static Path data;
  private static DuetNode node;
  private static OpenSearchClient rest;
  private static ManagedChannel channel;
  private static SearchServiceGrpc.SearchServiceBlockingStub search;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data), Engines.open(data));
    rest =
        new OpenSearchClient(
            ApacheHttpClient5TransportBuilder.builder(
                    new HttpHost("http", "127.0.0.1", node.httpPort()))
                .setMapper(new JacksonJsonpMapper())
                .build());
    channel = NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
    search = SearchServiceGrpc.newBlockingStub(channel);
    rest.index(i -> i.index("mq").id("1").document(Map.of("field", 1)));
    rest.index(i -> i.index("mq").id("2").document(Map.of("field", List.of(1, 2))));
    rest.indices().refresh(r -> r.index("mq"));
  }

  @AfterAll
  static void stop() throws Exception {
    channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    node.close();
  }

  @Test
  void restHitsNameTheQueriesTheyMatch() throws Exception {
    var answer =
        rest.search(
            s ->
                s.index("mq")
                    .query(
                        q ->
                            q.bool(
                                b ->
                                    b.should(
                                            c ->
                                                c.term(
                                                    t ->
                                                        t.field("field")
                                                            .value(v -> v.longValue(1))
                                                            .queryName("one")))
                                        .should(
                                            c ->
                                                c.term(
                                                    t ->
                                                        t.field("field")
                                                            .value(v -> v.longValue(2))
                                                            .boost(10f)
                                                            .queryName("two"))))),
            Map.class);
    Map<String, List<String>> matched = new java.util.HashMap<>();
    for (Hit<Map> hit : answer.hits().hits()) {
      matched.put(hit.id(), hit.matchedQueries());
    }
    assertThat(matched)
        .containsEntry("1", List.of("one"))
        .containsEntry("2", List.of("one", "two"));
  }

  @Test
  void restScoresEachNamedQueryWhenAsked() throws Exception {
    JsonNode answer =
        post(
            "/mq/_search?include_named_queries_score=true",
            """
            {"query":{"bool":{"should":[
              {"match":{"field":{"query":1,"_name":"one"}}},
              {"match":{"field":{"query":2,"_name":"two","boost":10}}}]}}}
            """);
    JsonNode top = answer.path("hits").path("hits").get(0);
    assertThat(top.path("_id").asText()).isEqualTo("2");
    assertThat(top.path("matched_queries").path("one").asDouble()).isEqualTo(1.0);
    assertThat(top.path("matched_queries").path("two").asDouble()).isEqualTo(10.0);
    JsonNode unnamed = post("/mq/_search", "{\"query\":{\"term\":{\"field\":1}}}");
    assertThat(unnamed.path("hits").path("hits").get(0).has("matched_queries")).isFalse();
  }

  @Test
  void grpcHitsCarryTheSameNamesAndScores() {
    QueryContainer query =
        QueryContainer.newBuilder()
            .setBool(
                BoolQuery.newBuilder()
                    .addShould(term(1, "one", 1f))
                    .addShould(term(2, "two", 10f))
                    .setXName("either"))
            .build();
    var names =
        search.search(
            org.opensearch.protobufs.SearchRequest.newBuilder()
                .addIndex("mq")
                .setSearchRequestBody(SearchRequestBody.newBuilder().setQuery(query))
                .build());
    HitsMetadataHitsInner top = names.getHits().getHits(0);
    assertThat(top.getXId()).isEqualTo("2");
    // OpenSearch lists them in its HashMap's order, not the request's.
    assertThat(top.getMatchedQueriesList()).containsExactly("either", "one", "two");
    var scored =
        search.search(
            org.opensearch.protobufs.SearchRequest.newBuilder()
                .addIndex("mq")
                .setSearchRequestBody(
                    SearchRequestBody.newBuilder()
                        .setQuery(query)
                        .setIncludeNamedQueriesScore(true))
                .build());
    assertThat(scored.getHits().getHits(0).getMatchedQueries2().getScores().getDoubleMapMap())
        .containsEntry("one", 1.0)
        .containsEntry("two", 10.0)
        .containsKey("either");
  }

  private static QueryContainer term(long value, String name, float boost) {
    return QueryContainer.newBuilder()
        .setTerm(
            TermQuery.newBuilder()
                .setField("field")
                .setValue(
                    FieldValue.newBuilder()
                        .setGeneralNumber(
                            org.opensearch.protobufs.GeneralNumber.newBuilder()
                                .setInt64Value(value)))
                .setBoost(boost)
                .setXName(name))
        .build();
  }

  private static JsonNode post(String path, String body) throws Exception {
    HttpResponse<String> response =
        HTTP.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }
}
