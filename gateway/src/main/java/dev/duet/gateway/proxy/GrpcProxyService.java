package dev.duet.gateway.proxy;

import com.linecorp.armeria.client.RequestOptions;
import com.linecorp.armeria.client.RequestOptionsBuilder;
import com.linecorp.armeria.common.AggregatedHttpRequest;
import com.linecorp.armeria.common.ExchangeType;
import com.linecorp.armeria.common.HttpHeaderNames;
import com.linecorp.armeria.common.HttpRequest;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.RequestHeaders;
import com.linecorp.armeria.common.RequestHeadersBuilder;
import com.linecorp.armeria.common.grpc.protocol.GrpcHeaderNames;
import com.linecorp.armeria.common.logging.RequestLog;
import com.linecorp.armeria.common.util.Exceptions;
import com.linecorp.armeria.server.HttpService;
import com.linecorp.armeria.server.RoutingContext;
import com.linecorp.armeria.server.ServiceRequestContext;
import dev.duet.gateway.RequestRefused;
import dev.duet.gateway.adaptor.AdaptorUpstream;
import dev.duet.gateway.config.GatewayConfig.Mode;
import dev.duet.gateway.observe.CallRecord;
import dev.duet.gateway.observe.TraceParent;
import dev.duet.gateway.peek.GrpcPeeker;
import dev.duet.gateway.peek.Operation;
import dev.duet.gateway.security.Identity;
import dev.duet.gateway.upstream.UpstreamCluster;
import io.grpc.Status;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The gRPC listener, proxying at the HTTP/2 level: the call's frames go upstream byte for byte and
 * the response (headers, messages, trailers) streams back untouched, so any service and method,
 * unary or streaming, passes without the gateway knowing its types — only the request messages are
 * peeked ({@link GrpcPeeker}) before anything is sent. The caller's deadline is passed on, less the
 * time spent in the gateway. Calls routed to a cluster in adaptor mode are translated to REST
 * instead ({@link AdaptorUpstream}), after the same checks.
 */
public final class GrpcProxyService implements HttpService {
  private final Admission admission;

  public GrpcProxyService(Admission admission) {
    this.admission = admission;
  }

  /**
   * A unary call's answer is one message: it is taken whole from the upstream and written back
   * whole (headers, message and trailers in one write), rather than relayed frame by frame, each a
   * write and a wake-up of the caller. The request always streams in: the gateway reads it itself,
   * bounded ({@link BoundedBody}), before anything goes upstream.
   */
  @Override
  public ExchangeType exchangeType(RoutingContext routingContext) {
    String[] serviceAndMethod = splitPath(routingContext.path());
    return serviceAndMethod != null && unary(serviceAndMethod[0], serviceAndMethod[1])
        ? ExchangeType.REQUEST_STREAMING
        : ExchangeType.BIDI_STREAMING;
  }

  @Override
  public HttpResponse serve(ServiceRequestContext ctx, HttpRequest req) {
    long start = System.nanoTime();
    TraceParent trace = TraceParent.continueOrStart(req.headers().get(TraceParent.HEADER));
    CallRecord call = new CallRecord("grpc", trace);
    admission.observe(ctx, call, GrpcProxyService::status);
    long maxMessage = admission.limits().maxBodyBytes();
    Identity identity;
    GrpcDeadline deadline;
    String[] serviceAndMethod;
    try {
      serviceAndMethod = serviceAndMethod(ctx.path());
      identity =
          admission.authenticate(
              call, req.headers().get(HttpHeaderNames.AUTHORIZATION), ctx.sslSession());
      deadline = GrpcDeadline.parse(req.headers().get(GrpcHeaderNames.GRPC_TIMEOUT), start);
    } catch (RequestRefused r) {
      return refuse(call, r);
    }
    if (!GrpcPeeker.readsMessage(serviceAndMethod[0], serviceAndMethod[1])) {
      try {
        return forwardStream(ctx, call, identity, deadline, serviceAndMethod, req);
      } catch (RequestRefused r) {
        return refuse(call, r);
      }
    }
    // A call whose message names indices is held until it is checked: it is one message, bounded
    // by the message limit (frame headers aside); nothing reaches the upstream before the check.
    return HttpResponse.of(
        BoundedBody.read(req, maxMessage + 5, () -> GrpcMessages.messageTooLarge(-1, maxMessage))
            .handle(
                (agg, error) -> {
                  try {
                    if (error != null) {
                      throw (RequestRefused) Exceptions.peel(error);
                    }
                    return forward(
                        ctx, call, identity, deadline, serviceAndMethod, agg, maxMessage);
                  } catch (RequestRefused r) {
                    return refuse(call, r);
                  }
                }));
  }

