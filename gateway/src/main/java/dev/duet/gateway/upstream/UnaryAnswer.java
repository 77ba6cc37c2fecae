package dev.duet.gateway.upstream;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http2.Http2Headers;

/**
 * A unary gRPC call's answer, whole and as it travels on HTTP/2: its headers (with {@code
 * :status}), its message bytes ({@code null} when it has none) and its trailers ({@code null} for a
 * trailers-only answer, whose status is in its headers). Whoever holds it writes the message out or
 * releases it.
 */
public record UnaryAnswer(Http2Headers headers, ByteBuf message, Http2Headers trailers) {
  /** Releases the message, for an answer that will not be written. */
  public void release() {
    if (message != null) {
      message.release();
    }
  }
}
