package dev.duet.engine.internal.agg;

import dev.duet.engine.breaker.RequestMemory;
import org.apache.lucene.internal.hppc.LongHashSet;

/**
 * A distinct-count sketch over 64-bit hashes: an exact hash set while it holds at most {@code
 * threshold} hashes, then 2^p HyperLogLog registers with the small-range (linear counting)
 * correction.
 */
final class HyperLogLog {
  private final long threshold;
  private final int p;
  private final String breakerLabel;
  private LongHashSet exact = new LongHashSet();
  private byte[] registers;

  /**
   * @param breakerLabel what the request breaker names when this sketch's growth trips it
   */
  HyperLogLog(long threshold, int precision, String breakerLabel) {
    this.threshold = threshold;
    this.p = precision;
    this.breakerLabel = breakerLabel;
    RequestMemory.reserve(64, breakerLabel);
  }

  void add(long hash) {
    if (exact != null) {
      if (exact.add(hash)) {
        int n = exact.size();
        if ((n & (n - 1)) == 0) {
          // The set doubles about here: 8-byte slots at a 0.75 load factor, twice over.
          RequestMemory.reserve(n * 24L, breakerLabel);
        }
      }
      if (exact.size() > threshold) {
        RequestMemory.reserve(1L << p, breakerLabel);
        registers = new byte[1 << p];
        for (var cursor : exact) {
          addToRegisters(cursor.value);
        }
        exact = null;
      }
      return;
    }
    addToRegisters(hash);
  }

  private void addToRegisters(long hash) {
    int index = (int) (hash >>> (64 - p));
    int rank = Long.numberOfLeadingZeros((hash << p) | (1L << (p - 1))) + 1;
    if (rank > registers[index]) {
      registers[index] = (byte) rank;
    }
  }

  long cardinality() {
    if (exact != null) {
      return exact.size();
    }
    int m = registers.length;
    double sum = 0;
    int zeros = 0;
    for (byte r : registers) {
      sum += 1.0 / (1L << r);
      if (r == 0) {
        zeros++;
      }
    }
    double alpha = m == 16 ? 0.673 : m == 32 ? 0.697 : m == 64 ? 0.709 : 0.7213 / (1 + 1.079 / m);
    double estimate = alpha * m * m / sum;
    if (estimate <= 2.5 * m && zeros > 0) {
      estimate = m * Math.log((double) m / zeros);
    }
    return Math.round(estimate);
  }
}
