package dev.duet.gateway.proxy;

import static dev.duet.gateway.proxy.GrpcFrames.message;
import static dev.duet.gateway.proxy.GrpcMessages.frame;
import static org.assertj.core.api.Assertions.assertThat;

import com.linecorp.armeria.client.ClientFactory;
import com.linecorp.armeria.client.WebClient;
import com.linecorp.armeria.common.AggregatedHttpResponse;
import com.linecorp.armeria.common.HttpData;
import com.linecorp.armeria.common.HttpHeaders;
import com.linecorp.armeria.common.HttpMethod;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.HttpStatus;
import com.linecorp.armeria.common.MediaType;
import com.linecorp.armeria.common.RequestHeaders;
import com.linecorp.armeria.common.ResponseHeaders;
import com.linecorp.armeria.server.Server;
import com.linecorp.armeria.server.ServiceRequestContext;
import dev.duet.gateway.Gateway;
import dev.duet.gateway.config.GatewayConfigFile;
import dev.duet.gateway.security.ApiKeys;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchResponse;

/**
 * Calls in passthrough as the node sees them. Upstreams that answer as the test asks stand behind
 * the gateway, to show what the hop must get right: many calls at once each get their own answer;
 * an answer larger than any HTTP/2 flow-control window arrives whole; a status-only answer passes
 * as sent; a call whose deadline passes, or whose caller goes away (over gRPC or REST), is
 * cancelled on the node too; and a node that closes each connection after one call (GOAWAY) costs
 * no call an error.
 */
class UpstreamCallsTest {
  private static final String KEY = "upstream-calls-key-0123456789";
  private static final String SEARCH = "/org.opensearch.protobufs.services.SearchService/Search";

  /** The names of the held calls ({@code hang-*}) that the node saw cancelled. */
  private static final Set<String> cancelledOnTheNode = ConcurrentHashMap.newKeySet();

  private static final Set<String> heldOnTheNode = ConcurrentHashMap.newKeySet();
  private static Server upstream;
  private static Server oneCallPerConnection;
  private static Gateway gateway;
  private static ClientFactory factory;

  @BeforeAll
  static void start() throws Exception {
    upstream =
        Server.builder()
            .http(0)
            .requestTimeout(Duration.ZERO)
            .serviceUnder("/", (ctx, req) -> answer(ctx, req.aggregate()))
            .build();
    upstream.start().join();
    oneCallPerConnection =
        Server.builder()
            .http(0)
            .requestTimeout(Duration.ZERO)
            .maxNumRequestsPerConnection(1)
            .serviceUnder("/", (ctx, req) -> answer(ctx, req.aggregate()))
            .build();
    oneCallPerConnection.start().join();
    int a = upstream.activeLocalPort();
    int b = oneCallPerConnection.activeLocalPort();
    gateway =
        Gateway.start(
            GatewayConfigFile.parse(
                """
                listen: {rest_port: 0, grpc_port: 0, admin_port: 0}
                clusters:
                  - name: answering
                    health_check_interval: 1s
                    nodes: [{rest: "127.0.0.1:%d", grpc: "127.0.0.1:%d"}]
                  - name: short-lived
                    health_check_interval: 1s
                    nodes: [{rest: "127.0.0.1:%d", grpc: "127.0.0.1:%d"}]
                tenants:
                  - {name: t, api_keys: ["%s"], indices: ["*"], actions: [search]}
                routes:
                  - {indices: ["short-*"], cluster: short-lived}
                  - {tenant: t, cluster: answering}
                """
                    .formatted(a, a, b, b, ApiKeys.hash(KEY)),
                null));
    // Several connections to the gateway, so that calls arrive on each of its event loops.
    factory = ClientFactory.builder().maxNumRequestsPerConnection(25).build();
  }

  @AfterAll
  static void stop() {
    if (gateway != null) {
      gateway.close();
    }
    if (factory != null) {
      factory.close();
    }
    for (Server s : new Server[] {upstream, oneCallPerConnection}) {
      if (s != null) {
        s.stop().join();
      }
    }
  }

