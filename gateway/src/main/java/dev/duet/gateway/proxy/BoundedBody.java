package dev.duet.gateway.proxy;

import com.linecorp.armeria.common.AggregatedHttpRequest;
import com.linecorp.armeria.common.HttpRequest;
import com.linecorp.armeria.common.util.Exceptions;
import dev.duet.gateway.RequestRefused;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Reads a request body into memory, refusing it as soon as it passes {@code max} bytes — with the
 * gateway's own refusal, rendered in the request's protocol, rather than the server's generic 413
 * (which a gRPC client reports as UNKNOWN).
 */
final class BoundedBody {
  private BoundedBody() {}

  static CompletableFuture<AggregatedHttpRequest> read(
      HttpRequest req, long max, Supplier<RequestRefused> tooLarge) {
    AtomicLong seen = new AtomicLong();
    return req.peekData(
            data -> {
              if (seen.addAndGet(data.length()) > max) {
                throw tooLarge.get();
              }
            })
        .aggregate()
        .exceptionally(
            e -> {
              Throwable cause = Exceptions.peel(e);
              throw cause instanceof RequestRefused r
                  ? r
                  : RequestRefused.badRequest("cannot read the request: " + cause);
            });
  }
}
