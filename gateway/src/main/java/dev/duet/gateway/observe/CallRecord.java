package dev.duet.gateway.observe;

import dev.duet.gateway.error.RequestRefused;
import dev.duet.gateway.limit.RateLimiters;
import dev.duet.gateway.peek.Operation;
import dev.duet.gateway.security.Identity;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What the gateway learned about one call while handling it, filled in as it goes and read once the
 * response is complete, for the metrics and the access log line.
 */
public final class CallRecord {
  private static final Object DONE = new Object();

  private final String protocol;
  private final TraceParent trace;
  private final String method;
  private final String path;
  private final long startMillis = System.currentTimeMillis();
  private final long startNanos = System.nanoTime();
  private volatile Identity identity;
  private volatile Operation operation;
  private volatile String upstream;
  private volatile RequestRefused refusal;
  // The rate-limit permit: null until taken, then the permit, then DONE once released.
  private final AtomicReference<Object> permit = new AtomicReference<>();
  private long requestBytes;
  private long responseBytes;
  private long durationNanos;

  public CallRecord(String protocol, TraceParent trace, String method, String path) {
    this.protocol = protocol;
    this.trace = trace;
    this.method = method;
    this.path = path;
  }

  public String protocol() {
    return protocol;
  }

  public TraceParent trace() {
    return trace;
  }

  public Identity identity() {
    return identity;
  }

  public void identity(Identity identity) {
    this.identity = identity;
  }

  public Operation operation() {
    return operation;
  }

  public void operation(Operation operation) {
    this.operation = operation;
  }

  public String upstream() {
    return upstream;
  }

  public void upstream(String upstream) {
    this.upstream = upstream;
  }

  public RequestRefused refusal() {
    return refusal;
  }

  public void refusal(RequestRefused refusal) {
    this.refusal = refusal;
  }

  public String method() {
    return method;
  }

  public String path() {
    return path;
  }

  /** When the call arrived, for the access log. */
  public long startMillis() {
    return startMillis;
  }

  /** Nanoseconds since the call arrived ({@link System#nanoTime()}). */
  public long elapsedNanos() {
    return System.nanoTime() - startNanos;
  }

  /**
   * Holds the tenant's rate-limit permit until the call completes; a call already complete (its
   * caller gone while it was being checked) releases it at once.
   */
  public void hold(RateLimiters.Permit p) {
    if (!permit.compareAndSet(null, p)) {
      p.close();
    }
  }

  /** Releases the permit, if the call took one; a permit held after this is released at once. */
  public void releasePermit() {
    if (permit.getAndSet(DONE) instanceof RateLimiters.Permit p) {
      p.close();
    }
  }

  /** The call's size and duration, once its response is complete. */
  public void finish(long requestBytes, long responseBytes, long durationNanos) {
    this.requestBytes = requestBytes;
    this.responseBytes = responseBytes;
    this.durationNanos = durationNanos;
  }

  public long requestBytes() {
    return requestBytes;
  }

  public long responseBytes() {
    return responseBytes;
  }

  public long durationNanos() {
    return durationNanos;
  }

  String tenant() {
    Identity id = identity;
    return id == null ? "-" : id.tenant().name();
  }
}
