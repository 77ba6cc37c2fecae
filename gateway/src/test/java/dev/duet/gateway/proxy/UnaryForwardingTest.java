package dev.duet.gateway.proxy;

import static dev.duet.gateway.proxy.GrpcFrames.message;
import static dev.duet.gateway.proxy.GrpcMessages.frame;
import static org.assertj.core.api.Assertions.assertThat;

import com.linecorp.armeria.client.WebClient;
import com.linecorp.armeria.common.AggregatedHttpResponse;
import com.linecorp.armeria.common.HttpData;
import com.linecorp.armeria.common.HttpHeaders;
import com.linecorp.armeria.common.HttpMethod;
import com.linecorp.armeria.common.HttpRequest;
import com.linecorp.armeria.common.HttpRequestWriter;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.HttpStatus;
import com.linecorp.armeria.common.MediaType;
import com.linecorp.armeria.common.RequestHeaders;
import com.linecorp.armeria.common.ResponseHeaders;
import com.linecorp.armeria.server.Server;
import dev.duet.gateway.Gateway;
import dev.duet.gateway.config.GatewayConfigFile;
import dev.duet.gateway.security.ApiKeys;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchResponse;

/**
 * A unary call through passthrough, seen from both ends: an upstream that records what reaches it
 * stands behind the gateway. The answer comes back whole — the upstream's headers, message and
 * trailers as sent — and a call refused for its index never reaches the upstream, however its
 * message arrives (in pieces, with the first piece naming nothing yet).
 */
class UnaryForwardingTest {
  private static final String KEY = "unary-forwarding-key-0123456789";
  private static final String SEARCH = "/org.opensearch.protobufs.services.SearchService/Search";
  private static final List<String> seen = new CopyOnWriteArrayList<>();
  private static Server upstream;
  private static Gateway gateway;
  private static WebClient client;

  @BeforeAll
  static void start() throws Exception {
    upstream =
        Server.builder()
            .http(0)
            .requestTimeout(Duration.ZERO)
            .serviceUnder(
                "/",
                (ctx, req) ->
                    ctx.path().equals("/") // the gateway's health check
                        ? HttpResponse.of(MediaType.JSON_UTF_8, "{}")
                        : HttpResponse.of(
                            req.aggregate()
                                .thenApply(
                                    agg -> {
                                      seen.add(index(agg.content().array()));
                                      return answer();
                                    })))
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
                  - {name: t, api_keys: ["%s"], indices: ["open-*"], actions: [search]}
                """
                    .formatted(port, port, ApiKeys.hash(KEY)),
                null));
    client = WebClient.of("h2c://127.0.0.1:" + gateway.grpcPort());
  }

  @AfterAll
  static void stop() {
    if (gateway != null) {
      gateway.close();
    }
    if (upstream != null) {
      upstream.stop().join();
    }
  }

  @BeforeEach
  void clear() {
    seen.clear();
  }

  @Test
  void aUnaryAnswerComesBackWholeWithTheUpstreamsHeadersAndTrailers() throws Exception {
    AggregatedHttpResponse r =
        client.execute(headers(), HttpData.wrap(frame(search("open-1")))).aggregate().join();

    assertThat(r.status()).isEqualTo(HttpStatus.OK);
    assertThat(r.headers().get("x-upstream-header")).isEqualTo("h1");
    assertThat(r.trailers().get("grpc-status")).isEqualTo("0");
    assertThat(r.trailers().get("x-upstream-trailer")).isEqualTo("t1");
    assertThat(SearchResponse.parseFrom(message(r.content().array())).getTook()).isEqualTo(7);
    assertThat(seen).containsExactly("open-1");
  }

  @Test
  void aCallRefusedForItsIndexNeverReachesTheUpstreamEvenWhenItsMessageArrivesInPieces() {
    byte[] secret = frame(search("secret-1"));
    HttpRequestWriter refused = HttpRequest.streaming(headers());
    var refusedAnswer = client.execute(refused).aggregate();
    // The frame header and a first byte of the message: nothing to peek an index from yet.
    refused.write(HttpData.wrap(Arrays.copyOfRange(secret, 0, 6)));
    refused.write(HttpData.wrap(Arrays.copyOfRange(secret, 6, secret.length)));
    refused.close();

    AggregatedHttpResponse r = refusedAnswer.join();
    String status = r.trailers().get("grpc-status");
    assertThat(status != null ? status : r.headers().get("grpc-status")).isEqualTo("7");
    // A call allowed after it, on the same connection, is the first the upstream sees.
    client.execute(headers(), HttpData.wrap(frame(search("open-2")))).aggregate().join();
    assertThat(seen).containsExactly("open-2");
  }

  private static RequestHeaders headers() {
    return RequestHeaders.builder(HttpMethod.POST, SEARCH)
        .contentType(MediaType.parse("application/grpc"))
        .set("te", "trailers")
        .set("authorization", "ApiKey " + KEY)
        .build();
  }

  private static HttpResponse answer() {
    return HttpResponse.of(
        ResponseHeaders.builder(HttpStatus.OK)
            .contentType(MediaType.parse("application/grpc"))
            .set("x-upstream-header", "h1")
            .build(),
        HttpData.wrap(frame(SearchResponse.newBuilder().setTook(7).build().toByteArray())),
        HttpHeaders.builder().set("grpc-status", "0").set("x-upstream-trailer", "t1").build());
  }

  /** The index a recorded Search names, or what it was if not a Search naming one. */
  private static String index(byte[] body) {
    try {
      SearchRequest request = SearchRequest.parseFrom(message(body));
      return request.getIndexCount() == 0 ? "(none)" : request.getIndex(0);
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      return "(not a SearchRequest)";
    }
  }

  private static byte[] search(String index) {
    return SearchRequest.newBuilder().addIndex(index).build().toByteArray();
  }
}
