package dev.duet.gateway.proxy;

import dev.duet.gateway.error.RequestRefused;
import java.util.concurrent.TimeUnit;

/**
 * The caller's gRPC deadline ({@code grpc-timeout}), measured from when the gateway received the
 * call, so that the upstream is given only what is left of it.
 */
final class GrpcDeadline {
  private final long deadlineNanos; // System.nanoTime() based; Long.MAX_VALUE when none

  private GrpcDeadline(long deadlineNanos) {
    this.deadlineNanos = deadlineNanos;
  }

  static GrpcDeadline parse(String header, long startNanos) {
    if (header == null || header.isEmpty()) {
      return new GrpcDeadline(Long.MAX_VALUE);
    }
    if (header.length() < 2 || header.length() > 9) {
      throw RequestRefused.badRequest("malformed grpc-timeout [" + header + "]");
    }
    long amount;
    try {
      amount = Long.parseLong(header.substring(0, header.length() - 1));
    } catch (NumberFormatException e) {
      throw RequestRefused.badRequest("malformed grpc-timeout [" + header + "]");
    }
    TimeUnit unit =
        switch (header.charAt(header.length() - 1)) {
          case 'H' -> TimeUnit.HOURS;
          case 'M' -> TimeUnit.MINUTES;
          case 'S' -> TimeUnit.SECONDS;
          case 'm' -> TimeUnit.MILLISECONDS;
          case 'u' -> TimeUnit.MICROSECONDS;
          case 'n' -> TimeUnit.NANOSECONDS;
          default -> throw RequestRefused.badRequest("malformed grpc-timeout [" + header + "]");
        };
    return new GrpcDeadline(startNanos + unit.toNanos(amount));
  }

  boolean isSet() {
    return deadlineNanos != Long.MAX_VALUE;
  }

  /** Nanoseconds left; throws DEADLINE_EXCEEDED when none are. */
  long remainingNanos() {
    long left = deadlineNanos - System.nanoTime();
    if (left <= 0) {
      throw RequestRefused.deadlineExceeded("deadline exceeded before the call left the gateway");
    }
    return left;
  }

  /** The remaining time as a {@code grpc-timeout} value, in microseconds (at most 8 digits). */
  static String header(long nanos) {
    long micros = Math.max(1, TimeUnit.NANOSECONDS.toMicros(nanos));
    if (micros < 100_000_000L) {
      return micros + "u";
    }
    long millis = TimeUnit.NANOSECONDS.toMillis(nanos);
    if (millis < 100_000_000L) {
      return millis + "m";
    }
    return Math.min(TimeUnit.NANOSECONDS.toSeconds(nanos), 99_999_999L) + "S";
  }
}