  private HttpResponse forward(
      ServiceRequestContext ctx,
      CallRecord call,
      Identity identity,
      GrpcDeadline deadline,
      String[] serviceAndMethod,
      AggregatedHttpRequest agg,
      long maxMessage) {
    byte[] body = agg.content().array();
    List<byte[]> messages =
        GrpcMessages.split(body, agg.headers().get(GrpcHeaderNames.GRPC_ENCODING), maxMessage);
    Operation op = peekAll(serviceAndMethod, messages);
    UpstreamCluster cluster = admission.admit(ctx, call, identity, op, body.length);
    if (cluster.mode() == Mode.ADAPTOR) {
      return translate(cluster, call, deadline, serviceAndMethod, messages);
    }
    requirePassthrough(cluster);
    Upstream upstream =
        Upstream.of(
            agg.headers(),
            call,
            deadline,
            unary(serviceAndMethod[0], serviceAndMethod[1])
                ? ExchangeType.UNARY
                : ExchangeType.RESPONSE_STREAMING);
    return cluster.grpc(
        upstream.headers(),
        agg.content(),
        upstream.options(),
        ctx.whenRequestCancelling(),
        cause -> refuse(call, Refusals.upstreamFailure(cluster.name(), cause)));
  }

  /**
   * A call decided by its name alone (health, reflection, services the gateway does not know):
   * checked, then its request stream flows to the upstream as it arrives.
   */
  private HttpResponse forwardStream(
      ServiceRequestContext ctx,
      CallRecord call,
      Identity identity,
      GrpcDeadline deadline,
      String[] serviceAndMethod,
      HttpRequest req) {
    Operation op = GrpcPeeker.peek(serviceAndMethod[0], serviceAndMethod[1], new byte[0]);
    UpstreamCluster cluster =
        admission.admit(ctx, call, identity, op, Math.max(0, req.headers().contentLength()));
    if (cluster.mode() == Mode.ADAPTOR) {
      throw AdaptorUpstream.notTranslated(cluster.name(), serviceAndMethod[0], serviceAndMethod[1]);
    }
    requirePassthrough(cluster);
    Upstream upstream = Upstream.of(req.headers(), call, deadline, ExchangeType.BIDI_STREAMING);
    return cluster
        .grpcStream(req.withHeaders(upstream.headers()), upstream.options())
        .recover(cause -> refuse(call, Refusals.upstreamFailure(cluster.name(), cause)));
  }

  /** A unary Bulk or Search to a REST-only cluster, translated; other methods are refused. */
  private HttpResponse translate(
      UpstreamCluster cluster,
      CallRecord call,
      GrpcDeadline deadline,
      String[] serviceAndMethod,
      List<byte[]> messages) {
    if (!AdaptorUpstream.translates(serviceAndMethod[0], serviceAndMethod[1])) {
      throw AdaptorUpstream.notTranslated(cluster.name(), serviceAndMethod[0], serviceAndMethod[1]);
    }
    if (messages.size() != 1) {
      throw RequestRefused.badRequest(
          "a unary call carries one request message, this one " + messages.size());
    }
    RequestOptionsBuilder options = RequestOptions.builder();
    if (deadline.isSet()) {
      options.responseTimeout(Duration.ofNanos(deadline.remainingNanos()));
    }
    return AdaptorUpstream.call(
            cluster, serviceAndMethod[1], messages.get(0), call.trace(), options.build())
        .recover(cause -> refuse(call, Refusals.upstreamFailure(cluster.name(), cause)));
  }

