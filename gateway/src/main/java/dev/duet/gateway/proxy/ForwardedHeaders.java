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
 * rule in Armeria's types (streaming gRPC), in Netty's HTTP/2 (unary gRPC, {@link GrpcListener})
 * and HTTP/1 ({@link RestListener}).
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

  /**
   * HTTP/1's hop-by-hop headers besides those (RFC 9110 §7.6.1): the framing and the handshakes of
   * one connection, which the gateway does on each side itself.
   */
  private static final List<AsciiString> HOP_BY_HOP =
      List.of(
          HttpHeaderNames.TE,
          HttpHeaderNames.TRAILER,
          HttpHeaderNames.TRANSFER_ENCODING,
          HttpHeaderNames.EXPECT,
          AsciiString.cached("proxy-connection"),
          AsciiString.cached("http2-settings"));

  private ForwardedHeaders() {}

  /** The caller's HTTP/1 headers, for the request to the node. */
  static io.netty.handler.codec.http.HttpHeaders of(
      io.netty.handler.codec.http.HttpHeaders in, TraceParent trace) {
    io.netty.handler.codec.http.HttpHeaders out = in.copy();
    dropNamedInConnection(in, out);
    for (AsciiString name : DROPPED) {
      out.remove(name);
    }
    for (AsciiString name : HOP_BY_HOP) {
      out.remove(name);
    }
    return out.set(TRACEPARENT, trace.header());
  }

  /**
   * The node's answer headers, for the caller: less the node's connection management (the gateway's
   * connection to the caller is its own). The body's framing stays.
   */
  static void answer(io.netty.handler.codec.http.HttpHeaders headers) {
    dropNamedInConnection(headers, headers);
    headers.remove(HttpHeaderNames.CONNECTION);
    headers.remove(HttpHeaderNames.KEEP_ALIVE);
    headers.remove(AsciiString.cached("proxy-connection"));
  }

  /** Headers a {@code Connection} header names are for that connection alone. */
  private static void dropNamedInConnection(
      io.netty.handler.codec.http.HttpHeaders in, io.netty.handler.codec.http.HttpHeaders out) {
    for (String connection : in.getAll(HttpHeaderNames.CONNECTION)) {
      for (String name : connection.split(",")) {
        String n = name.trim();
        if (!n.isEmpty() && !n.equalsIgnoreCase("close") && !n.equalsIgnoreCase("keep-alive")) {
          out.remove(n);
        }
      }
    }
  }

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
