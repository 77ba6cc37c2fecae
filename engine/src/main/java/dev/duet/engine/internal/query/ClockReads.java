package dev.duet.engine.internal.query;

/**
 * Whether the search running on this thread read the clock ({@code now} in date math, {@code
 * random_score} without a seed): such an answer may not be cached. The request cache starts and
 * ends the tracking around a search; the query builders report each read.
 */
public final class ClockReads {
  private static final ThreadLocal<boolean[]> READ = ThreadLocal.withInitial(() -> null);

  private ClockReads() {}

  /** Starts tracking, on this thread, whether the search about to run reads the clock. */
  public static void begin() {
    READ.set(new boolean[1]);
  }

  /** Whether the search begun on this thread read the clock; ends the tracking. */
  public static boolean end() {
    boolean[] read = READ.get();
    READ.remove();
    return read != null && read[0];
  }

  /** Called where a search reads the clock ({@code now}): its answer may not be cached. */
  public static void read() {
    boolean[] read = READ.get();
    if (read != null) {
      read[0] = true;
    }
  }
}
