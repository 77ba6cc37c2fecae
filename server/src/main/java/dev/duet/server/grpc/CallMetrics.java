package dev.duet.server.grpc;

import static java.util.Objects.requireNonNull;

import io.grpc.Metadata;
import io.grpc.ServerStreamTracer;
import io.grpc.Status;

/**
 * Times each call on the gRPC port from its headers to its status and hands it to a {@link
 * Recorder} (the node's metrics): the full method name, the status code, the time and the request
 * bytes received. A tracer sees every call, those the transport itself ends (a message too large, a
 * malformed frame) included.
 */
public final class CallMetrics extends ServerStreamTracer.Factory {
  /** Where a finished call goes. */
  @FunctionalInterface
  public interface Recorder {
    /**
     * @param operation {@code service/method}
     * @param status the call's status code
     * @param nanos from the call's headers to its status
     * @param requestBytes the request messages' bytes as received
     */
    void record(String operation, Status.Code status, long nanos, long requestBytes);
  }

  private final Recorder recorder;

  CallMetrics(Recorder recorder) {
    this.recorder = requireNonNull(recorder, "recorder");
  }

  @Override
  public ServerStreamTracer newServerStreamTracer(String fullMethodName, Metadata headers) {
    return new Call(fullMethodName, System.nanoTime());
  }

  private final class Call extends ServerStreamTracer {
    private final String operation;
    private final long start;
    private long requestBytes;

    Call(String operation, long start) {
      this.operation = operation;
      this.start = start;
    }

    @Override
    public void inboundWireSize(long bytes) {
      requestBytes += bytes;
    }

    @Override
    public void streamClosed(Status status) {
      recorder.record(operation, status.getCode(), System.nanoTime() - start, requestBytes);
    }
  }
}
