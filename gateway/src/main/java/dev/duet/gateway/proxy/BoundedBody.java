package dev.duet.gateway.proxy;

import com.linecorp.armeria.common.AggregatedHttpRequest;
import com.linecorp.armeria.common.HttpData;
import com.linecorp.armeria.common.HttpRequest;
import com.linecorp.armeria.common.util.Exceptions;
import dev.duet.gateway.RequestRefused;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Reads a request body into memory, refusing it once it passes {@code max} bytes — with the
 * gateway's own refusal, rendered in the request's protocol, rather than the server's generic 413
 * (which a gRPC client reports as UNKNOWN).
 *
 * <p>A body a little over the limit is read to its end and thrown away before the refusal goes out:
 * a client still uploading when the answer arrives would otherwise see its stream reset (HTTP/2
 * RST_STREAM, or a reset connection) instead of the refusal. Past {@link #drainLimit} the gateway
 * stops reading and answers at once; that client sees a reset, as with any server.
 */
final class BoundedBody {
  private BoundedBody() {}

  /** How much of an oversized body is read and dropped so that its sender sees the refusal. */
  static long drainLimit(long max) {
    return Math.max(4 * max, 1 << 20);
  }

  static CompletableFuture<AggregatedHttpRequest> read(
      HttpRequest req, long max, Supplier<RequestRefused> tooLarge) {
    long drainLimit = drainLimit(max);
    long[] seen = {0};
    HttpRequest kept =
        HttpRequest.of(
            req.headers(),
            req.filter(
                object -> {
                  if (!(object instanceof HttpData data)) {
                    return true;
                  }
                  seen[0] += data.length();
                  if (seen[0] > drainLimit) {
                    throw tooLarge.get();
                  }
                  return seen[0] <= max;
                }));
    return kept.aggregate()
        .handle(
            (agg, e) -> {
              if (e != null) {
                Throwable cause = Exceptions.peel(e);
                throw cause instanceof RequestRefused r
                    ? r
                    : RequestRefused.badRequest("cannot read the request: " + cause);
              }
              if (seen[0] > max) {
                throw tooLarge.get();
              }
              return agg;
            });
  }

  /** Reads the rest of a body the gateway has already refused (up to the drain limit). */
  static CompletableFuture<Void> discard(HttpRequest req, long max) {
    long drainLimit = drainLimit(max);
    long[] seen = {0};
    return HttpRequest.of(
            req.headers(),
            req.filter(
                object -> {
                  if (object instanceof HttpData data) {
                    seen[0] += data.length();
                    if (seen[0] > drainLimit) {
                      throw new IllegalStateException("past the drain limit");
                    }
                  }
                  return false;
                }))
        .aggregate()
        .handle((agg, e) -> null);
  }
}
