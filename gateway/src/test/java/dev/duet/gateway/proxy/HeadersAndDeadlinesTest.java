package dev.duet.gateway.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.linecorp.armeria.common.HttpData;
import com.linecorp.armeria.common.HttpHeaders;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.HttpStatus;
import com.linecorp.armeria.common.MediaType;
import com.linecorp.armeria.common.RequestHeaders;
import com.linecorp.armeria.common.ResponseHeaders;
import com.linecorp.armeria.server.Server;
import dev.duet.gateway.Gateway;
import dev.duet.gateway.config.GatewayConfigFile;
import dev.duet.gateway.security.ApiKeys;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * What the upstream sees of a call: an upstream that records request headers (the one thing a real
 * node does not show) stands behind the gateway. The caller's key never reaches it; the W3C trace
 * continues (or starts) at the gateway; the gRPC deadline arrives shortened by the time spent, and
 * a deadline that runs out while the upstream works is DEADLINE_EXCEEDED.
 */
class HeadersAndDeadlinesTest {
  private static final String KEY = "headers-test-key-0123456789";
  private static final BlockingQueue<RequestHeaders> seen = new LinkedBlockingQueue<>();
  private static Server upstream;
  private static Gateway gateway;
  private static ManagedChannel channel;
  private static Path logs;

  @BeforeAll
  static void start() throws Exception {
    logs = Files.createTempDirectory("gateway-logs");
    upstream =
        Server.builder()
            .http(0)
            .requestTimeout(Duration.ZERO)
            .serviceUnder(
                "/",
                (ctx, req) -> {
                  seen.add(req.headers());
                  if (ctx.path().endsWith("/Search")) {
                    // An empty SearchResponse (one zero-length message), then status OK; a call
                    // with a deadline finds a slow node that answers after 3 s.
                    HttpResponse ok =
                        HttpResponse.of(
                            ResponseHeaders.builder(HttpStatus.OK)
                                .contentType(MediaType.parse("application/grpc"))
                                .build(),
                            HttpData.wrap(new byte[5]),
                            HttpHeaders.of("grpc-status", "0"));
                    return req.headers().contains("grpc-timeout")
                        ? HttpResponse.delayed(ok, Duration.ofMillis(3000))
                        : ok;
                  }
                  return HttpResponse.of(MediaType.JSON_UTF_8, "{}");
                })
            .build();
    upstream.start().join();
    int port = upstream.activeLocalPort();
    gateway =
        Gateway.start(
            GatewayConfigFile.parse(
                """
                listen: {rest_port: 0, grpc_port: 0, admin_port: 0}
                clusters:
                  - name: recorder
                    health_check_interval: 1s
                    nodes: [{rest: "127.0.0.1:%d", grpc: "127.0.0.1:%d"}]
                tenants:
                  - {name: t, api_keys: ["%s"], indices: ["*"], actions: [search]}
                access_log: access.log
                """
                    .formatted(port, port, ApiKeys.hash(KEY)),
                logs));
    channel =
        NettyChannelBuilder.forAddress("127.0.0.1", gateway.grpcPort()).usePlaintext().build();
  }

