package dev.duet.gateway.upstream;

import com.linecorp.armeria.client.ClientFactory;
import com.linecorp.armeria.client.ClientRequestContext;
import com.linecorp.armeria.client.ClientRequestContextCaptor;
import com.linecorp.armeria.client.Clients;
import com.linecorp.armeria.client.DecoratingHttpClientFunction;
import com.linecorp.armeria.client.Endpoint;
import com.linecorp.armeria.client.RequestOptions;
import com.linecorp.armeria.client.WebClient;
import com.linecorp.armeria.client.WebClientBuilder;
import com.linecorp.armeria.client.endpoint.DynamicEndpointGroup;
import com.linecorp.armeria.client.endpoint.EndpointGroup;
import com.linecorp.armeria.client.endpoint.healthcheck.HealthCheckedEndpointGroup;
import com.linecorp.armeria.client.retry.RetryingClient;
import com.linecorp.armeria.common.HttpData;
import com.linecorp.armeria.common.HttpRequest;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.RequestHeaders;
import com.linecorp.armeria.common.SessionProtocol;
import dev.duet.gateway.config.GatewayConfig.Cluster;
import dev.duet.gateway.config.GatewayConfig.Mode;
import dev.duet.gateway.config.GatewayConfig.Node;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http2.Http2Headers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * One upstream cluster: its nodes' REST endpoints, health-checked with {@code GET /}, and the gRPC
 * endpoints of the nodes whose REST side is healthy — one probe per node decides both, so a dead
 * node leaves both rotations at once. Requests are balanced round robin over healthy nodes.
 */
public final class UpstreamCluster implements AutoCloseable {
  private final Cluster config;
  private final HealthCheckedEndpointGroup restNodes;
  private final GrpcNodes grpcNodes;
  private final OutlierEjection restRotation;
  private final OutlierEjection grpcRotation;
  private final RetryBudget budget = new RetryBudget();
  private final WebClient rest;
  private final WebClient grpc;
  private final WebClient grpcStreams;
  private final GrpcUnaryClient grpcUnary;
  private final RestUpstreamClient restPassthrough;
  private final Adaptor adaptor;

  UpstreamCluster(Cluster config, ClientFactory factory) {
    this.config = config;
    this.adaptor = config.mode() == Mode.ADAPTOR ? Adaptor.installed(config.name()) : null;
    List<Endpoint> restEndpoints = new ArrayList<>();
    Map<String, Endpoint> grpcByRest = new HashMap<>();
    for (Node node : config.nodes()) {
      Endpoint r = Endpoint.parse(node.rest());
      restEndpoints.add(r);
      if (node.grpc() != null) {
        grpcByRest.put(key(r), Endpoint.parse(node.grpc()));
      }
    }
    restNodes =
        HealthCheckedEndpointGroup.builder(EndpointGroup.of(restEndpoints), "/")
            .protocol(SessionProtocol.H1C)
            .useGet(true)
            .clientFactory(factory)
            .retryInterval(config.healthCheckInterval())
            .selectionTimeout(Duration.ofSeconds(2))
            .build();
    grpcNodes = new GrpcNodes(restNodes, grpcByRest);
    restRotation = new OutlierEjection(config.name(), restNodes);
    grpcRotation = new OutlierEjection(config.name(), grpcNodes);
    // No timeouts of their own: a bulk may run long (OpenSearch has none); gRPC calls carry the
    // caller's deadline, applied per request. A call no node received goes to another (budgeted):
    // re-sent by sendWhole when the gateway holds the request whole (the adaptor's REST calls, a
    // server-streaming search), by GrpcUnaryClient and RestUpstreamClient in passthrough, by
    // Armeria's
    // RetryingClient, which keeps a copy of what it streams, otherwise.
    rest = client(SessionProtocol.H1C, restRotation, factory).build();
    grpc = client(SessionProtocol.H2C, grpcRotation, factory).build();
    grpcStreams =
        client(SessionProtocol.H2C, grpcRotation, factory)
            .decorator(RetryingClient.newDecorator(budget.rule(), 2))
            .decorator(countingCalls(budget))
            .build();
    grpcUnary = new GrpcUnaryClient(grpcRotation, budget);
    restPassthrough = new RestUpstreamClient(restRotation, budget);
  }

  /** A client balanced over a rotation, reporting each call's outcome to it. */
  private static WebClientBuilder client(
      SessionProtocol protocol, OutlierEjection rotation, ClientFactory factory) {
    return WebClient.builder(protocol, rotation)
        .factory(factory)
        .responseTimeout(Duration.ZERO)
        .maxResponseLength(0)
        .decorator(rotation.observer());
  }

  public String name() {
    return config.name();
  }

  public Mode mode() {
    return config.mode();
  }

  /** How this cluster, in adaptor mode, answers gRPC. */
  public Adaptor adaptor() {
    if (adaptor == null) {
      throw new IllegalStateException("upstream cluster [" + name() + "] is not in adaptor mode");
    }
    return adaptor;
  }

  /** Nodes out of rotation for failing calls, REST and gRPC sides together. */
  public int ejectedNodes() {
    return restRotation.ejectedCount() + grpcRotation.ejectedCount();
  }

