package dev.duet.server.grpc;

import io.grpc.ForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.ServiceDescriptor;
import io.grpc.Status;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Request messages parsed where a failure can be answered as the client's mistake. grpc-java parses
 * a request before any interceptor sees it and closes a call whose bytes do not parse as if the
 * server had failed; here each method takes the message's bytes as they came and parses them with
 * the method's own marshaller in its listener, so bytes that are no message of the method's type
 * close the call with INVALID_ARGUMENT ({@link GrpcErrors#undecodable}) and reach no handler.
 */
final class UndecodableRequests {
  private static final MethodDescriptor.Marshaller<InputStream> AS_SENT =
      new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(InputStream value) {
          return value;
        }

        @Override
        public InputStream parse(InputStream stream) {
          return stream;
        }
      };

  private UndecodableRequests() {}

  /** {@code service} with each method's request parsed by {@link Parsing}. */
  static ServerServiceDefinition refused(ServerServiceDefinition service) {
    ServiceDescriptor typed = service.getServiceDescriptor();
    List<ServerMethodDefinition<InputStream, ?>> methods = new ArrayList<>();
    // The schema descriptor is what reflection lists the service by.
    ServiceDescriptor.Builder descriptor =
        ServiceDescriptor.newBuilder(typed.getName())
            .setSchemaDescriptor(typed.getSchemaDescriptor());
    for (ServerMethodDefinition<?, ?> method : service.getMethods()) {
      ServerMethodDefinition<InputStream, ?> raw = asSent(method);
      methods.add(raw);
      descriptor.addMethod(raw.getMethodDescriptor());
    }
    ServerServiceDefinition.Builder b = ServerServiceDefinition.builder(descriptor.build());
    for (ServerMethodDefinition<InputStream, ?> method : methods) {
      b.addMethod(method);
    }
    return b.build();
  }

  private static <Q, A> ServerMethodDefinition<InputStream, A> asSent(
      ServerMethodDefinition<Q, A> definition) {
    MethodDescriptor<Q, A> typed = definition.getMethodDescriptor();
    MethodDescriptor<InputStream, A> raw =
        typed.toBuilder(AS_SENT, typed.getResponseMarshaller()).build();
    ServerCallHandler<Q, A> handler = definition.getServerCallHandler();
    return ServerMethodDefinition.create(
        raw,
        (call, headers) -> {
          Typed<Q, A> typedCall = new Typed<>(call, typed);
          return new Parsing<>(typedCall, typed, handler.startCall(typedCall, headers));
        });
  }

  /** The call as the method's handler sees it: its typed descriptor. */
  private static final class Typed<Q, A> extends ForwardingServerCall<Q, A> {
    private final ServerCall<InputStream, A> call;
    private final MethodDescriptor<Q, A> method;

    Typed(ServerCall<InputStream, A> call, MethodDescriptor<Q, A> method) {
      this.call = call;
      this.method = method;
    }

    @Override
    @SuppressWarnings("unchecked")
    protected ServerCall<Q, A> delegate() {
      // Only getMethodDescriptor speaks of the request type; it is overridden below.
      return (ServerCall<Q, A>) (ServerCall<?, A>) call;
    }

    @Override
    public MethodDescriptor<Q, A> getMethodDescriptor() {
      return method;
    }
  }

  /** Parses each message for the handler's listener; stops at the first that does not parse. */
  private static final class Parsing<Q, A> extends ServerCall.Listener<InputStream> {
    private final ServerCall<Q, A> call;
    private final MethodDescriptor<Q, A> method;
    private final ServerCall.Listener<Q> listener;
    private boolean refused;

    Parsing(ServerCall<Q, A> call, MethodDescriptor<Q, A> method, ServerCall.Listener<Q> listener) {
      this.call = call;
      this.method = method;
      this.listener = listener;
    }

    @Override
    public void onMessage(InputStream message) {
      if (refused) {
        return;
      }
      Q request;
      try {
        request = method.parseRequest(message);
      } catch (RuntimeException e) {
        refused = true;
        Status status = Status.fromThrowable(e);
        Status mapped = GrpcErrors.undecodable(status, e);
        call.close(mapped == null ? Status.INVALID_ARGUMENT.withCause(e) : mapped, new Metadata());
        return;
      }
      listener.onMessage(request);
    }

    @Override
    public void onHalfClose() {
      if (!refused) {
        listener.onHalfClose();
      }
    }

    @Override
    public void onCancel() {
      listener.onCancel();
    }

    @Override
    public void onComplete() {
      listener.onComplete();
    }

    @Override
    public void onReady() {
      if (!refused) {
        listener.onReady();
      }
    }
  }
}
