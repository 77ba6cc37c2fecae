package dev.duet.server.grpc;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.rpc.ErrorInfo;
import dev.duet.engine.error.DuetException;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.Locale;
import java.util.Map;

/**
 * Turns failures into gRPC statuses the way OpenSearch 3.8's transport-grpc does: the REST status
 * mapped to a gRPC code, and a description {@code "<ExceptionName>[<reason>]; details=<REST error
 * JSON>"}.
 *
 * <p>Unlike OpenSearch, the description carries no stack trace and is bounded ({@link
 * #MAX_DESCRIPTION_BYTES} once percent-encoded into {@code grpc-message}), because a stock
 * grpc-java client refuses response headers over 8 KiB and would see only a useless INTERNAL. The
 * same failure also travels structured, as a {@code google.rpc.Status} with an {@code ErrorInfo}
 * ({@code grpc-status-details-bin}).
 */
final class GrpcErrors {
  /** Room left for the other headers and the structured details under the 8 KiB client limit. */
  static final int MAX_DESCRIPTION_BYTES = 4096;

  static final String ERROR_DOMAIN = "duet";

  private static final Metadata.Key<byte[]> STATUS_DETAILS =
      Metadata.Key.of("grpc-status-details-bin", Metadata.BINARY_BYTE_MARSHALLER);
  private static final int MAX_DETAIL_VALUE_CHARS = 256;

  private GrpcErrors() {}

  /**
   * The gRPC code for an HTTP status, as OpenSearch's {@code RestToGrpcStatusConverter} maps it,
   * except 401: UNAUTHENTICATED (DESIGN.md §3) where OpenSearch says PERMISSION_DENIED, because the
   * caller lacks credentials rather than rights.
   */
  static Status.Code code(int httpStatus) {
    if (httpStatus >= 100 && httpStatus < 300) {
      return Status.Code.OK;
    }
    return switch (httpStatus) {
      case 400, 406, 414, 415, 421, 422 -> Status.Code.INVALID_ARGUMENT;
      case 401, 407 -> Status.Code.UNAUTHENTICATED;
      case 402, 403 -> Status.Code.PERMISSION_DENIED;
      case 404, 410 -> Status.Code.NOT_FOUND;
      case 405, 501, 505 -> Status.Code.UNIMPLEMENTED;
      case 408, 504 -> Status.Code.DEADLINE_EXCEEDED;
      case 409 -> Status.Code.ABORTED;
      case 411, 412, 417, 423, 424 -> Status.Code.FAILED_PRECONDITION;
      case 413, 416 -> Status.Code.OUT_OF_RANGE;
      case 429, 507 -> Status.Code.RESOURCE_EXHAUSTED;
      case 502, 503 -> Status.Code.UNAVAILABLE;
      default ->
          httpStatus >= 300 && httpStatus < 400
              ? Status.Code.FAILED_PRECONDITION
              : httpStatus >= 500 ? Status.Code.INTERNAL : Status.Code.UNKNOWN;
    };
  }

  /**
   * The status for request bytes that do not parse as the method's message, which grpc-java reports
   * as INTERNAL although the client sent them: INVALID_ARGUMENT ({@link UndecodableRequests}); a
   * gzip message that does not inflate likewise; a message over the size limit once inflated stays
   * RESOURCE_EXHAUSTED and names the setting. Null for any other failure.
   */
  static Status undecodable(Status status, Throwable cause) {
    if (status.getCode() == Status.Code.RESOURCE_EXHAUSTED) {
      // grpc-java's limit on a message once inflated: "Decompressed gRPC message exceeds maximum
      // size N"; the setting that raises it goes with it.
      String said =
          status.getDescription() == null ? "gRPC message too large" : status.getDescription();
      return status.withDescription(
          said + " (setting [" + GrpcTransport.MAX_MESSAGE_SIZE_SETTING + "])");
    }
    if (status.getCode() != Status.Code.INTERNAL && status.getCode() != Status.Code.UNKNOWN) {
      return null;
    }
    for (Throwable c = cause; c != null && c.getCause() != c; c = c.getCause()) {
      if (c instanceof GzipDecompressor.NotInflating) {
        return Status.INVALID_ARGUMENT.withDescription(c.getMessage());
      }
    }
    for (Throwable c = cause; c != null && c.getCause() != c; c = c.getCause()) {
      if (c instanceof InvalidProtocolBufferException) {
        return Status.INVALID_ARGUMENT.withDescription(
            "Invalid protobuf byte sequence: " + c.getMessage());
      }
    }
    return null;
  }

