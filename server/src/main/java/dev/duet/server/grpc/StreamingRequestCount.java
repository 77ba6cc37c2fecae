package dev.duet.server.grpc;

import com.linecorp.armeria.common.HttpHeaders;
import com.linecorp.armeria.common.HttpRequest;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.server.HttpService;
import com.linecorp.armeria.server.ServiceRequestContext;
import com.linecorp.armeria.server.SimpleDecoratingHttpService;
import io.grpc.Status;

/**
 * A server-streaming call takes exactly one request message. grpc-java closes one that brings none
 * ("Half-closed without a request") or two ("Too many requests") with INTERNAL, as if the server
 * had failed, and writes that status itself, past any handler of ours; the client sent it, so this
 * decorator of the streaming search says INVALID_ARGUMENT in the status it sends, as Duet's unary
 * calls do ({@link GrpcErrors#undecodable}). Other methods pass untouched.
 */
final class StreamingRequestCount extends SimpleDecoratingHttpService {
  private static final String METHOD = "/ServerStreamSearch";
  private static final String INTERNAL = Integer.toString(Status.Code.INTERNAL.value());
  private static final String INVALID_ARGUMENT =
      Integer.toString(Status.Code.INVALID_ARGUMENT.value());

  StreamingRequestCount(HttpService delegate) {
    super(delegate);
  }

  @Override
  public HttpResponse serve(ServiceRequestContext ctx, HttpRequest req) throws Exception {
    HttpResponse response = unwrap().serve(ctx, req);
    if (!ctx.path().endsWith(METHOD)) {
      return response;
    }
    // A call with no message answers trailers-only: the status is in the headers.
    return response
        .mapHeaders(h -> isMiscount(h) ? h.toBuilder().set(clientsMistake(h)).build() : h)
        .mapTrailers(h -> isMiscount(h) ? h.toBuilder().set(clientsMistake(h)).build() : h);
  }

  private static boolean isMiscount(HttpHeaders h) {
    String message = h.get("grpc-message");
    return INTERNAL.equals(h.get("grpc-status"))
        && ("Half-closed without a request".equals(message) || "Too many requests".equals(message));
  }

  private static HttpHeaders clientsMistake(HttpHeaders h) {
    return HttpHeaders.of(
        "grpc-status",
        INVALID_ARGUMENT,
        "grpc-message",
        h.get("grpc-message")
            + " (expected: exactly one request message on a server-streaming call)");
  }
}