  @AfterAll
  static void stop() throws Exception {
    if (channel != null) {
      channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
    if (gateway != null) {
      gateway.close();
    }
    if (upstream != null) {
      upstream.stop().join();
    }
  }

  @Test
  void restCallsArriveWithoutTheKeyAndWithTheCallersTrace() throws Exception {
    seen.clear();
    String traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + gateway.restPort() + "/x/_search"))
                .header("authorization", "ApiKey " + KEY)
                .header("traceparent", "00-" + traceId + "-00f067aa0ba902b7-01")
                .header("x-opaque-id", "caller-42")
                .build(),
            java.net.http.HttpResponse.BodyHandlers.ofString());
    RequestHeaders got = nextNonHealthCheck();
    assertThat(got.get("authorization")).isNull();
    assertThat(got.get("x-opaque-id")).isEqualTo("caller-42");
    String traceparent = got.get("traceparent");
    assertThat(traceparent).startsWith("00-" + traceId + "-").endsWith("-01");
    assertThat(traceparent).doesNotContain("00f067aa0ba902b7"); // the gateway's own span
  }

  @Test
  void aTraceStartsAtTheGatewayWhenTheCallerSendsNone() throws Exception {
    seen.clear();
    HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + gateway.restPort() + "/x/_search"))
                .header("authorization", "ApiKey " + KEY)
                .build(),
            java.net.http.HttpResponse.BodyHandlers.ofString());
    assertThat(nextNonHealthCheck().get("traceparent")).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-01");
  }

  @Test
  void theDeadlineTravelsShortenedAndRunsOutAsDeadlineExceeded() throws Exception {
    seen.clear();
    Metadata md = new Metadata();
    md.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "ApiKey " + KEY);
    var stub =
        SearchServiceGrpc.newBlockingStub(channel)
            .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(md));
    // A first call without a deadline connects everything, so that the deadline below is spent
    // waiting for the upstream's answer alone.
    stub.search(SearchRequest.newBuilder().addIndex("x").build());
    seen.clear();
    assertThatThrownBy(
            () ->
                stub.withDeadlineAfter(1000, TimeUnit.MILLISECONDS)
                    .search(SearchRequest.newBuilder().addIndex("x").build()))
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> {
              assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
            });
    RequestHeaders got = nextNonHealthCheck();
    assertThat(got.get("authorization")).isNull();
    String timeout = got.get("grpc-timeout");
    assertThat(timeout).isNotNull();
    assertThat(micros(timeout)).isPositive().isLessThanOrEqualTo(1_000_000);
  }

  @Test
  void eachCallIsOneJsonLineOfTheAccessLogUnderTheTraceTheUpstreamSaw() throws Exception {
    seen.clear();
    String traceId = "0af7651916cd43dd8448eb211c80319c";
    Metadata md = new Metadata();
    md.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "ApiKey " + KEY);
    md.put(
        Metadata.Key.of("traceparent", Metadata.ASCII_STRING_MARSHALLER),
        "00-" + traceId + "-b7ad6b7169203331-01");
    SearchServiceGrpc.newBlockingStub(channel)
        .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(md))
        .search(SearchRequest.newBuilder().addIndex("logged-index").build());
    String upstreamTrace = nextNonHealthCheck().get("traceparent");
    String refusedTrace = "1bf92f3577b34da6a3ce929d0e0e4736";
    int refused =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + gateway.restPort() + "/x/_search"))
                    .header("authorization", "ApiKey not-a-key")
                    .header("traceparent", "00-" + refusedTrace + "-00f067aa0ba902b7-01")
                    .build(),
                java.net.http.HttpResponse.BodyHandlers.ofString())
            .statusCode();
    assertThat(refused).isEqualTo(401);

    JsonNode grpc = accessLogLine(traceId);
    assertThat(grpc.path("protocol").asText()).isEqualTo("grpc");
    assertThat(grpc.path("path").asText())
        .isEqualTo("/org.opensearch.protobufs.services.SearchService/Search");
    assertThat(grpc.path("tenant").asText()).isEqualTo("t");
    assertThat(grpc.path("indices").get(0).asText()).isEqualTo("logged-index");
    assertThat(grpc.path("upstream").asText()).isEqualTo("recorder");
    assertThat(grpc.path("status").asText()).isEqualTo("OK");
    assertThat(grpc.path("bytes_in").asLong()).isPositive();
    assertThat(grpc.path("bytes_out").asLong()).isEqualTo(5); // the empty message's prefix
    // The upstream's parent span is the gateway's span, the one the line names.
    assertThat(upstreamTrace)
        .isEqualTo("00-" + traceId + "-" + grpc.path("span_id").asText() + "-01");

    JsonNode rest = accessLogLine(refusedTrace);
    assertThat(rest.path("protocol").asText()).isEqualTo("rest");
    assertThat(rest.path("path").asText()).isEqualTo("/x/_search");
    assertThat(rest.path("status").asText()).isEqualTo("401");
    assertThat(rest.path("refused").asText()).isNotBlank();
    assertThat(rest.has("upstream")).isFalse();
  }

  /**
   * The access log's line for a trace, once written (lines are written every 20 ms); every line of
   * the file must be a JSON document on its own.
   */
  private static JsonNode accessLogLine(String traceId) throws Exception {
    ObjectMapper json = new ObjectMapper();
    Path file = logs.resolve("access.log");
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() < until) {
      if (Files.exists(file)) {
        for (String line : Files.readAllLines(file)) {
          JsonNode n = json.readTree(line);
          assertThat(n.isObject()).as(line).isTrue();
          if (n.path("trace_id").asText().equals(traceId)) {
            return n;
          }
        }
      }
      Thread.sleep(20);
    }
    throw new AssertionError("no access log line for trace " + traceId);
  }

  private static long micros(String grpcTimeout) {
    long n = Long.parseLong(grpcTimeout.substring(0, grpcTimeout.length() - 1));
    return switch (grpcTimeout.charAt(grpcTimeout.length() - 1)) {
      case 'n' -> n / 1000;
      case 'u' -> n;
      case 'm' -> n * 1000;
      case 'S' -> n * 1_000_000;
      default -> throw new AssertionError(grpcTimeout);
    };
  }

  /** The next proxied request (the gateway's own health checks hit "/" too). */
  private static RequestHeaders nextNonHealthCheck() throws InterruptedException {
    for (int i = 0; i < 20; i++) {
      RequestHeaders h = seen.poll(5, TimeUnit.SECONDS);
      assertThat(h).as("a request reached the upstream").isNotNull();
      if (!h.path().equals("/")) {
        return h;
      }
    }
    throw new AssertionError("only health checks reached the upstream");
  }
}
