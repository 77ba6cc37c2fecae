package dev.duet.gateway.proxy;

import com.linecorp.armeria.common.HttpHeaderNames;
import com.linecorp.armeria.common.RequestHeaders;
import com.linecorp.armeria.common.RequestHeadersBuilder;
import dev.duet.gateway.observe.TraceParent;

/**
 * The headers sent upstream: the caller's, less its gateway credentials (the upstream must never
 * see a tenant's key) and the hop's own authority, plus the gateway's {@code traceparent}.
 */
final class ForwardedHeaders {
  private ForwardedHeaders() {}

  static RequestHeadersBuilder of(RequestHeaders in, TraceParent trace) {
    return in.toBuilder()
        .removeAndThen(HttpHeaderNames.AUTHORIZATION)
        .removeAndThen(HttpHeaderNames.AUTHORITY)
        .removeAndThen(HttpHeaderNames.HOST)
        .removeAndThen(HttpHeaderNames.CONNECTION)
        .removeAndThen(HttpHeaderNames.KEEP_ALIVE)
        .removeAndThen(HttpHeaderNames.UPGRADE)
        .removeAndThen(HttpHeaderNames.PROXY_AUTHORIZATION)
        .set(TraceParent.HEADER, trace.header());
  }
}
