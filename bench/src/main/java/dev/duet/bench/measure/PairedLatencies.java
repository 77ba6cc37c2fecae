package dev.duet.bench.measure;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * Latencies measured in pairs: for each pair, one call straight to a node and the same call through
 * a hop, sent back to back. What the hop adds at a percentile is the difference of the two paths'
 * percentiles; its 95% interval comes from resampling the pairs (the bootstrap, percentile method).
 * A pair is drawn whole, so what both of its calls shared — a merge on the node, a preempted client
 * — stays shared in every resample. Pairs are drawn in blocks of consecutive pairs (the
 * moving-block bootstrap): a busy spell of the machine lasts many pairs, and drawing pairs one by
 * one would treat it as many independent accidents, giving an interval narrower than the runs' real
 * spread.
 *
 * <p>On a busy two-core machine the p99 of the same build moves by about a millisecond between
 * runs; the interval says whether one run can tell a target apart from that.
 */
public final class PairedLatencies {
  /** Resamples per interval: enough for the 2.5th and 97.5th percentiles of the differences. */
  public static final int RESAMPLES = 1000;

  private static final double NANOS_PER_MILLI = 1_000_000.0;

  private long[] direct = new long[1024];
  private long[] via = new long[1024];
  private int size;

  /** Records one pair, in nanoseconds. */
  public void add(long directNanos, long viaNanos) {
    if (size == direct.length) {
      direct = Arrays.copyOf(direct, size * 2);
      via = Arrays.copyOf(via, size * 2);
    }
    direct[size] = directNanos;
    via[size] = viaNanos;
    size++;
  }

  public int size() {
    return size;
  }

  /**
   * What the hop adds at each of {@code percentiles} (ascending, each in (0, 100]), in ms, with a
   * 95% interval from {@value #RESAMPLES} resamples drawn with {@code seed}, each made of blocks of
   * {@code block} consecutive pairs (1: pairs drawn one by one). A percentile is the nearest rank:
   * the smallest latency with at least that share of the calls at or below it.
   */
  public List<AddedLatency> added(double[] percentiles, int block, long seed) {
    if (size == 0) {
      throw new IllegalStateException("no pairs recorded");
    }
    if (block < 1) {
      throw new IllegalArgumentException("block: " + block + " (expected: >= 1)");
    }
    for (int p = 0; p < percentiles.length; p++) {
      if (!(percentiles[p] > 0 && percentiles[p] <= 100)
          || (p > 0 && percentiles[p] < percentiles[p - 1])) {
        throw new IllegalArgumentException(
            "percentiles: " + Arrays.toString(percentiles) + " (expected: ascending, in (0, 100])");
      }
    }
    long[] ranks = new long[percentiles.length];
    for (int p = 0; p < percentiles.length; p++) {
      ranks[p] = Math.max(1, (long) Math.ceil(percentiles[p] / 100 * size));
    }
    int[] byDirect = order(direct);
    int[] byVia = order(via);
    int[] once = new int[size];
    Arrays.fill(once, 1);
    long[] directAt = atRanks(direct, byDirect, once, ranks);
    long[] viaAt = atRanks(via, byVia, once, ranks);

    double[][] resampled = new double[percentiles.length][RESAMPLES];
    SplittableRandom random = new SplittableRandom(seed);
    int[] drawn = new int[size];
    for (int r = 0; r < RESAMPLES; r++) {
      Arrays.fill(drawn, 0);
      for (int taken = 0; taken < size; ) {
        // A block may run past the last pair: it goes on from the first (the circular variant),
        // so every pair is as likely to be drawn as any other.
        int start = random.nextInt(size);
        for (int k = 0; k < block && taken < size; k++, taken++) {
          drawn[(start + k) % size]++;
        }
      }
      long[] d = atRanks(direct, byDirect, drawn, ranks);
      long[] v = atRanks(via, byVia, drawn, ranks);
      for (int p = 0; p < percentiles.length; p++) {
        resampled[p][r] = v[p] - d[p];
      }
    }
    List<AddedLatency> added = new ArrayList<>();
    for (int p = 0; p < percentiles.length; p++) {
      double[] diffs = resampled[p];
      Arrays.sort(diffs);
      added.add(
          new AddedLatency(
              percentiles[p],
              (viaAt[p] - directAt[p]) / NANOS_PER_MILLI,
              diffs[(int) (0.025 * RESAMPLES)] / NANOS_PER_MILLI,
              diffs[(int) Math.ceil(0.975 * RESAMPLES) - 1] / NANOS_PER_MILLI));
    }
    return added;
  }

  /** Indices of the first {@code size} latencies, fastest first. */
  private int[] order(long[] latencies) {
    return IntStream.range(0, size)
        .boxed()
        .sorted(Comparator.comparingLong(i -> latencies[i]))
        .mapToInt(Integer::intValue)
        .toArray();
  }

  /**
   * The latency at each rank (ascending) of a sample that holds pair {@code i} {@code times[i]}
   * times: one walk up the path's sorted order, counting.
   */
  private static long[] atRanks(long[] latencies, int[] sorted, int[] times, long[] ranks) {
    long[] at = new long[ranks.length];
    long seen = 0;
    int next = 0;
    for (int j = 0; j < sorted.length && next < ranks.length; j++) {
      seen += times[sorted[j]];
      while (next < ranks.length && seen >= ranks[next]) {
        at[next++] = latencies[sorted[j]];
      }
    }
    return at;
  }

  /**
   * What the hop adds at one percentile, in ms: the estimate from all pairs and the 95% interval.
   */
  public record AddedLatency(double percentile, double estimate, double low, double high) {

    /** Whether a run tells this percentile apart from a target of at most {@code targetMs}. */
    public Verdict against(double targetMs) {
      if (high <= targetMs) {
        return Verdict.MET;
      }
      return low > targetMs ? Verdict.MISSED : Verdict.UNSETTLED;
    }
  }

  /** A target against an interval: all of it within, all of it beyond, or some of each. */
  public enum Verdict {
    MET,
    MISSED,
    UNSETTLED
  }
}
