package dev.duet.gateway.upstream;

import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;

/**
 * Where a REST call's answer goes as it arrives from the node, on the caller's event loop: its
 * head, then its body piece by piece (the last a {@link
 * io.netty.handler.codec.http.LastHttpContent}), or why it failed.
 */
public interface RestAnswer {
  /** The answer's status and headers. */
  void head(HttpResponse head);

  /** A piece of the body; the receiver owns it (and releases it, or writes it on). */
  void content(HttpContent content);

  /** The node has nothing more to hand over for now: what was written may go out. */
  void flush();

  /**
   * The call failed: before its head (no node answered — the cause says why) or after it (the node
   * broke off mid-answer).
   */
  void failed(Throwable cause);
}
