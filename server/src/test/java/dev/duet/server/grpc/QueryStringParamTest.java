package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.net.URI;
import java.net.URLEncoder;
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
import org.opensearch.protobufs.Operator;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * The {@code q} URL parameter (Lucene's query-string syntax, with {@code df}, {@code
 * default_operator}, {@code lenient}) on {@code _search}, {@code _count}, {@code _explain} and
 * {@code _delete_by_query}, and the same fields of gRPC's {@code SearchRequest}: each expectation
 * what OpenSearch 3.8.0 answered on the same document (its suite's {@code 60_query_string} tests).
 */
class QueryStringParamTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @TempDir static Path data;
  private static DuetNode node;
  private static ManagedChannel channel;
  private static SearchServiceGrpc.SearchServiceBlockingStub search;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data));
    channel = NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
    search = SearchServiceGrpc.newBlockingStub(channel);
    send("PUT", "/q", "{\"mappings\":{\"properties\":{\"number\":{\"type\":\"integer\"}}}}", 200);
    send("PUT", "/q/_doc/1?refresh=true", "{\"field\":\"foo bar\"}", 201);
  }

  @AfterAll
  static void stop() throws Exception {
    channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    node.close();
  }

  @Test
  void searchReadsTheFullQueryStringSyntax() throws Exception {
    assertThat(total("q=bar&df=field")).isEqualTo(1);
    assertThat(total(q("field:foo field:xyz"))).isEqualTo(1);
    assertThat(total(q("field:foo field:xyz") + "&default_operator=AND")).isEqualTo(0);
    assertThat(total(q("field:BA*"))).isEqualTo(1);
    assertThat(total(q("number:foo") + "&lenient=true")).isEqualTo(0);
    assertThat(total(q("field:(foo OR nothing) AND NOT field:xyz"))).isEqualTo(1);
  }

  @Test
  void indexQueryStringLenientIsTheDefaultOfQueriesThatSetNone() throws Exception {
    send(
        "PUT",
        "/qlenient",
        "{\"settings\":{\"index.query_string.lenient\":true},"
            + "\"mappings\":{\"properties\":{\"number\":{\"type\":\"integer\"}}}}",
        200);
    send("PUT", "/qlenient/_doc/1?refresh=true", "{\"number\":3}", 201);
    String body = "{\"query\":{\"query_string\":{\"query\":\"number:foo\"}}}";
    String strict = "{\"query\":{\"query_string\":{\"query\":\"number:foo\",\"lenient\":false}}}";

    assertThat(
            send("POST", "/qlenient/_search", body, 200)
                .path("hits")
                .path("total")
                .path("value")
                .asInt())
        .isZero();
    assertThat(
            send("GET", "/qlenient/_search?" + q("number:foo"), "", 200)
                .path("hits")
                .path("total")
                .path("value")
                .asInt())
        .isZero();
    send("POST", "/qlenient/_search", strict, 400);
    send("GET", "/qlenient/_search?" + q("number:foo") + "&lenient=false", "", 400);
    send("POST", "/q/_search", body, 400);

    // A static setting: refused on an open index, taken while the index is closed.
    send(
        "PUT",
        "/qstatic",
        "{\"mappings\":{\"properties\":{\"number\":{\"type\":\"integer\"}}}}",
        200);
    send("POST", "/qstatic/_search", body, 400);
    send("PUT", "/qstatic/_settings", "{\"index.query_string.lenient\":true}", 400);
    send("POST", "/qstatic/_close", "", 200);
    send("PUT", "/qstatic/_settings", "{\"index.query_string.lenient\":\"true\"}", 200);
    send("POST", "/qstatic/_open?wait_for_active_shards=1", "", 200);
    assertThat(
            send("GET", "/qstatic/_settings", "", 200)
                .path("qstatic")
                .path("settings")
                .path("index")
                .path("query_string")
                .path("lenient")
                .asText())
        .isEqualTo("true");
    assertThat(
            send("POST", "/qstatic/_search", body, 200)
                .path("hits")
                .path("total")
                .path("value")
                .asInt())
        .isZero();
    send("DELETE", "/qstatic", "", 200);
    send("PUT", "/qlenient/_settings", "{\"index.query_string\":{\"lenient\":\"maybe\"}}", 400);
    send("DELETE", "/qlenient", "", 200);
  }

  @Test
  void qWinsOverTheBodyQuery() throws Exception {
    JsonNode reply =
        send(
            "POST",
            "/q/_search?" + q("field:foo"),
            "{\"query\":{\"match\":{\"field\":\"nomatch\"}}}",
            200);
    assertThat(reply.path("hits").path("total").path("value").asInt()).isEqualTo(1);
  }

  @Test
  void aBadOperatorIsRefusedInOpenSearchWords() throws Exception {
    JsonNode error = send("GET", "/q/_search?q=bar&df=field&default_operator=XOR", "", 400);
    assertThat(error.path("error").path("reason").asText())
        .isEqualTo("No enum constant org.opensearch.index.query.Operator.XOR");
  }

  @Test
  void countExplainAndDeleteByQueryReadQToo() throws Exception {
    assertThat(send("GET", "/q/_count?" + q("field:foo field:xyz"), "", 200).path("count").asInt())
        .isEqualTo(1);
    assertThat(
            send("GET", "/q/_count?" + q("field:foo field:xyz") + "&default_operator=AND", "", 200)
                .path("count")
                .asInt())
        .isEqualTo(0);
    assertThat(send("GET", "/q/_explain/1?q=bar&df=field", "", 200).path("matched").asBoolean())
        .isTrue();
    assertThat(
            send("POST", "/q/_delete_by_query?" + q("field:xyz"), "", 200).path("deleted").asInt())
        .isEqualTo(0);
  }

  @Test
  void grpcSearchReadsQDfAndDefaultOperator() {
    assertThat(grpcTotal(SearchRequest.newBuilder().setQ("bar").setDf("field"))).isEqualTo(1);
    assertThat(grpcTotal(SearchRequest.newBuilder().setQ("field:foo field:xyz"))).isEqualTo(1);
    assertThat(
            grpcTotal(
                SearchRequest.newBuilder()
                    .setQ("field:foo field:xyz")
                    .setDefaultOperator(Operator.OPERATOR_AND)))
        .isEqualTo(0);
  }

  private static long grpcTotal(SearchRequest.Builder request) {
    return search
        .search(request.addIndex("q").build())
        .getHits()
        .getTotal()
        .getTotalHits()
        .getValue();
  }

  private static String q(String query) {
    return "q=" + URLEncoder.encode(query, StandardCharsets.UTF_8);
  }

  private static int total(String params) throws Exception {
    return send("GET", "/q/_search?" + params, "", 200)
        .path("hits")
        .path("total")
        .path("value")
        .asInt();
  }

  private static JsonNode send(String method, String path, String body, int status)
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
