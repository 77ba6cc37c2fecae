package dev.duet.engine.internal.agg;

import org.apache.lucene.internal.hppc.LongHashSet;

/**
 * A distinct-count sketch over 64-bit hashes: an exact hash set while it holds at most {@code
 * threshold} hashes, then 2^p HyperLogLog registers with the small-range (linear counting)
 * correction.
 */
final class HyperLogLog {
  private final long threshold;
  private final int p;
  private LongHashSet exact = new LongHashSet();
  private byte[] registers;

  HyperLogLog(long threshold, int precision) {
    this.threshold = threshold;
    this.p = precision;
  }

  void add(long hash) {
    if (exact != null) {
      if (exact.add(hash) && exact.size() > threshold) {
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
