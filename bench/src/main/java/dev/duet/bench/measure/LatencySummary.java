package dev.duet.bench.measure;

import org.HdrHistogram.Histogram;

/** The percentiles a report shows, in milliseconds, from a histogram of nanosecond latencies. */
public record LatencySummary(
    long count, double p50, double p90, double p99, double p999, double max, double mean) {

  private static final double NANOS_PER_MILLI = 1_000_000.0;

  public static LatencySummary of(Histogram nanos) {
    if (nanos.getTotalCount() == 0) {
      return new LatencySummary(0, 0, 0, 0, 0, 0, 0);
    }
    return new LatencySummary(
        nanos.getTotalCount(),
        millis(nanos.getValueAtPercentile(50)),
        millis(nanos.getValueAtPercentile(90)),
        millis(nanos.getValueAtPercentile(99)),
        millis(nanos.getValueAtPercentile(99.9)),
        millis(nanos.getMaxValue()),
        nanos.getMean() / NANOS_PER_MILLI);
  }

  /** A histogram suited to request latencies: 1 µs to 60 s, 3 significant digits. */
  public static Histogram newHistogram() {
    return new Histogram(1_000L, 60_000_000_000L, 3);
  }

  private static double millis(long nanos) {
    return nanos / NANOS_PER_MILLI;
  }
}
