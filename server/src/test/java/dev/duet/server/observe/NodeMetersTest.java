package dev.duet.server.observe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.api.search.CountRequest;
import dev.duet.api.search.SearchServiceGrpc;
import dev.duet.engine.Engines;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The node's Prometheus endpoint, scraped over a real socket after real REST and gRPC calls: the
 * request counts by protocol, operation and status move, errors are counted by status, and the
 * engine's counters (documents indexed, refreshes, query phases) show what the calls did.
 */
class NodeMetersTest {
  @TempDir static Path data;
  private static DuetNode node;
  private static ManagedChannel channel;
  private static final HttpClient http = HttpClient.newHttpClient();

  @BeforeAll
  static void start() {
    node = DuetNode.start(NodeConfig.ephemeral(data), Engines.open(data));
    channel = NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
  }

  @AfterAll
  static void stop() throws Exception {
    channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    node.close();
  }

  @Test
  void countsRestAndGrpcCallsAndTheEngineWork() throws Exception {
    String before = scrape();
    assertThat(before).contains("jvm_memory_used_bytes").contains("jvm_gc_");
    double indexedBefore = value(before, "duet_indexing_index_total", "");

    rest("PUT", "/metered", "{}");
    rest(
        "POST",
        "/_bulk?refresh=true",
        "{\"index\":{\"_index\":\"metered\",\"_id\":\"1\"}}\n{\"t\":\"a\"}\n"
            + "{\"index\":{\"_index\":\"metered\",\"_id\":\"2\"}}\n{\"t\":\"b\"}\n");
    rest("POST", "/metered/_search", "{\"query\":{\"match_all\":{}}}");
    assertThat(rest("GET", "/metered/_doc/missing", null)).isEqualTo(404);
    SearchServiceGrpc.SearchServiceBlockingStub grpc = SearchServiceGrpc.newBlockingStub(channel);
    grpc.count(CountRequest.newBuilder().setIndex("metered").build());
    grpc.count(CountRequest.newBuilder().setIndex("metered").build());
    try {
      grpc.count(CountRequest.newBuilder().setIndex("no-such-index").build());
    } catch (StatusRuntimeException expected) {
      // NOT_FOUND, counted below
    }

    String after = scrape();
    assertThat(value(after, "duet_requests_seconds_count", "operation=\"POST /_bulk\""))
        .isEqualTo(1);
    assertThat(
            value(
                after,
                "duet_requests_seconds_count",
                "operation=\"POST /{index}/_search\",protocol=\"rest\",status=\"200\""))
        .isEqualTo(1);
    assertThat(
            value(
                after,
                "duet_requests_seconds_count",
                "operation=\"duet.search.SearchService/Count\",protocol=\"grpc\",status=\"OK\""))
        .isEqualTo(2);
    assertThat(value(after, "duet_request_errors_total", "protocol=\"grpc\",status=\"NOT_FOUND\""))
        .isEqualTo(1);
    assertThat(value(after, "duet_request_errors_total", "protocol=\"rest\",status=\"404\""))
        .isGreaterThanOrEqualTo(1);
    assertThat(after).contains("duet_requests_seconds_bucket{");
    assertThat(value(after, "duet_request_bytes_sum", "operation=\"POST /_bulk\"")).isPositive();
    assertThat(value(after, "duet_indexing_index_total", "")).isEqualTo(indexedBefore + 2);
    assertThat(value(after, "duet_refresh_total", "")).isPositive();
    assertThat(value(after, "duet_search_query_total", "")).isGreaterThanOrEqualTo(1);
    assertThat(value(after, "duet_docs", "")).isEqualTo(2);
    assertThat(value(after, "duet_segments", "")).isPositive();
  }

  @Test
  void timesEveryTranslogFsync() throws Exception {
    rest("PUT", "/fsynced", "{}");
    double before = value(scrape(), "duet_translog_fsync_seconds_count", "");

    // index.translog.durability: request (the default): each acknowledged write is fsynced first.
    for (int i = 0; i < 3; i++) {
      assertThat(rest("PUT", "/fsynced/_doc/" + i, "{\"n\":" + i + "}")).isEqualTo(201);
    }

    String after = scrape();
    assertThat(value(after, "duet_translog_fsync_seconds_count", ""))
        .isGreaterThanOrEqualTo(before + 3);
    assertThat(value(after, "duet_translog_fsync_seconds_sum", "")).isPositive();
    assertThat(value(after, "duet_translog_fsync_seconds_bucket", "le=\"+Inf\""))
        .isEqualTo(value(after, "duet_translog_fsync_seconds_count", ""));
    rest("DELETE", "/fsynced", null); // the other test counts the node's documents
  }

  private static String scrape() throws Exception {
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + node.httpPort() + NodeMeters.PATH))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.headers().firstValue("content-type").orElse("")).startsWith("text/plain");
    return r.body();
  }

  /** The value of the sample {@code name{...labels...}} whose labels contain {@code labels}. */
  private static double value(String exposition, String name, String labels) {
    Pattern line =
        Pattern.compile("^" + Pattern.quote(name) + "(\\{.*\\})? (\\S+)$", Pattern.MULTILINE);
    Matcher m = line.matcher(exposition);
    while (m.find()) {
      String tags = m.group(1) == null ? "" : m.group(1);
      if (tags.contains(labels)) {
        return Double.parseDouble(m.group(2));
      }
    }
    return 0;
  }

  private static int rest(String method, String path, String body) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path))
            .header("content-type", "application/json");
    b.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body));
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString()).statusCode();
  }
}
