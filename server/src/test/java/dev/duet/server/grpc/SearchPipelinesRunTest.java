package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.engine.Engines;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import dev.duet.server.rest.codec.AliasFilterCodec;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.protobufs.HitsMetadataHitsInner;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * Stored search pipelines run on searches, as OpenSearch 3.8's answer for the same requests: named
 * by {@code search_pipeline} (URL or body over REST, the body over gRPC) or by the index's {@code
 * index.search.default_pipeline}, {@code _none} skipping it; request processors {@code
 * filter_query} and {@code oversample}, response processors {@code rename_field}, {@code collapse},
 * {@code sort}, {@code split} and {@code truncate_hits}; OpenSearch's errors for an unknown
 * pipeline and a source missing the renamed field.
 */
class SearchPipelinesRunTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @TempDir static Path data;
  private static DuetNode node;
  private static ManagedChannel channel;
  private static SearchServiceGrpc.SearchServiceBlockingStub search;

  @BeforeAll
  static void start() throws Exception {
    node =
        DuetNode.start(NodeConfig.ephemeral(data), Engines.open(data, AliasFilterCodec.INSTANCE));
    channel = NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
    search = SearchServiceGrpc.newBlockingStub(channel);
    call(
        "PUT",
        "/sp",
        "{\"mappings\":{\"properties\":{\"k\":{\"type\":\"keyword\"},\"n\":{\"type\":\"integer\"}}}}",
        200);
    StringBuilder bulk = new StringBuilder();
    for (int i = 1; i <= 4; i++) {
      bulk.append("{\"index\":{\"_index\":\"sp\",\"_id\":\"").append(i).append("\"}}\n");
      bulk.append("{\"k\":\"g")
          .append(i % 2)
          .append("\",\"n\":")
          .append(i)
          .append(",\"s\":\"a,b,c\",\"arr\":[3,1,2]}\n");
    }
    call("POST", "/_bulk?refresh=true", bulk.toString(), 200);
    call(
        "PUT",
        "/_search/pipeline/evens",
        """
        {"request_processors":[{"filter_query":{"query":{"term":{"k":"g0"}}}}],
         "response_processors":[{"rename_field":{"field":"n","target_field":"m"}}]}
        """,
        200);
    call(
        "PUT",
        "/_search/pipeline/shape",
        """
        {"request_processors":[{"oversample":{"sample_factor":2}}],
         "response_processors":[{"collapse":{"field":"k"}},{"sort":{"field":"arr","order":"desc"}},
           {"split":{"field":"s","separator":",","target_field":"parts"}},{"truncate_hits":{}}]}
        """,
        200);
    call(
        "PUT",
        "/_search/pipeline/rename-missing",
        "{\"response_processors\":[{\"rename_field\":{\"field\":\"zz\",\"target_field\":\"y\"}}]}",
        200);
  }

  @AfterAll
  static void stop() throws Exception {
    channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    node.close();
  }

  @Test
  void namedPipelineFiltersTheQueryAndRenamesSourceFields() throws Exception {
    for (String path :
        List.of("/sp/_search?search_pipeline=evens&sort=n", "/sp/_search?sort=n&pipe=body")) {
      String body =
          path.endsWith("pipe=body")
              ? "{\"search_pipeline\":\"evens\"}"
              : "{\"query\":{\"match_all\":{}}}";
      JsonNode answer = call("POST", path.replace("&pipe=body", ""), body, 200);
      assertThat(answer.path("hits").path("total").path("value").asInt()).isEqualTo(2);
      assertThat(ids(answer)).containsExactly("2", "4");
      JsonNode source = answer.path("hits").path("hits").get(0).path("_source");
      assertThat(source.has("n")).isFalse();
      assertThat(source.path("m").asInt()).isEqualTo(2);
    }
  }

  @Test
  void responseProcessorsShapeTheHitsAfterOversampling() throws Exception {
    JsonNode answer =
        call("POST", "/sp/_search?search_pipeline=shape", "{\"size\":1,\"sort\":[\"n\"]}", 200);
    assertThat(ids(answer)).containsExactly("1");
    JsonNode source = answer.path("hits").path("hits").get(0).path("_source");
    assertThat(source.path("arr").toString()).isEqualTo("[3,2,1]");
    assertThat(source.path("parts").toString()).isEqualTo("[\"a\",\"b\",\"c\"]");
    JsonNode all = call("POST", "/sp/_search?search_pipeline=shape", "{\"sort\":[\"n\"]}", 200);
    assertThat(ids(all)).containsExactly("1", "2"); // one hit per value of k
  }

  @Test
  void indexDefaultPipelineRunsUnlessTheSearchSaysNone() throws Exception {
    call("PUT", "/sp2", "{\"settings\":{\"index.search.default_pipeline\":\"evens\"}}", 200);
    call(
        "POST",
        "/_bulk?refresh=true",
        """
        {"index":{"_index":"sp2","_id":"a"}}
        {"k":"g0","n":1}
        {"index":{"_index":"sp2","_id":"b"}}
        {"k":"g1","n":2}
        """,
        200);
    assertThat(ids(call("POST", "/sp2/_search", "{}", 200))).containsExactly("a");
    assertThat(ids(call("POST", "/sp2/_search?search_pipeline=_none", "{}", 200)))
        .containsExactlyInAnyOrder("a", "b");
  }

  @Test
  void pipelineErrorsAreOpenSearchs() throws Exception {
    JsonNode unknown = call("POST", "/sp/_search?search_pipeline=nope", "{}", 400);
    assertThat(unknown.path("error").path("type").asText()).isEqualTo("illegal_argument_exception");
    assertThat(unknown.path("error").path("reason").asText())
        .isEqualTo("Pipeline nope is not defined");
    JsonNode missing = call("POST", "/sp/_search?search_pipeline=rename-missing&sort=n", "{}", 400);
    assertThat(missing.path("error").path("reason").asText())
        .isEqualTo("Document with id 1 is missing field zz");
  }

  @Test
  void grpcSearchRunsTheBodysPipeline() {
    var reply =
        search.search(
            org.opensearch.protobufs.SearchRequest.newBuilder()
                .addIndex("sp")
                .setSearchRequestBody(SearchRequestBody.newBuilder().setSearchPipeline("evens"))
                .build());
    List<String> ids = new ArrayList<>();
    for (HitsMetadataHitsInner hit : reply.getHits().getHitsList()) {
      ids.add(hit.getXId());
      assertThat(hit.getXSource().toStringUtf8()).contains("\"m\":").doesNotContain("\"n\":");
    }
    assertThat(ids).containsExactlyInAnyOrder("2", "4");
  }

  private static List<String> ids(JsonNode answer) {
    List<String> out = new ArrayList<>();
    answer.path("hits").path("hits").forEach(h -> out.add(h.path("_id").asText()));
    return out;
  }

  private static JsonNode call(String method, String path, String body, int status)
      throws Exception {
    HttpResponse<String> response =
        HTTP.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path))
                .header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }
}
