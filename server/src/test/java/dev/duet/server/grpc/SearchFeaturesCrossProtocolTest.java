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
import org.opensearch.protobufs.FieldAndFormat;
import org.opensearch.protobufs.FieldCollapse;
import org.opensearch.protobufs.FieldValue;
import org.opensearch.protobufs.Highlight;
import org.opensearch.protobufs.HighlightField;
import org.opensearch.protobufs.HitsMetadataHitsInner;
import org.opensearch.protobufs.MatchQuery;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.Rescore;
import org.opensearch.protobufs.RescoreQuery;
import org.opensearch.protobufs.ScoreMode;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.SourceConfig;
import org.opensearch.protobufs.TermQuery;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * The search features of issue 4 (highlight, fields, explain, collapse, terminate_after, rescore)
 * answer alike on both ports of one node, including where OpenSearch 3.8's own gRPC fails
 * (format-less docvalue_fields, rescore).
 */
class SearchFeaturesCrossProtocolTest {
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
        "/feat",
        "{\"mappings\":{\"properties\":{\"body\":{\"type\":\"text\"},\"kind\":{\"type\":"
            + "\"keyword\"},\"year\":{\"type\":\"integer\"}}}}",
        200);
    rest(
        "POST",
        "/_bulk?refresh=true",
        """
        {"index":{"_index":"feat","_id":"1"}}
        {"body":"A quick fox. It ran away into the forest.","kind":"story","year":2001}
        {"index":{"_index":"feat","_id":"2"}}
        {"body":"quick quick cats","kind":"story","year":1999}
        {"index":{"_index":"feat","_id":"3"}}
        {"body":"quick search","kind":"book","year":2020}
        """,
        200);
  }

  @AfterAll
  static void stop() throws Exception {
    channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    node.close();
  }

  @Test
  void highlightFragmentsAgree() throws Exception {
    JsonNode rest =
        rest(
            "POST",
            "/feat/_search",
            "{\"query\":{\"match\":{\"body\":\"fox\"}},\"highlight\":{\"pre_tags\":[\"[\"],"
                + "\"post_tags\":[\"]\"],\"fields\":{\"body\":{}}}}",
            200);
    var reply =
        grpc(
            body(match("body", "fox"))
                .setHighlight(
                    Highlight.newBuilder()
                        .addPreTags("[")
                        .addPostTags("]")
                        .putFields("body", HighlightField.getDefaultInstance())));
    List<String> fragments =
        reply.getHits().getHits(0).getHighlightMap().get("body").getStringArrayList();
    // Sentences are joined while they fit in fragment_size (100).
    assertThat(fragments).containsExactly("A quick [fox]. It ran away into the forest.");
    assertThat(fragments.get(0))
        .isEqualTo(
            rest.path("hits").path("hits").get(0).path("highlight").path("body").get(0).asText());
  }

  @Test
  void docvalueFieldsWithoutFormatAnswerOverGrpcAsOverRest() throws Exception {
    JsonNode rest =
        rest(
            "POST",
            "/feat/_search",
            "{\"query\":{\"ids\":{\"values\":[\"3\"]}},\"docvalue_fields\":[\"kind\",\"year\"]}",
            200);
    var reply =
        grpc(
            SearchRequestBody.newBuilder()
                .setQuery(
                    QueryContainer.newBuilder()
                        .setIds(org.opensearch.protobufs.IdsQuery.newBuilder().addValues("3")))
                .addDocvalueFields(FieldAndFormat.newBuilder().setField("kind"))
                .addDocvalueFields(FieldAndFormat.newBuilder().setField("year")));
    var fields = reply.getHits().getHits(0).getFields().getFieldsMap();
    assertThat(fields.get("kind").getListValue().getValue(0).getString())
        .isEqualTo(
            rest.path("hits").path("hits").get(0).path("fields").path("kind").get(0).asText())
        .isEqualTo("book");
    assertThat(fields.get("year").getListValue().getValue(0).getInt64()).isEqualTo(2020);
  }

  @Test
  void explainedHitsCarryTheTreeOnBothPorts() throws Exception {
    JsonNode rest =
        rest(
            "POST",
            "/feat/_search",
            "{\"query\":{\"match\":{\"body\":\"fox\"}},\"explain\":true}",
            200);
    var reply = grpc(body(match("body", "fox")).setExplain(true));
    HitsMetadataHitsInner hit = reply.getHits().getHits(0);
    JsonNode restHit = rest.path("hits").path("hits").get(0);
    assertThat(hit.getXExplanation().getValue())
        .isEqualTo(restHit.path("_explanation").path("value").floatValue());
    assertThat(hit.getXExplanation().getDescription())
        .isEqualTo(restHit.path("_explanation").path("description").asText());
    assertThat(hit.getXNode()).isEqualTo(restHit.path("_node").asText()).isNotEmpty();
  }

  @Test
  void explainApiAnswersWith200Or404() throws Exception {
    JsonNode found =
        rest("POST", "/feat/_explain/1", "{\"query\":{\"match\":{\"body\":\"fox\"}}}", 200);
    assertThat(found.path("matched").asBoolean()).isTrue();
    assertThat(found.path("explanation").path("details").size()).isPositive();
    JsonNode missing = rest("POST", "/feat/_explain/9", "{\"query\":{\"match_all\":{}}}", 404);
    assertThat(missing.path("matched").asBoolean()).isFalse();
    JsonNode invalid = rest("POST", "/feat/_explain/1", "{}", 400);
    assertThat(invalid.path("error").path("type").asText())
        .isEqualTo("action_request_validation_exception");
  }

  @Test
  void collapseTerminateAfterAndRescoreAgree() throws Exception {
    JsonNode collapsed =
        rest(
            "POST",
            "/feat/_search",
            "{\"query\":{\"match\":{\"body\":\"quick\"}},\"collapse\":{\"field\":\"kind\"}}",
            200);
    assertSameHits(
        collapsed,
        grpc(
            body(match("body", "quick")).setCollapse(FieldCollapse.newBuilder().setField("kind"))));
    assertThat(ids(collapsed)).hasSize(2);

    JsonNode terminated = rest("POST", "/feat/_search", "{\"terminate_after\":1}", 200);
    var terminatedGrpc = grpc(SearchRequestBody.newBuilder().setTerminateAfter(1));
    assertThat(terminated.path("terminated_early").asBoolean()).isTrue();
    assertThat(terminatedGrpc.getTerminatedEarly()).isTrue();
    assertSameHits(terminated, terminatedGrpc);

    JsonNode rescored =
        rest(
            "POST",
            "/feat/_search",
            "{\"query\":{\"match\":{\"body\":\"quick\"}},\"rescore\":{\"window_size\":3,"
                + "\"query\":{\"rescore_query\":{\"term\":{\"kind\":\"book\"}},"
                + "\"rescore_query_weight\":5,\"score_mode\":\"max\"}}}",
            200);
    var rescoredGrpc =
        grpc(
            body(match("body", "quick"))
                .addRescore(
                    Rescore.newBuilder()
                        .setWindowSize(3)
                        .setQuery(
                            RescoreQuery.newBuilder()
                                .setRescoreQuery(
                                    QueryContainer.newBuilder()
                                        .setTerm(
                                            TermQuery.newBuilder()
                                                .setField("kind")
                                                .setValue(
                                                    FieldValue.newBuilder().setString("book"))))
                                .setRescoreQueryWeight(5)
                                .setScoreMode(ScoreMode.SCORE_MODE_MAX))));
    assertThat(ids(rescored).get(0)).isEqualTo("3");
    assertSameHits(rescored, rescoredGrpc);
  }

  @Test
  void profileAnswersOverGrpcWithTheTreeRestShows() throws Exception {
    JsonNode rest =
        rest(
            "POST",
            "/feat/_search",
            "{\"query\":{\"match\":{\"body\":\"fox\"}},\"profile\":true}",
            200);
    JsonNode restQuery =
        rest.path("profile").path("shards").get(0).path("searches").get(0).path("query").get(0);
    var profile = grpc(body(match("body", "fox")).setProfile(true)).getProfile();
    var query = profile.getShards(0).getSearches(0).getQuery(0);
    assertThat(query.getType()).isEqualTo(restQuery.path("type").asText()).isEqualTo("TermQuery");
    assertThat(query.getDescription()).isEqualTo(restQuery.path("description").asText());
    assertThat(query.getBreakdown().getCreateWeightCount()).isEqualTo(1);
    assertThat(profile.getShards(0).getSearches(0).getCollector(0).getReason())
        .isEqualTo("search_top_hits");
    assertThat(profile.getShards(0).getId()).endsWith("[feat][0]");
  }

  private static SearchRequestBody.Builder body(QueryContainer.Builder query) {
    return SearchRequestBody.newBuilder()
        .setQuery(query)
        .setXSource(SourceConfig.newBuilder().setFetch(false));
  }

  private static QueryContainer.Builder match(String field, String text) {
    return QueryContainer.newBuilder()
        .setMatch(
            MatchQuery.newBuilder()
                .setField(field)
                .setQuery(FieldValue.newBuilder().setString(text)));
  }

  private static org.opensearch.protobufs.SearchResponse grpc(SearchRequestBody.Builder body) {
    return search.search(
        org.opensearch.protobufs.SearchRequest.newBuilder()
            .addIndex("feat")
            .setSearchRequestBody(body)
            .build());
  }

  private static void assertSameHits(JsonNode rest, org.opensearch.protobufs.SearchResponse grpc) {
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

  private static JsonNode rest(String method, String path, String body, int status)
      throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path))
            .header(
                "content-type",
                path.contains("_bulk") ? "application/x-ndjson" : "application/json")
            .method(method, HttpRequest.BodyPublishers.ofString(body))
            .build();
    HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }
}
