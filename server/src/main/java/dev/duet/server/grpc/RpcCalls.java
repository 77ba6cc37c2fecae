package dev.duet.server.grpc;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.SearchCancellation;
import dev.duet.engine.search.TraceParent;
import dev.duet.server.pool.WorkPool;
import dev.duet.server.rest.RestErrors;
import io.grpc.Context;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Completes a unary call with what its handler returns, or with the failure mapped to a status:
 * client mistakes ({@link DuetException}) by their REST status, anything else as INTERNAL, logged,
 * described as REST describes it.
 */
final class RpcCalls {
  private static final Logger log = LoggerFactory.getLogger(RpcCalls.class);

  private RpcCalls() {}

  static <T> void unary(String method, StreamObserver<T> responses, Supplier<T> handler) {
    stream(method, responses, () -> List.of(handler.get()));
  }

  /**
   * {@link #unary} on the node's {@code pool}, called from the event loop: one hand-off for the
   * whole call, where an executor per call would hand each of its events over separately. A full
   * pool answers RESOURCE_EXHAUSTED (OpenSearch's 429) at once; {@code bytes} is the request's
   * size, held on the in-flight breaker while the call is queued or running.
   */
  static <T> void unaryOffLoop(
      WorkPool pool, String method, long bytes, StreamObserver<T> responses, Supplier<T> handler) {
    try {
      Context call = Context.current();
      pool.execute(
          call::isCancelled,
          call::wrap,
          () -> "[" + method + "]",
          bytes,
          () -> unary(method, responses, handler),
          () ->
              responses.onError(Status.CANCELLED.withDescription("call cancelled").asException()));
    } catch (DuetException e) {
      responses.onError(GrpcErrors.toStatus(e));
    }
  }

  /**
   * Completes a server-streaming call with the messages its handler returns, in order, or with its
   * failure mapped as for {@link #unary}, before any message is sent.
   */
  static <T> void stream(String method, StreamObserver<T> responses, Supplier<List<T>> handler) {
    List<T> messages;
    try {
      messages =
          TraceParent.whileTraced(
              trace(), () -> SearchCancellation.whileCallerWaits(callerGone(), handler));
    } catch (DuetException e) {
      if (e.status() >= 500) {
        log.warn("{} failed", method, e);
      }
      responses.onError(GrpcErrors.toStatus(e));
      return;
    } catch (StatusRuntimeException e) {
      responses.onError(e); // a status the handler chose, e.g. REST's 404 for a missing document
      return;
    } catch (RuntimeException | StackOverflowError e) {
      DuetException known = RestErrors.recognized(e);
      if (known != null) {
        responses.onError(GrpcErrors.toStatus(known));
        return;
      }
      log.error("{} failed unexpectedly", method, e);
      // The same 500 body REST gives for it, so the two ports still say the same thing.
      responses.onError(GrpcErrors.toStatus(RestErrors.internal(e)));
      return;
    }
    for (T message : messages) {
      responses.onNext(message);
    }
    responses.onCompleted();
  }

  /**
   * Whether the call running on this thread is over for its client: cancelled, or past its deadline
   * (grpc-java cancels the call's context for both).
   */
  private static BooleanSupplier callerGone() {
    return Context.current()::isCancelled;
  }

  /** The call's W3C {@code traceparent} metadata; null when absent or malformed (ignored). */
  private static TraceParent trace() {
    String header = CallInterceptor.TRACE_PARENT.get();
    return header == null ? null : TraceParent.parse(header);
  }

  /** For RPCs of a service Duet serves that are not implemented yet: say which, plainly. */
  static void unimplemented(String method, StreamObserver<?> responses) {
    responses.onError(
        Status.UNIMPLEMENTED
            .withDescription(method + " is not implemented by Duet yet")
            .asRuntimeException());
  }
}
