package dev.duet.gateway.proxy;

import com.linecorp.armeria.common.HttpHeaderNames;
import com.linecorp.armeria.common.RequestHeaders;
import com.linecorp.armeria.common.RequestHeadersBuilder;
import dev.duet.gateway.observe.TraceParent;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;
import java.util.List;

/**
 * The headers sent upstream: the caller's, less its gateway credentials (the upstream must never
 * see a tenant's key) and the hop's own authority, plus the gateway's {@code traceparent}. The same
 * rule in Armeria's types (REST, streaming gRPC) and in Netty's (unary gRPC, {@link GrpcListener}).
 */
final class ForwardedHeaders {
  private static final AsciiString TRACEPARENT = AsciiString.cached(TraceParent.HEADER);

  /** What the caller sent for the gateway alone. */
  private static final List<AsciiString> DROPPED =
      List.of(
          HttpHeaderNames.AUTHORIZATION,
          HttpHeaderNames.AUTHORITY,
          HttpHeaderNames.HOST,
          HttpHeaderNames.CONNECTION,
          HttpHeaderNames.KEEP_ALIVE,
          HttpHeaderNames.UPGRADE,
          HttpHeaderNames.PROXY_AUTHORIZATION);

  private ForwardedHeaders() {}

  static RequestHeadersBuilder of(RequestHeaders in, TraceParent trace) {
    RequestHeadersBuilder out = in.toBuilder();
    for (AsciiString name : DROPPED) {
      out.remove(name);
    }
    return out.set(TraceParent.HEADER, trace.header());
  }

  /** A copy of the caller's HTTP/2 headers, {@code :method} and {@code :path} kept. */
  static Http2Headers of(Http2Headers in, TraceParent trace) {
    Http2Headers out = new DefaultHttp2Headers(false, in.size() + 3);
    out.add(in);
    for (AsciiString name : DROPPED) {
      out.remove(name);
    }
    out.remove(Http2Headers.PseudoHeaderName.SCHEME.value());
    return out.set(TRACEPARENT, trace.header());
  }
}
