package dev.duet.bench.client;

/**
 * A request the target answered with an error (non-2xx, gRPC status other than OK, or a bulk with
 * failed items). The bench counts these apart from latencies instead of stopping.
 */
public final class BenchRequestException extends RuntimeException {
  private static final int MAX_MESSAGE = 500;

  public BenchRequestException(String message) {
    super(truncate(message));
  }

  public BenchRequestException(String message, Throwable cause) {
    super(truncate(message), cause);
  }

  private static String truncate(String message) {
    return message.length() <= MAX_MESSAGE ? message : message.substring(0, MAX_MESSAGE) + "…";
  }
}