  private static void requirePassthrough(UpstreamCluster cluster) {
    if (cluster.mode() != Mode.PASSTHROUGH) {
      throw RequestRefused.unsupported(
          "upstream cluster ["
              + cluster.name()
              + "] speaks REST only (mode rest); gRPC to it needs mode adaptor");
    }
  }

  /**
   * What goes upstream besides the messages: the caller's headers (see {@link ForwardedHeaders})
   * with what is left of its deadline, which also bounds the wait for the answer.
   */
  private record Upstream(RequestHeaders headers, RequestOptions options) {
    static Upstream of(
        RequestHeaders in, CallRecord call, GrpcDeadline deadline, ExchangeType exchange) {
      RequestHeadersBuilder headers = ForwardedHeaders.of(in, call.trace());
      RequestOptionsBuilder options = RequestOptions.builder().exchangeType(exchange);
      if (deadline.isSet()) {
        long left = deadline.remainingNanos();
        headers.set(GrpcHeaderNames.GRPC_TIMEOUT, GrpcDeadline.header(left));
        options.responseTimeout(Duration.ofNanos(left));
      }
      return new Upstream(headers.build(), options.build());
    }
  }

  /** One operation for the whole call: a stream of messages names the union of their indices. */
  private static Operation peekAll(String[] serviceAndMethod, List<byte[]> messages) {
    if (messages.size() == 1) {
      return GrpcPeeker.peek(serviceAndMethod[0], serviceAndMethod[1], messages.get(0));
    }
    Operation first = GrpcPeeker.peek(serviceAndMethod[0], serviceAndMethod[1], new byte[0]);
    LinkedHashSet<String> indices = new LinkedHashSet<>();
    int items = 0;
    long size = -1;
    long from = -1;
    for (byte[] m : messages) {
      Operation op = GrpcPeeker.peek(serviceAndMethod[0], serviceAndMethod[1], m);
      indices.addAll(op.indices());
      items += op.bulkItems();
      size = Math.max(size, op.size());
      from = Math.max(from, op.from());
    }
    if (messages.isEmpty()) {
      indices.addAll(first.indices());
    }
    return new Operation(first.name(), first.action(), new ArrayList<>(indices), items, size, from);
  }

  private static String[] serviceAndMethod(String path) {
    String[] serviceAndMethod = splitPath(path);
    if (serviceAndMethod == null) {
      throw RequestRefused.unsupported("not a gRPC method path: " + path);
    }
    return serviceAndMethod;
  }

  private static String[] splitPath(String path) {
    int slash = path.lastIndexOf('/');
    if (slash <= 1 || slash == path.length() - 1) {
      return null;
    }
    return new String[] {path.substring(1, slash), path.substring(slash + 1)};
  }

  /** A peeked call answered with one message (all but the server-streaming search). */
  private static boolean unary(String service, String method) {
    return GrpcPeeker.readsMessage(service, method) && !method.equals("ServerStreamSearch");
  }

  private static HttpResponse refuse(CallRecord call, RequestRefused r) {
    call.refusal(r);
    return Refusals.grpc(r);
  }

  private static String status(RequestLog log) {
    String code = log.responseTrailers().get(GrpcHeaderNames.GRPC_STATUS);
    if (code == null) {
      code = log.responseHeaders().get(GrpcHeaderNames.GRPC_STATUS);
    }
    if (code == null) {
      int http = log.responseHeaders().status().code();
      // No response at all: the caller went away (its deadline, or a cancel) first.
      return http == 0 ? "CANCELLED" : "http_" + http;
    }
    try {
      return Status.fromCodeValue(Integer.parseInt(code)).getCode().name();
    } catch (NumberFormatException e) {
      return code;
    }
  }
}
