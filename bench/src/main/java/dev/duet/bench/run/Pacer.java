package dev.duet.bench.run;

/**
 * When each request of a fixed-rate client is due. Latency is measured from the due time, not from
 * when the request was actually sent, so a server that stalls is charged for the requests that
 * queued up behind the stall (no coordinated omission).
 */
final class Pacer {
  private final long intervalNanos;
  private long next;

  /**
   * Client {@code client} of {@code clients}, together sending {@code ratePerSecond} requests per
   * second from {@code startNanos}; clients are staggered evenly over one interval.
   */
  Pacer(long startNanos, double ratePerSecond, int client, int clients) {
    if (!(ratePerSecond > 0)) {
      throw new IllegalArgumentException("rate: " + ratePerSecond + " (expected: > 0)");
    }
    this.intervalNanos = Math.max(1, Math.round(1e9 * clients / ratePerSecond));
    this.next = startNanos + intervalNanos * client / clients;
  }

  /** The due time of the next request (System.nanoTime() scale). */
  long nextDue() {
    long due = next;
    next += intervalNanos;
    return due;
  }
}