  /**
   * Passes a REST request through, its body in hand, to a healthy node over the event loop's own
   * HTTP/1.1 connections ({@link RestUpstreamClient}); this runs on {@code loop}, the caller's, and
   * the answer is handed to {@code answer} there as it arrives.
   */
  public RestCall rest(
      EventLoop loop,
      HttpMethod method,
      String uri,
      io.netty.handler.codec.http.HttpHeaders headers,
      byte[] body,
      RestAnswer answer) {
    return restPassthrough.call(loop, method, uri, headers, body, answer);
  }

  /**
   * Sends a REST request the gateway made (the adaptor's), its body in hand, to a healthy node;
   * {@code onFailure} answers when no node does.
   */
  public HttpResponse rest(
      RequestHeaders headers,
      HttpData body,
      RequestOptions options,
      Function<Throwable, HttpResponse> onFailure) {
    return sendWhole(rest, headers, body, options, null, onFailure);
  }

  /**
   * Sends a unary gRPC call, its request message in hand, to a healthy node's gRPC side over the
   * event loop's own HTTP/2 connection to it ({@link GrpcUnaryClient}); the answer comes back whole
   * on {@code loop}, or fails with why no node answered. {@code timeoutNanos} of 0 waits as long as
   * the node takes. Cancelling the answer (the caller went away) resets the node's stream.
   */
  public CompletableFuture<UnaryAnswer> grpcUnary(
      EventLoop loop, Http2Headers headers, byte[] body, long timeoutNanos) {
    return grpcUnary.call(loop, headers, body, timeoutNanos);
  }

  /**
   * Sends a gRPC call whose answer streams (a server-streaming search), its request messages in
   * hand, to a healthy node's gRPC side (HTTP/2 cleartext); {@code onFailure} answers when no node
   * does. When {@code callerGone} completes (the caller cancelled, or its connection closed), the
   * node's stream is reset.
   */
  public HttpResponse grpc(
      RequestHeaders headers,
      HttpData body,
      RequestOptions options,
      CompletionStage<?> callerGone,
      Function<Throwable, HttpResponse> onFailure) {
    return sendWhole(grpc, headers, body, options, callerGone, onFailure);
  }

  /** Sends a gRPC call whose request streams through as it arrives (health, reflection...). */
  public HttpResponse grpcStream(HttpRequest request, RequestOptions options) {
    return grpcStreams.execute(request, options);
  }

  /**
   * One call, and once more at once (the rotation's next node) when no node received it and the
   * budget allows — the body is in hand, so it is sent again as is. Lighter than RetryingClient,
   * which wraps every call in a second request context to be able to do the same.
   */
  private HttpResponse sendWhole(
      WebClient client,
      RequestHeaders headers,
      HttpData body,
      RequestOptions options,
      CompletionStage<?> callerGone,
      Function<Throwable, HttpResponse> onFailure) {
    budget.deposit();
    return send(client, headers, body, options, callerGone)
        .recover(
            cause ->
                budget.retries(cause)
                    ? send(client, headers, body, options, callerGone).recover(onFailure)
                    : onFailure.apply(cause));
  }

  /**
   * One attempt. A caller gone cancels the node's request through the client's own context:
   * aborting the answer seen through {@code recover} would not reach the node.
   */
  private static HttpResponse send(
      WebClient client,
      RequestHeaders headers,
      HttpData body,
      RequestOptions options,
      CompletionStage<?> callerGone) {
    if (callerGone == null) {
      return client.execute(HttpRequest.of(headers, body), options);
    }
    try (ClientRequestContextCaptor captor = Clients.newContextCaptor()) {
      HttpResponse answer = client.execute(HttpRequest.of(headers, body), options);
      ClientRequestContext upstream = captor.getOrNull();
      if (upstream != null) {
        callerGone.thenRun(upstream::cancel);
      }
      return answer;
    }
  }

  public int healthyNodes() {
    return restNodes.endpoints().size();
  }

  public int nodes() {
    return config.nodes().size();
  }

  /** Completes when the first health-check round is done. */
  public java.util.concurrent.CompletableFuture<List<Endpoint>> whenReady() {
    return restNodes.whenReady();
  }

  @Override
  public void close() {
    restPassthrough.close();
    grpcUnary.close();
    grpcRotation.close();
    restRotation.close();
    grpcNodes.close();
    restNodes.close();
  }

  private static DecoratingHttpClientFunction countingCalls(RetryBudget budget) {
    return (delegate, ctx, req) -> {
      budget.deposit();
      return delegate.execute(ctx, req);
    };
  }

  private static String key(Endpoint e) {
    return e.host() + ":" + e.port();
  }

  /** The gRPC endpoints of the nodes whose REST endpoint passes its health check. */
  private static final class GrpcNodes extends DynamicEndpointGroup {
    GrpcNodes(EndpointGroup healthyRest, Map<String, Endpoint> grpcByRest) {
      super(false);
      healthyRest.addListener(
          healthy -> {
            List<Endpoint> grpc = new ArrayList<>();
            for (Endpoint e : healthy) {
              Endpoint g = grpcByRest.get(key(e));
              if (g != null) {
                grpc.add(g);
              }
            }
            setEndpoints(grpc);
          },
          true);
    }
  }
}
