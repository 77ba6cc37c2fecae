package dev.duet.gateway.proxy;

import com.linecorp.armeria.client.RequestOptions;
import com.linecorp.armeria.common.AggregatedHttpRequest;
import com.linecorp.armeria.common.HttpHeaderNames;
import com.linecorp.armeria.common.HttpRequest;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.util.Exceptions;
import com.linecorp.armeria.server.HttpService;
import com.linecorp.armeria.server.ServiceRequestContext;
import dev.duet.gateway.RequestRefused;
import dev.duet.gateway.observe.CallRecord;
import dev.duet.gateway.observe.TraceParent;
import dev.duet.gateway.peek.Operation;
import dev.duet.gateway.peek.RestPeeker;
import dev.duet.gateway.security.Identity;
import dev.duet.gateway.upstream.UpstreamCluster;

/**
 * The REST listener: authenticates from the headers, reads the body (bounded by {@code
 * limits.max_body_bytes}), peeks the operation, runs {@link Admission}, and forwards the request
 * unchanged but for its credentials to a healthy node of the routed cluster; the upstream's
 * response streams back as is.
 */
public final class RestProxyService implements HttpService {
  private final Admission admission;

  public RestProxyService(Admission admission) {
    this.admission = admission;
  }

  @Override
  public HttpResponse serve(ServiceRequestContext ctx, HttpRequest req) {
    TraceParent trace = TraceParent.continueOrStart(req.headers().get(TraceParent.HEADER));
    CallRecord call = new CallRecord("rest", trace, req.method().name(), req.path());
    // 499 (nginx's "client closed request") when the caller left before any response.
    admission.observe(
        ctx,
        call,
        log -> {
          int status = log.responseHeaders().status().code();
          return Integer.toString(status == 0 ? 499 : status);
        });
    Identity identity;
    long maxBody = admission.limits().maxBodyBytes();
    try {
      identity =
          admission.authenticate(
              call, req.headers().get(HttpHeaderNames.AUTHORIZATION), ctx.sslSession());
      if (req.headers().contentLength() > maxBody) {
        throw tooLarge(req.headers().contentLength(), maxBody);
      }
    } catch (RequestRefused r) {
      return refuseAfterBody(req, call, r, maxBody);
    }
    return HttpResponse.of(
        BoundedBody.read(req, maxBody, () -> tooLarge(-1, maxBody))
            .handle(
                (agg, error) -> {
                  try {
                    if (error != null) {
                      throw (RequestRefused) Exceptions.peel(error);
                    }
                    return forward(ctx, call, identity, agg);
                  } catch (RequestRefused r) {
                    return refuse(call, r);
                  }
                }));
  }

  private HttpResponse forward(
      ServiceRequestContext ctx, CallRecord call, Identity identity, AggregatedHttpRequest agg) {
    byte[] body = agg.content().array();
    Operation op =
        RestPeeker.peek(
            agg.method().name(), ctx.path(), ctx.queryParam("size"), ctx.queryParam("from"), body);
    UpstreamCluster cluster = admission.admit(call, identity, op, body.length);
    return cluster.rest(
        ForwardedHeaders.of(agg.headers(), call.trace()).build(),
        agg.content(),
        RequestOptions.of(),
        cause -> refuse(call, Refusals.upstreamFailure(cluster.name(), cause)));
  }

  private static RequestRefused tooLarge(long length, long max) {
    return RequestRefused.tooLarge(
        "Request body"
            + (length >= 0 ? " of " + length + " bytes" : "")
            + " is larger than [limits.max_body_bytes] = "
            + max
            + " bytes");
  }

  /**
   * Refuses a request whose body has not been read: the body is read and dropped first (when it is
   * not far too large), so that a client still sending it receives the refusal, not a reset.
   */
  private static HttpResponse refuseAfterBody(
      HttpRequest req, CallRecord call, RequestRefused r, long maxBody) {
    if (req.isComplete() || req.headers().contentLength() > BoundedBody.drainLimit(maxBody)) {
      return refuse(call, r);
    }
    return HttpResponse.of(BoundedBody.discard(req, maxBody).thenApply(ignored -> refuse(call, r)));
  }

  private static HttpResponse refuse(CallRecord call, RequestRefused r) {
    call.refusal(r);
    return Refusals.rest(r);
  }
}