  @Test
  void manyCallsAtOnceEachGetTheirOwnAnswer() {
    List<CompletableFuture<AggregatedHttpResponse>> answers = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      answers.add(call("echo-" + i, null));
    }
    for (int i = 0; i < answers.size(); i++) {
      AggregatedHttpResponse r = answers.get(i).join();
      assertThat(grpcStatus(r)).as("call %d", i).isEqualTo("0");
      assertThat(took(r)).as("call %d", i).isEqualTo(i);
    }
  }

  @Test
  void anAnswerLargerThanEveryFlowControlWindowArrivesWhole() {
    int size = 3 * 1024 * 1024 + 17;
    AggregatedHttpResponse r = call("big-" + size, null).join();

    assertThat(grpcStatus(r)).isEqualTo("0");
    byte[] message = message(r.content().array());
    assertThat(message).isEqualTo(pattern(size));
  }

  @Test
  void aStatusOnlyAnswerPassesAsSent() {
    AggregatedHttpResponse r = call("missing-1", null).join();

    assertThat(r.headers().get("grpc-status")).isEqualTo("5");
    assertThat(r.headers().get("grpc-message")).isEqualTo("no such index [missing-1]");
    assertThat(r.content().isEmpty()).isTrue();
  }

  @Test
  void aCallWhoseDeadlinePassesIsResetOnTheNode() {
    AggregatedHttpResponse r = call("hang-deadline", "300m").join();

    assertThat(grpcStatus(r)).isEqualTo("4"); // DEADLINE_EXCEEDED
    awaitCancelledOnTheNode("hang-deadline");
  }

  @Test
  void aCallItsCallerAbandonsIsResetOnTheNode() throws Exception {
    HttpResponse res =
        client()
            .execute(
                headers(null), HttpData.wrap(frame(searchFor("hang-abandoned").toByteArray())));
    abandonOnceHeld(res, "hang-abandoned");
  }

  @Test
  void aRestRequestItsCallerAbandonsIsCancelledOnTheNode() throws Exception {
    HttpResponse res =
        WebClient.builder("h1c://127.0.0.1:" + gateway.restPort())
            .factory(factory)
            .build()
            .execute(
                RequestHeaders.builder(HttpMethod.POST, "/hang-rest/_search")
                    .contentType(MediaType.JSON)
                    .set("authorization", "ApiKey " + KEY)
                    .build(),
                HttpData.ofUtf8("{}"));
    abandonOnceHeld(res, "hang-rest");
  }

  @Test
  void aNodeThatClosesEachConnectionAfterOneCallCostsNoCallAnError() {
    for (int i = 0; i < 20; i++) {
      AggregatedHttpResponse r = call("short-" + i, null).join();
      assertThat(grpcStatus(r)).as("call %d", i).isEqualTo("0");
      assertThat(took(r)).isEqualTo(i);
    }
  }

  private static CompletableFuture<AggregatedHttpResponse> call(String index, String timeout) {
    return client()
        .execute(headers(timeout), HttpData.wrap(frame(searchFor(index).toByteArray())))
        .aggregate();
  }

  private static WebClient client() {
    return WebClient.builder("h2c://127.0.0.1:" + gateway.grpcPort())
        .factory(factory)
        .responseTimeout(Duration.ofSeconds(30))
        .maxResponseLength(0)
        .build();
  }

  private static RequestHeaders headers(String timeout) {
    RequestHeaders h =
        RequestHeaders.builder(HttpMethod.POST, SEARCH)
            .contentType(MediaType.parse("application/grpc"))
            .set("te", "trailers")
            .set("authorization", "ApiKey " + KEY)
            .build();
    return timeout == null ? h : h.toBuilder().set("grpc-timeout", timeout).build();
  }

  /** The upstreams' answers, by the index the search names. */
  private static HttpResponse answer(
      ServiceRequestContext ctx,
      CompletableFuture<com.linecorp.armeria.common.AggregatedHttpRequest> request) {
    if (ctx.path().equals("/")) {
      return HttpResponse.of(MediaType.JSON_UTF_8, "{}"); // the gateway's health check
    }
    if (ctx.path().equals("/hang-rest/_search")) {
      return hold(ctx, "hang-rest");
    }
    return HttpResponse.of(
        request.thenCompose(
            agg -> {
              String index = index(agg.content().array());
              String name = index.substring(0, index.indexOf('-'));
              String arg = index.substring(index.indexOf('-') + 1);
              return switch (name) {
                case "echo", "short" -> {
                  // A little delay, different per call, so answers come back out of order.
                  CompletableFuture<HttpResponse> later = new CompletableFuture<>();
                  ctx.eventLoop()
                      .schedule(
                          () -> later.complete(ok(took(Integer.parseInt(arg)))),
                          new Random(index.hashCode()).nextInt(3_000),
                          TimeUnit.MICROSECONDS);
                  yield later;
                }
                case "big" -> CompletableFuture.completedFuture(ok(pattern(Integer.parseInt(arg))));
                case "missing" ->
                    CompletableFuture.completedFuture(
                        HttpResponse.of(
                            ResponseHeaders.builder(HttpStatus.OK)
                                .contentType(MediaType.parse("application/grpc"))
                                .set("grpc-status", "5")
                                .set("grpc-message", "no such index [" + index + "]")
                                .endOfStream(true)
                                .build()));
                case "hang" -> CompletableFuture.completedFuture(hold(ctx, index));
                default -> throw new IllegalArgumentException(index);
              };
            }));
  }

  /** A request never answered; the node notes that it arrived, and when it is cancelled. */
  private static HttpResponse hold(ServiceRequestContext ctx, String name) {
    ctx.whenRequestCancelled().thenRun(() -> cancelledOnTheNode.add(name));
    heldOnTheNode.add(name);
    return HttpResponse.of(new CompletableFuture<HttpResponse>());
  }

  private static HttpResponse ok(byte[] message) {
    return HttpResponse.of(
        ResponseHeaders.builder(HttpStatus.OK)
            .contentType(MediaType.parse("application/grpc"))
            .build(),
        HttpData.wrap(frame(message)),
        HttpHeaders.of("grpc-status", "0"));
  }

  private static byte[] took(int took) {
    return SearchResponse.newBuilder().setTook(took).build().toByteArray();
  }

  private static long took(AggregatedHttpResponse r) {
    try {
      byte[] frame = r.content().array();
      return SearchResponse.parseFrom(message(frame)).getTook();
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new AssertionError(e);
    }
  }

  private static byte[] pattern(int size) {
    byte[] b = new byte[size];
    for (int i = 0; i < size; i++) {
      b[i] = (byte) (i * 31 + (i >>> 11));
    }
    return b;
  }

  private static String grpcStatus(AggregatedHttpResponse r) {
    String s = r.trailers().get("grpc-status");
    return s != null ? s : r.headers().get("grpc-status");
  }

  /**
   * The caller goes away once the node holds its call: the caller's answer fails, and the node sees
   * its own request cancelled.
   */
  private static void abandonOnceHeld(HttpResponse res, String name) {
    CompletableFuture<AggregatedHttpResponse> answer = res.aggregate();
    awaitHeldOnTheNode(name);
    res.abort();

    awaitCancelledOnTheNode(name);
    assertThat(answer).isCompletedExceptionally();
  }

  /** Promptly: not when some idle timeout closes the node's connection, seconds later. */
  private static void awaitCancelledOnTheNode(String index) {
    awaitIn(cancelledOnTheNode, index, 3, "the node saw [" + index + "] cancelled");
  }

  private static void awaitHeldOnTheNode(String index) {
    awaitIn(heldOnTheNode, index, 10, "[" + index + "] reached the node");
  }

  private static void awaitIn(Set<String> set, String index, int seconds, String what) {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (!set.contains(index) && System.nanoTime() < end) {
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
    assertThat(set).as(what).contains(index);
  }

  private static SearchRequest searchFor(String index) {
    return SearchRequest.newBuilder().addIndex(index).build();
  }

  private static String index(byte[] frame) {
    try {
      return SearchRequest.parseFrom(message(frame)).getIndex(0);
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new AssertionError(e);
    }
  }
}
