package dev.duet.server.observe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.Engines;
import dev.duet.engine.search.SlowLogLines;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * W3C {@code traceparent} on both ports, carried into the search slow log ({@code
 * index.search.slowlog.threshold.*}, as OpenSearch's): a real node, a REST header and gRPC metadata
 * over real sockets; a malformed value is ignored, the search still answers.
 */
class SlowLogTraceTest {
  private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
  private static final String PARENT = "00f067aa0ba902b7";
  private static final String VALID = "00-" + TRACE + "-" + PARENT + "-01";
  private static final HttpClient http = HttpClient.newHttpClient();
  @TempDir static Path data;
  private static DuetNode node;
  private static ManagedChannel channel;
  private static final List<String> lines = new CopyOnWriteArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data), Engines.open(data));
    channel = NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
    assertThat(
            rest(
                    "PUT",
                    "/slow",
                    "{\"settings\":{\"index.search.slowlog.threshold.query.warn\":\"0ms\"}}",
                    null)
                .statusCode())
        .isEqualTo(200);
    rest("PUT", "/quiet", "{}", null);
    rest("PUT", "/slow/_doc/1?refresh=true", "{\"t\":\"a\"}", null);
    SlowLogLines.onLine(lines::add);
  }

  @AfterAll
  static void stop() throws Exception {
    SlowLogLines.onLine(null);
    channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    node.close();
  }

  @BeforeEach
  void clear() {
    lines.clear();
  }

  @Test
  void restHeaderReachesTheSlowLog() throws Exception {
    assertThat(rest("POST", "/slow/_search", "{}", VALID).statusCode()).isEqualTo(200);

    assertThat(lines)
        .singleElement()
        .asString()
        .startsWith("index.search.slowlog.query WARN [slow][0] took[")
        .contains("trace_id[" + TRACE + "], parent_id[" + PARENT + "]");
  }

  @Test
  void grpcMetadataReachesTheSlowLog() {
    Metadata metadata = new Metadata();
    metadata.put(Metadata.Key.of("traceparent", Metadata.ASCII_STRING_MARSHALLER), VALID);
    SearchServiceGrpc.newBlockingStub(channel)
        .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(metadata))
        .search(SearchRequest.newBuilder().addIndex("slow").build());

    assertThat(lines).singleElement().asString().contains("trace_id[" + TRACE + "]");
  }

  @Test
  void aMalformedTraceparentIsIgnoredNotRefused() throws Exception {
    HttpResponse<String> answer = rest("POST", "/slow/_search", "{}", VALID.toUpperCase());

    assertThat(answer.statusCode()).isEqualTo(200);
    assertThat(lines).singleElement().asString().contains("trace_id[], parent_id[]");
  }

  @Test
  void onlyIndicesWithAThresholdAreLogged() throws Exception {
    rest("POST", "/quiet/_search", "{}", VALID);
    assertThat(lines).isEmpty();
  }

  @Test
  void aThresholdMustBeATimeValue() throws Exception {
    HttpResponse<String> answer =
        rest(
            "PUT",
            "/quiet/_settings",
            "{\"index.search.slowlog.threshold.fetch.info\":\"soon\"}",
            null);
    assertThat(answer.statusCode()).isEqualTo(400);
    assertThat(answer.body())
        .contains(
            "failed to parse setting [index.search.slowlog.threshold.fetch.info] with value [soon]");
  }

  private static HttpResponse<String> rest(String method, String path, String body, String trace)
      throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path))
            .header("content-type", "application/json")
            .method(method, HttpRequest.BodyPublishers.ofString(body));
    if (trace != null) {
      b.header("traceparent", trace);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }
}
