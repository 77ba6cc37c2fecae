package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.protobufs.FieldValue;
import org.opensearch.protobufs.HitsMetadataHitsInner;
import org.opensearch.protobufs.MatchQuery;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * The {@code _search} URL parameters that mirror body options (explain, stored_fields,
 * docvalue_fields, terminate_after, timeout, track_scores, version, seq_no_primary_term) win over
 * the body as in OpenSearch 3.8; version, seq_no_primary_term and track_scores also answer from the
 * body and over gRPC.
 */
class SearchUrlParamsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final String MATCH = "{\"query\":{\"match\":{\"t\":\"hello\"}}";

  @TempDir static Path data;
  private static DuetNode node;
  private static ManagedChannel channel;
  private static SearchServiceGrpc.SearchServiceBlockingStub search;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data));
    channel = NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
    search = SearchServiceGrpc.newBlockingStub(channel);
    send(
        "PUT",
        "/u",
        "{\"mappings\":{\"properties\":{\"k\":{\"type\":\"keyword\"},\"n\":{\"type\":\"long\"},"
            + "\"t\":{\"type\":\"text\"}}}}",
        200);
    send(
        "POST",
        "/_bulk?refresh=true",
        """
        {"index":{"_index":"u","_id":"1"}}
        {"k":"a","n":1,"t":"hello world"}
        {"index":{"_index":"u","_id":"2"}}
        {"k":"b","n":2,"t":"hello hello hello world"}
        {"index":{"_index":"u","_id":"3"}}
        {"k":"c","n":3,"t":"hello there"}
        """,
        200);
    send("PUT", "/u/_doc/1?refresh=true", "{\"k\":\"a\",\"n\":1,\"t\":\"hello world\"}", 200);
  }

  @AfterAll
  static void stop() throws Exception {
    channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    node.close();
  }

  @Test
  void explainInTheUrlWinsOverTheBody() throws Exception {
    String body = MATCH + ",\"explain\":true}";
    assertThat(first(search("explain=false", body)).has("_explanation")).isFalse();
    // OpenSearch reads an empty explain as unset, which also unsets the body's.
    assertThat(first(search("explain", body)).has("_explanation")).isFalse();
    assertThat(first(search("explain=true", MATCH + "}")).has("_explanation")).isTrue();
    JsonNode bad = search("explain=yes", body, 400);
    assertThat(bad.path("error").path("reason").asText())
        .isEqualTo("Failed to parse value [yes] as only [true] or [false] are allowed.");
  }

  @Test
  void storedFieldsReplaceTheBodysAndDocvalueFieldsAddToThem() throws Exception {
    String body = MATCH + ",\"docvalue_fields\":[\"k\"],\"stored_fields\":[\"_source\"]}";
    JsonNode bodyOnly = first(search("", body));
    assertThat(bodyOnly.has("_source")).isTrue(); // stored_fields naming _source keeps it
    JsonNode hit = first(search("stored_fields=k&docvalue_fields=n", body));
    assertThat(hit.has("_source")).isFalse();
    assertThat(hit.path("fields").has("k")).isTrue();
    assertThat(hit.path("fields").has("n")).isTrue();
    JsonNode mixed = search("stored_fields=_none_,k", body, 400);
    assertThat(mixed.path("error").path("reason").asText())
        .isEqualTo("cannot combine _none_ with other fields");
  }

  @Test
  void versionAndSeqNoFromTheUrlOrTheBody() throws Exception {
    JsonNode fromUrl = search("version=true&seq_no_primary_term=true", idsBody("1", ""), 200);
    JsonNode hit = first(fromUrl);
    assertThat(hit.path("_version").asLong()).isEqualTo(2);
    assertThat(hit.path("_seq_no").asLong()).isEqualTo(3);
    assertThat(hit.path("_primary_term").asLong()).isEqualTo(1);
    JsonNode fromBody =
        first(search("", idsBody("1", ",\"version\":true,\"seq_no_primary_term\":true")));
    assertThat(fromBody.path("_version").asLong()).isEqualTo(2);
    assertThat(fromBody.path("_seq_no").asLong()).isEqualTo(3);
    JsonNode unset =
        first(
            search(
                "version=false", idsBody("1", ",\"version\":true,\"seq_no_primary_term\":true")));
    assertThat(unset.has("_version")).isFalse();
    assertThat(unset.has("_seq_no")).isTrue();
  }

  @Test
  void trackScoresScoresFieldSortedHitsAndMaxScoreCoversAllMatches() throws Exception {
    JsonNode untracked = search("sort=n&size=1", MATCH + "}");
    assertThat(first(untracked).path("_score").isNull()).isTrue();
    assertThat(untracked.path("hits").path("max_score").isNull()).isTrue();

    JsonNode tracked = search("sort=n&size=1&track_scores=true", MATCH + "}");
    JsonNode scored = search("size=3", MATCH + "}");
    double best = scored.path("hits").path("max_score").asDouble();
    double ofDoc1 = 0;
    for (JsonNode h : scored.path("hits").path("hits")) {
      if (h.path("_id").asText().equals("1")) {
        ofDoc1 = h.path("_score").asDouble();
      }
    }
    assertThat(first(tracked).path("_id").asText()).isEqualTo("1");
    assertThat(first(tracked).path("_score").asDouble()).isEqualTo(ofDoc1).isLessThan(best);
    assertThat(tracked.path("hits").path("max_score").asDouble()).isEqualTo(best);
    // The body's track_scores, and the URL turning it off again.
    String body = MATCH + ",\"track_scores\":true,\"sort\":[{\"n\":\"asc\"}]}";
    assertThat(first(search("", body)).path("_score").isNull()).isFalse();
    assertThat(first(search("track_scores=false", body)).path("_score").isNull()).isTrue();
  }

  @Test
  void terminateAfterAndTimeoutFromTheUrl() throws Exception {
    JsonNode terminated = search("terminate_after=1", MATCH + "}");
    assertThat(terminated.path("terminated_early").asBoolean()).isTrue();
    assertThat(terminated.path("hits").path("total").path("value").asInt()).isEqualTo(1);
    assertThat(search("terminate_after=-1", MATCH + "}", 400).path("error").path("reason").asText())
        .isEqualTo("terminateAfter must be > 0");
    JsonNode notInt = search("terminate_after=abc", MATCH + "}", 400).path("error");
    assertThat(notInt.path("reason").asText())
        .isEqualTo("Failed to parse int parameter [terminate_after] with value [abc]");
    assertThat(notInt.path("caused_by").path("type").asText()).isEqualTo("number_format_exception");
    assertThat(search("timeout=abc", MATCH + "}", 400).path("error").path("reason").asText())
        .isEqualTo(
            "failed to parse setting [timeout] with value [abc] as a time value: unit is missing"
                + " or unrecognized");
    assertThat(search("timeout=1m", MATCH + "}").path("timed_out").asBoolean()).isFalse();
  }

  @Test
  void grpcCarriesVersionsTrackedScoresAndRequestDocvalueFields() {
    var reply =
        search.search(
            org.opensearch.protobufs.SearchRequest.newBuilder()
                .addIndex("u")
                .addDocvalueFields("k")
                .setSearchRequestBody(
                    SearchRequestBody.newBuilder()
                        .setQuery(
                            QueryContainer.newBuilder()
                                .setMatch(
                                    MatchQuery.newBuilder()
                                        .setField("t")
                                        .setQuery(FieldValue.newBuilder().setString("hello"))))
                        .addSort(
                            org.opensearch.protobufs.SortCombinations.newBuilder().setField("n"))
                        .setSize(1)
                        .setVersion(true)
                        .setSeqNoPrimaryTerm(true)
                        .setTrackScores(true))
                .build());
    HitsMetadataHitsInner hit = reply.getHits().getHits(0);
    assertThat(hit.getXId()).isEqualTo("1");
    assertThat(hit.getXVersion()).isEqualTo(2);
    assertThat(hit.getXSeqNo()).isEqualTo(3);
    assertThat(hit.getXPrimaryTerm()).isEqualTo(1);
    assertThat(hit.getXScore().hasDouble()).isTrue();
    assertThat(reply.getHits().getMaxScore().hasFloat()).isTrue();
    assertThat(hit.getFields().getFieldsMap()).containsKey("k");
  }

  private static String idsBody(String id, String more) {
    return "{\"query\":{\"ids\":{\"values\":[\"" + id + "\"]}}" + more + "}";
  }

  private static JsonNode first(JsonNode reply) {
    return reply.path("hits").path("hits").get(0);
  }

  private static JsonNode search(String params, String body) throws Exception {
    return search(params, body, 200);
  }

  private static JsonNode search(String params, String body, int status) throws Exception {
    return send("POST", "/u/_search" + (params.isEmpty() ? "" : "?" + params), body, status);
  }

  private static JsonNode send(String method, String path, String body, int status)
      throws Exception {
    HttpResponse<String> response =
        HTTP.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path))
                .header(
                    "content-type",
                    path.contains("_bulk") ? "application/x-ndjson" : "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }
}
