package dev.duet.gateway.observe;

import dev.duet.gateway.RequestRefused;
import dev.duet.gateway.peek.Operation;
import dev.duet.gateway.security.Identity;

/**
 * What the gateway learned about one call while handling it, filled in as it goes and read once the
 * response is complete, for the metrics and the access log line.
 */
public final class CallRecord {
  private final String protocol;
  private final TraceParent trace;
  private volatile Identity identity;
  private volatile Operation operation;
  private volatile String upstream;
  private volatile RequestRefused refusal;

  public CallRecord(String protocol, TraceParent trace) {
    this.protocol = protocol;
    this.trace = trace;
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

  String tenant() {
    Identity id = identity;
    return id == null ? "-" : id.tenant().name();
  }
}