  static StatusRuntimeException toStatus(DuetException e) {
    return withDescription(e, description(e));
  }

  /**
   * A failure whose REST error JSON was rendered elsewhere (an upstream's answer): that JSON goes
   * after {@code details=} as it came, when it fits; else the description is rendered from {@code
   * e} and bounded as usual.
   */
  static StatusRuntimeException toStatus(DuetException e, String restJson) {
    String full = exceptionName(e.type()) + "[" + e.reason() + "]; details=" + restJson;
    return withDescription(e, encodedLength(full) <= MAX_DESCRIPTION_BYTES ? full : description(e));
  }

  private static StatusRuntimeException withDescription(DuetException e, String description) {
    Status.Code code = code(e.status());
    if (code == Status.Code.OK) {
      code = Status.Code.UNKNOWN; // a failure must never read as success
    }
    Metadata trailers = new Metadata();
    trailers.put(STATUS_DETAILS, details(e, code).toByteArray());
    return Status.fromCode(code).withDescription(description).asRuntimeException(trailers);
  }

  /**
   * {@code summary; details=json}, shrunk step by step until it fits: long reasons first, then the
   * JSON altogether.
   */
  static String description(DuetException e) {
    String summary = exceptionName(e.type()) + "[" + e.reason() + "]";
    String full = summary + "; details=" + ErrorJson.render(e, Integer.MAX_VALUE);
    if (encodedLength(full) <= MAX_DESCRIPTION_BYTES) {
      return full;
    }
    String shortReasons =
        exceptionName(e.type())
            + "["
            + ErrorJson.truncate(e.reason(), 512)
            + "]; details="
            + ErrorJson.render(e, 512);
    if (encodedLength(shortReasons) <= MAX_DESCRIPTION_BYTES) {
      return shortReasons;
    }
    // Non-ASCII characters cost up to 9 bytes each once percent-encoded.
    return ErrorJson.truncate(summary, MAX_DESCRIPTION_BYTES / 9 - 16);
  }

  /** {@code index_not_found_exception} → {@code IndexNotFoundException}, as OpenSearch names it. */
  static String exceptionName(String type) {
    StringBuilder name = new StringBuilder(type.length());
    boolean upper = true;
    for (int i = 0; i < type.length(); i++) {
      char c = type.charAt(i);
      if (c == '_') {
        upper = true;
        continue;
      }
      name.append(upper ? Character.toUpperCase(c) : c);
      upper = false;
    }
    return name.toString();
  }

  /** The length of {@code text} in a {@code grpc-message} header (RFC 3986 percent-encoding). */
  static int encodedLength(String text) {
    int length = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c >= ' ' && c < '~' && c != '%') {
        length += 1;
      } else if (c < 0x80) {
        length += 3;
      } else if (c < 0x800) {
        length += 6;
      } else {
        length += 9;
      }
    }
    return length;
  }

  private static com.google.rpc.Status details(DuetException e, Status.Code code) {
    ErrorInfo.Builder info =
        ErrorInfo.newBuilder()
            .setReason(e.type().toUpperCase(Locale.ROOT))
            .setDomain(ERROR_DOMAIN)
            .putMetadata("type", e.type())
            .putMetadata("status", Integer.toString(e.status()));
    for (Map.Entry<String, String> meta : e.metadata().entrySet()) {
      info.putMetadata(meta.getKey(), ErrorJson.truncate(meta.getValue(), MAX_DETAIL_VALUE_CHARS));
    }
    return com.google.rpc.Status.newBuilder()
        .setCode(code.value())
        .setMessage(ErrorJson.truncate(e.reason(), MAX_DETAIL_VALUE_CHARS))
        .addDetails(Any.pack(info.build()))
        .build();
  }
}
