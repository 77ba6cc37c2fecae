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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.protobufs.DecayFunction;
import org.opensearch.protobufs.DecayPlacement;
import org.opensearch.protobufs.FunctionScoreContainer;
import org.opensearch.protobufs.FunctionScoreQuery;
import org.opensearch.protobufs.HitsMetadataHitsInner;
import org.opensearch.protobufs.MatchPhrasePrefixQuery;
import org.opensearch.protobufs.MultiMatchQuery;
import org.opensearch.protobufs.NumericDecayPlacement;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * The query DSL beyond the basics answers alike on both ports of one node: same ids, same order,
 * same scores. Field boosts in {@code multi_match}, which OpenSearch 3.8's gRPC drops, count on
 * Duet's gRPC as on REST.
 */
class QueryDslCrossProtocolTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @TempDir static Path data;
  private static DuetNode node;
  private static ManagedChannel channel;
  private static SearchServiceGrpc.SearchServiceBlockingStub search;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data), Engines.open(data));
    channel = NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
    search = SearchServiceGrpc.newBlockingStub(channel);
    rest(
        "PUT",
        "/dsl",
        "{\"mappings\":{\"properties\":{\"title\":{\"type\":\"text\"},\"body\":{\"type\":\"text\"},"
            + "\"year\":{\"type\":\"integer\"}}}}");
    rest(
        "POST",
        "/_bulk?refresh=true",
        """
        {"index":{"_index":"dsl","_id":"1"}}
        {"title":"quick fox","body":"a slow dog","year":2001}
        {"index":{"_index":"dsl","_id":"2"}}
        {"title":"slow dog","body":"the quick brown fox jumps","year":2010}
        {"index":{"_index":"dsl","_id":"3"}}
        {"title":"foxes","body":"quick quick quick","year":2020}
        """);
  }

  @AfterAll
  static void stop() throws Exception {
    channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    node.close();
  }

  @Test
  void multiMatchFieldBoostsCountOverGrpcAsOverRest() throws Exception {
    List<String> plain = ids(rest("POST", "/dsl/_search", multiMatchJson("\"title\",\"body\"")));
    String boostedJson = multiMatchJson("\"title\",\"body^5\"");
    JsonNode boosted = rest("POST", "/dsl/_search", boostedJson);
    assertThat(ids(boosted)).isNotEqualTo(plain); // the boost changes the ranking

    var reply =
        grpc(
            QueryContainer.newBuilder()
                .setMultiMatch(
                    MultiMatchQuery.newBuilder()
                        .setQuery("quick fox")
                        .addFields("title")
                        .addFields("body^5")));
    assertSame(boosted, reply);
  }

  @Test
  void phrasePrefixAndFunctionScoreAgreeAcrossPorts() throws Exception {
    assertSame(
        rest(
            "POST",
            "/dsl/_search",
            "{\"query\":{\"match_phrase_prefix\":{\"body\":\"quick br\"}}}"),
        grpc(
            QueryContainer.newBuilder()
                .setMatchPhrasePrefix(
                    MatchPhrasePrefixQuery.newBuilder().setField("body").setQuery("quick br"))));
    assertSame(
        rest(
            "POST",
            "/dsl/_search",
            "{\"query\":{\"function_score\":{\"query\":{\"match\":{\"body\":\"quick\"}},"
                + "\"gauss\":{\"year\":{\"origin\":2020,\"scale\":5}}}}}"),
        grpc(
            QueryContainer.newBuilder()
                .setFunctionScore(
                    FunctionScoreQuery.newBuilder()
                        .setQuery(
                            QueryContainer.newBuilder()
                                .setMatch(
                                    org.opensearch.protobufs.MatchQuery.newBuilder()
                                        .setField("body")
                                        .setQuery(
                                            org.opensearch.protobufs.FieldValue.newBuilder()
                                                .setString("quick"))))
                        .addFunctions(
                            FunctionScoreContainer.newBuilder()
                                .setGauss(
                                    DecayFunction.newBuilder()
                                        .putPlacement(
                                            "year",
                                            DecayPlacement.newBuilder()
                                                .setNumericDecayPlacement(
                                                    NumericDecayPlacement.newBuilder()
                                                        .setOrigin(2020)
                                                        .setScale(5))
                                                .build()))))));
  }

  private static String multiMatchJson(String fields) {
    return "{\"query\":{\"multi_match\":{\"query\":\"quick fox\",\"fields\":[" + fields + "]}}}";
  }

  private static org.opensearch.protobufs.SearchResponse grpc(QueryContainer.Builder query) {
    return search.search(
        org.opensearch.protobufs.SearchRequest.newBuilder()
            .addIndex("dsl")
            .setSearchRequestBody(SearchRequestBody.newBuilder().setQuery(query))
            .build());
  }

  private static void assertSame(JsonNode rest, org.opensearch.protobufs.SearchResponse grpc) {
    List<String> ids = new ArrayList<>();
    List<Float> scores = new ArrayList<>();
    for (HitsMetadataHitsInner hit : grpc.getHits().getHitsList()) {
      ids.add(hit.getXId());
      scores.add((float) hit.getXScore().getDouble());
    }
    assertThat(ids).isNotEmpty().isEqualTo(ids(rest));
    List<Float> restScores = new ArrayList<>();
    rest.path("hits").path("hits").forEach(h -> restScores.add(h.path("_score").floatValue()));
    assertThat(scores).isEqualTo(restScores);
  }

  private static List<String> ids(JsonNode reply) {
    List<String> ids = new ArrayList<>();
    reply.path("hits").path("hits").forEach(h -> ids.add(h.path("_id").asText()));
    return ids;
  }

  private static JsonNode rest(String method, String path, String body) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path))
            .header(
                "content-type",
                path.contains("_bulk") ? "application/x-ndjson" : "application/json")
            .method(method, HttpRequest.BodyPublishers.ofString(body))
            .build();
    HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isBetween(200, 299);
    return JSON.readTree(response.body());
  }
}
