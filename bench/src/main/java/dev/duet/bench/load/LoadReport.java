package dev.duet.bench.load;

import java.util.List;
import java.util.Locale;

/**
 * What a load did: items sent and acknowledged, items that failed (with the first reasons), items
 * sent again after a 429, bytes read and time taken.
 */
record LoadReport(
    String index,
    String protocol,
    long loaded,
    long failed,
    long retried,
    long bytes,
    long nanos,
    List<String> firstFailures) {

  double seconds() {
    return nanos / 1e9;
  }

  String summary() {
    double s = Math.max(seconds(), 1e-9);
    return String.format(
        Locale.ROOT,
        "loaded %,d documents into %s over %s in %.1f s: %,.0f docs/s, %.1f MB/s; %,d failed,"
            + " %,d retried after 429",
        loaded,
        index,
        protocol,
        seconds(),
        loaded / s,
        bytes / s / (1 << 20),
        failed,
        retried);
  }
}
