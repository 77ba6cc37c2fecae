package dev.duet.gateway.error;

import static java.util.Objects.requireNonNull;

import io.grpc.Status;
import java.time.Duration;

/**
 * The gateway's own "no": a request it will not forward, with what both protocols need to say why —
 * an HTTP status with an OpenSearch error type for REST, a gRPC status for gRPC, and for rate
 * limits how long to wait. One refusal, two renderings.
 */
public final class RequestRefused extends RuntimeException {
  private final int httpStatus;
  private final Status.Code grpcCode;
  private final String type;
  private final Duration retryAfter;

  private RequestRefused(
      int httpStatus, Status.Code grpcCode, String type, String reason, Duration retryAfter) {
    super(requireNonNull(reason, "reason"), null, false, false);
    this.httpStatus = httpStatus;
    this.grpcCode = requireNonNull(grpcCode, "grpcCode");
    this.type = requireNonNull(type, "type");
    this.retryAfter = retryAfter;
  }

  /** 401 / UNAUTHENTICATED, in the security plugin's words. */
  public static RequestRefused unauthenticated(String reason) {
    return new RequestRefused(401, Status.Code.UNAUTHENTICATED, "security_exception", reason, null);
  }

  /** 403 / PERMISSION_DENIED. */
  public static RequestRefused forbidden(String reason) {
    return new RequestRefused(
        403, Status.Code.PERMISSION_DENIED, "security_exception", reason, null);
  }

  /** 400 / INVALID_ARGUMENT: a request the gateway cannot read or that breaks a limit. */
  public static RequestRefused badRequest(String reason) {
    return new RequestRefused(
        400, Status.Code.INVALID_ARGUMENT, "illegal_argument_exception", reason, null);
  }

  /**
   * 413 / RESOURCE_EXHAUSTED: a body or message above the size limit (RESOURCE_EXHAUSTED is what
   * grpc-java, OpenSearch and a Duet node answer for an oversized message).
   */
  public static RequestRefused tooLarge(String reason) {
    return new RequestRefused(
        413, Status.Code.RESOURCE_EXHAUSTED, "content_too_long_exception", reason, null);
  }

  /** 429 / RESOURCE_EXHAUSTED with a hint of when to come back. */
  public static RequestRefused rateLimited(String reason, Duration retryAfter) {
    return new RequestRefused(
        429,
        Status.Code.RESOURCE_EXHAUSTED,
        "rejected_execution_exception",
        reason,
        requireNonNull(retryAfter, "retryAfter"));
  }

  /** 503 / UNAVAILABLE: no healthy node to send the request to. */
  public static RequestRefused unavailable(String reason) {
    return new RequestRefused(503, Status.Code.UNAVAILABLE, "unavailable_exception", reason, null);
  }

  /** 502 / UNAVAILABLE: the upstream failed to answer (connection refused or reset). */
  public static RequestRefused badGateway(String reason) {
    return new RequestRefused(502, Status.Code.UNAVAILABLE, "bad_gateway_exception", reason, null);
  }

  /** 500 / INTERNAL: the gateway itself failed on the request (a bug, not the caller's doing). */
  public static RequestRefused internal(String reason) {
    return new RequestRefused(500, Status.Code.INTERNAL, "exception", reason, null);
  }

  /** 501 / UNIMPLEMENTED: a call the gateway cannot carry to this upstream. */
  public static RequestRefused unsupported(String reason) {
    return new RequestRefused(
        501, Status.Code.UNIMPLEMENTED, "unsupported_operation_exception", reason, null);
  }

  /** 504 / DEADLINE_EXCEEDED: the caller's deadline passed before the upstream answered. */
  public static RequestRefused deadlineExceeded(String reason) {
    return new RequestRefused(
        504, Status.Code.DEADLINE_EXCEEDED, "timeout_exception", reason, null);
  }

  public int httpStatus() {
    return httpStatus;
  }

  public Status.Code grpcCode() {
    return grpcCode;
  }

  /** The OpenSearch error type of the REST body. */
  public String type() {
    return type;
  }

  public String reason() {
    return getMessage();
  }

  /** When to retry, for rate-limit refusals; {@code null} otherwise. */
  public Duration retryAfter() {
    return retryAfter;
  }
}
