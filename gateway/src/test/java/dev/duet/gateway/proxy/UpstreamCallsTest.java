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
 * as sent; a streaming answer passes message by message; a call whose deadline passes, or whose
 * caller goes away (a reset, a closed connection, over gRPC or REST), is cancelled on the node too
 * and gives its tenant's concurrency slot back; a message over the limit is refused and the
 * connection serves on; a node that closes each connection after one call (GOAWAY) costs no call an
 * error; and a gateway closing answers the calls it holds before it stops.
 */
class UpstreamCallsTest {
  private static final String KEY = "upstream-calls-key-0123456789";
  private static final String CAPPED_KEY = "upstream-calls-capped-key-0123456789";
  private static final String SEARCH = "/org.opensearch.protobufs.services.SearchService/Search";
  private static final String STREAM_SEARCH =
      "/org.opensearch.protobufs.services.SearchService/ServerStreamSearch";

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
                  - name: capped
                    api_keys: ["%s"]
                    indices: ["*"]
                    actions: [search]
                    rate_limit: {max_concurrent: 1}
                limits: {max_body_bytes: 4kb}
                routes:
                  - {indices: ["short-*"], cluster: short-lived}
                  - {tenant: t, cluster: answering}
                  - {tenant: capped, cluster: answering}
                """
                    .formatted(a, a, b, b, ApiKeys.hash(KEY), ApiKeys.hash(CAPPED_KEY)),
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

  @Test
  void aStreamingAnswerPassesMessageByMessage() throws Exception {
    List<Long> tooks = new ArrayList<>();
    CompletableFuture<HttpHeaders> trailers = new CompletableFuture<>();
    HttpResponse res =
        client()
            .execute(
                headers(null, KEY).toBuilder().path(STREAM_SEARCH).build(),
                HttpData.wrap(frame(searchFor("stream-4").toByteArray())));
    res.subscribe(
        new org.reactivestreams.Subscriber<com.linecorp.armeria.common.HttpObject>() {
          @Override
          public void onSubscribe(org.reactivestreams.Subscription s) {
            s.request(Long.MAX_VALUE);
          }

          @Override
          public void onNext(com.linecorp.armeria.common.HttpObject o) {
            if (o instanceof HttpData d) {
              tooks.add(took(d.array()));
            } else if (o instanceof HttpHeaders h && !(o instanceof ResponseHeaders)) {
              trailers.complete(h);
            }
          }

          @Override
          public void onError(Throwable t) {
            trailers.completeExceptionally(t);
          }

          @Override
          public void onComplete() {}
        });

    assertThat(trailers.get(10, TimeUnit.SECONDS).get("grpc-status")).isEqualTo("0");
    assertThat(tooks).containsExactly(0L, 1L, 2L, 3L);
  }

  @Test
  void anAbandonedCallGivesItsTenantsConcurrencySlotBack() {
    for (String name : List.of("hang-slot-reset", "hang-slot-deadline")) {
      HttpResponse held =
          client()
              .execute(
                  headers(name.endsWith("deadline") ? "500m" : null, CAPPED_KEY),
                  HttpData.wrap(frame(searchFor(name).toByteArray())));
      held.aggregate();
      awaitHeldOnTheNode(name);
      // The tenant's one slot is taken while the call is held...
      AggregatedHttpResponse refused = call("echo-1", null, CAPPED_KEY).join();
      assertThat(grpcStatus(refused)).isEqualTo("8"); // RESOURCE_EXHAUSTED
      assertThat(refused.headers().get("grpc-message")).contains("rate_limit.max_concurrent");
      if (name.endsWith("reset")) {
        held.abort();
      }
      awaitCancelledOnTheNode(name);
      // ... and free again once the call is gone, whether its caller reset it or its deadline
      // passed.
      awaitAnswered(() -> call("echo-2", null, CAPPED_KEY).join(), "0");
    }
  }

  @Test
  void aCallWhoseCallersConnectionClosesIsResetOnTheNode() {
    try (ClientFactory own = ClientFactory.builder().build()) {
      WebClient.builder("h2c://127.0.0.1:" + gateway.grpcPort())
          .factory(own)
          .responseTimeout(Duration.ZERO)
          .build()
          .execute(headers(null), HttpData.wrap(frame(searchFor("hang-dropped").toByteArray())))
          .aggregate();
      awaitHeldOnTheNode("hang-dropped");
    } // closing the factory closes its connection to the gateway, without a reset first
    awaitCancelledOnTheNode("hang-dropped");
  }

  @Test
  void aMessageOverTheLimitIsRefusedAndTheConnectionServesOn() {
    try (ClientFactory own = ClientFactory.builder().build()) {
      WebClient one = ownConnection(own, gateway);
      byte[] large =
          frame(
              SearchRequest.newBuilder()
                  .addIndex("echo-3")
                  .setQ("x".repeat(8 * 1024))
                  .build()
                  .toByteArray());
      com.linecorp.armeria.common.HttpRequestWriter req =
          com.linecorp.armeria.common.HttpRequest.streaming(headers(null));
      CompletableFuture<AggregatedHttpResponse> refused = one.execute(req).aggregate();
      for (int at = 0; at < large.length; at += 1024) {
        req.write(HttpData.copyOf(large, at, Math.min(1024, large.length - at)));
      }
      req.close();

      AggregatedHttpResponse r = refused.join();
      assertThat(grpcStatus(r)).isEqualTo("8"); // RESOURCE_EXHAUSTED
      assertThat(r.headers().get("grpc-message")).contains("limits.max_body_bytes");
      AggregatedHttpResponse next = search(one, "echo-4").join();
      assertThat(grpcStatus(next)).isEqualTo("0");
      assertThat(took(next)).isEqualTo(4);
    }
  }

  @Test
  void aCallThatBreaksTheProtocolEndsAloneNotItsConnection() throws Exception {
    try (ClientFactory own = ClientFactory.builder().build()) {
      WebClient one = ownConnection(own, gateway);
      CompletableFuture<AggregatedHttpResponse> inFlight = search(one, "slow-800");
      awaitHeldOnTheNode("slow-800");
      // More data than its content-length says: a stream error, the codec resets that stream.
      com.linecorp.armeria.common.HttpRequestWriter broken =
          com.linecorp.armeria.common.HttpRequest.streaming(
              headers(null).toBuilder().contentLength(3).build());
      CompletableFuture<AggregatedHttpResponse> brokenAnswer = one.execute(broken).aggregate();
      broken.write(HttpData.wrap(frame(searchFor("echo-6").toByteArray())));
      broken.close();

      assertThat(brokenAnswer).failsWithin(10, TimeUnit.SECONDS);
      AggregatedHttpResponse r = inFlight.get(10, TimeUnit.SECONDS);
      assertThat(grpcStatus(r)).isEqualTo("0");
      assertThat(took(r)).isEqualTo(800);
    }
  }

  @Test
  void aPathThatIsNoGrpcMethodIsUnimplemented() {
    AggregatedHttpResponse r =
        client()
            .execute(
                headers(null).toBuilder().path("/no-method").build(),
                HttpData.wrap(frame(new byte[0])))
            .aggregate()
            .join();

    assertThat(grpcStatus(r)).isEqualTo("12"); // UNIMPLEMENTED
  }

  @Test
  void aClosingGatewayAnswersTheCallsItHoldsAndTakesNoNewOnes() throws Exception {
    int a = upstream.activeLocalPort();
    Gateway closing =
        Gateway.start(
            GatewayConfigFile.parse(
                """
                listen: {rest_port: 0, grpc_port: 0, admin_port: 0}
                clusters:
                  - name: answering
                    nodes: [{rest: "127.0.0.1:%d", grpc: "127.0.0.1:%d"}]
                tenants:
                  - {name: t, api_keys: ["%s"], indices: ["*"], actions: [search]}
                """
                    .formatted(a, a, ApiKeys.hash(KEY)),
                null));
    try (ClientFactory own = ClientFactory.builder().build()) {
      WebClient client = ownConnection(own, closing);
      CompletableFuture<AggregatedHttpResponse> inFlight = search(client, "slow-1500");
      awaitHeldOnTheNode("slow-1500");
      CompletableFuture<Void> closed = CompletableFuture.runAsync(closing::close);

      AggregatedHttpResponse r = inFlight.get(10, TimeUnit.SECONDS);
      assertThat(grpcStatus(r)).isEqualTo("0");
      assertThat(took(r)).isEqualTo(1500);
      closed.get(15, TimeUnit.SECONDS);
      CompletableFuture<AggregatedHttpResponse> after = search(client, "echo-5");
      assertThat(after).failsWithin(10, TimeUnit.SECONDS);
    } finally {
      closing.close();
    }
  }

  private static void awaitAnswered(
      java.util.function.Supplier<AggregatedHttpResponse> call, String status) {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
    String last = null;
    while (System.nanoTime() < end) {
      last = grpcStatus(call.get());
      if (status.equals(last)) {
        return;
      }
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
    assertThat(last).as("grpc-status within 3 s").isEqualTo(status);
  }

  private static CompletableFuture<AggregatedHttpResponse> call(String index, String timeout) {
    return call(index, timeout, KEY);
  }

  private static CompletableFuture<AggregatedHttpResponse> call(
      String index, String timeout, String key) {
    return client()
        .execute(headers(timeout, key), HttpData.wrap(frame(searchFor(index).toByteArray())))
        .aggregate();
  }

  /** A client on a connection of its own to {@code to}'s gRPC port. */
  private static WebClient ownConnection(ClientFactory own, Gateway to) {
    return WebClient.builder("h2c://127.0.0.1:" + to.grpcPort())
        .factory(own)
        .responseTimeout(Duration.ofSeconds(30))
        .build();
  }

  private static CompletableFuture<AggregatedHttpResponse> search(WebClient c, String index) {
    return c.execute(headers(null), HttpData.wrap(frame(searchFor(index).toByteArray())))
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
    return headers(timeout, KEY);
  }

  private static RequestHeaders headers(String timeout, String key) {
    RequestHeaders h =
        RequestHeaders.builder(HttpMethod.POST, SEARCH)
            .contentType(MediaType.parse("application/grpc"))
            .set("te", "trailers")
            .set("authorization", "ApiKey " + key)
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
                case "slow" -> {
                  heldOnTheNode.add(index);
                  CompletableFuture<HttpResponse> later = new CompletableFuture<>();
                  ctx.eventLoop()
                      .schedule(
                          () -> later.complete(ok(took(Integer.parseInt(arg)))),
                          Integer.parseInt(arg),
                          TimeUnit.MILLISECONDS);
                  yield later;
                }
                case "stream" ->
                    CompletableFuture.completedFuture(stream(ctx, Integer.parseInt(arg)));
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

  /** A server-streaming answer: {@code n} messages, 20 ms apart, then the trailers. */
  private static HttpResponse stream(ServiceRequestContext ctx, int n) {
    com.linecorp.armeria.common.HttpResponseWriter res = HttpResponse.streaming();
    res.write(
        ResponseHeaders.builder(HttpStatus.OK)
            .contentType(MediaType.parse("application/grpc"))
            .build());
    for (int i = 0; i <= n; i++) {
      int m = i;
      ctx.eventLoop()
          .schedule(
              () -> {
                if (m < n) {
                  res.write(HttpData.wrap(frame(took(m))));
                } else {
                  res.write(HttpHeaders.of("grpc-status", "0"));
                  res.close();
                }
              },
              20L * (i + 1),
              TimeUnit.MILLISECONDS);
    }
    return res;
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
    return took(r.content().array());
  }

  private static long took(byte[] frame) {
    try {
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
