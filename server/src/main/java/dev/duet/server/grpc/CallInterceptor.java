package dev.duet.server.grpc;

import dev.duet.engine.search.TraceParent;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.ForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;

/**
 * What every call passes on its way in: its W3C {@code traceparent} metadata put in the call's
 * {@link Context} (the slow log and the engine read it through {@link RpcCalls}), and the statuses
 * grpc-java's stubs give a client's miscount corrected. A unary or server-streaming call takes
 * exactly one request message; grpc-java closes one that brings none ("Half-closed without a
 * request") or two ("Too many requests") with INTERNAL, as if the server had failed. The client
 * sent it, so the call says INVALID_ARGUMENT, as for any message Duet cannot decode ({@link
 * GrpcErrors#undecodable}).
 */
final class CallInterceptor implements ServerInterceptor {
  /** The call's {@code traceparent} metadata, or null. */
  static final Context.Key<String> TRACE_PARENT = Context.key("traceparent");

  private static final Metadata.Key<String> TRACE_PARENT_HEADER =
      Metadata.Key.of(TraceParent.HEADER, Metadata.ASCII_STRING_MARSHALLER);

  @Override
  public <Q, A> ServerCall.Listener<Q> interceptCall(
      ServerCall<Q, A> call, Metadata headers, ServerCallHandler<Q, A> next) {
    ServerCall<Q, A> checked = new MiscountAsInvalidArgument<>(call);
    String trace = headers.get(TRACE_PARENT_HEADER);
    if (trace == null) {
      return next.startCall(checked, headers);
    }
    return Contexts.interceptCall(
        Context.current().withValue(TRACE_PARENT, trace), checked, headers, next);
  }

  private static final class MiscountAsInvalidArgument<Q, A>
      extends ForwardingServerCall.SimpleForwardingServerCall<Q, A> {
    MiscountAsInvalidArgument(ServerCall<Q, A> delegate) {
      super(delegate);
    }

    @Override
    public void close(Status status, Metadata trailers) {
      super.close(isMiscount(status) ? clientsMistake(status) : status, trailers);
    }

    private static boolean isMiscount(Status status) {
      String message = status.getDescription();
      return status.getCode() == Status.Code.INTERNAL
          && ("Half-closed without a request".equals(message)
              || "Too many requests".equals(message));
    }

    private static Status clientsMistake(Status status) {
      return Status.INVALID_ARGUMENT.withDescription(
          status.getDescription()
              + " (expected: exactly one request message on a unary or server-streaming call)");
    }
  }
}
