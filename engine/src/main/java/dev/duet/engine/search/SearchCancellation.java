package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * How a transport tells the engine that the caller of a search has gone (a REST client hung up, a
 * gRPC call was cancelled or its deadline passed), so that the search stops where it would stop for
 * its {@code timeout}: while rewriting multi-term queries, collecting hits and aggregations, and
 * between fetched hits. The transport wraps its engine call in {@link #whileCallerWaits}; the
 * engine's search runs on the calling thread and reads the check from there, so no engine method
 * takes an extra parameter for it.
 */
public final class SearchCancellation {
  private static final ThreadLocal<BooleanSupplier> CALLER_GONE = new ThreadLocal<>();
  private static final LongAdder CANCELLED = new LongAdder();
  private static volatile Consumer<BooleanSupplier> checkpointHook;

  private SearchCancellation() {}

  /** Runs {@code call}; searches it makes on this thread stop once {@code callerGone} is true. */
  public static <T> T whileCallerWaits(BooleanSupplier callerGone, Supplier<T> call) {
    requireNonNull(callerGone, "callerGone");
    BooleanSupplier previous = CALLER_GONE.get();
    CALLER_GONE.set(callerGone);
    try {
      return call.get();
    } finally {
      if (previous == null) {
        CALLER_GONE.remove();
      } else {
        CALLER_GONE.set(previous);
      }
    }
  }

  /** The check of the engine call running on this thread; null outside one. */
  public static BooleanSupplier current() {
    return CALLER_GONE.get();
  }

  /** How many searches of this JVM have stopped because their caller had gone. */
  public static long cancelledSearches() {
    return CANCELLED.sum();
  }

  /** Counts one search stopped for its caller. */
  public static void countCancelled() {
    CANCELLED.increment();
  }

  /**
   * For tests of a transport's wiring: {@code hook} is called with the caller's check at each point
   * where a search looks at it (it may wait there for the check to turn true, so a test needs no
   * slow search); null removes it.
   */
  public static void onCheckpoint(Consumer<BooleanSupplier> hook) {
    checkpointHook = hook;
  }

  /** Whether the caller of the search on this thread has gone, after the test hook ran. */
  public static boolean callerGone(BooleanSupplier check) {
    Consumer<BooleanSupplier> hook = checkpointHook;
    if (hook != null) {
      hook.accept(check);
    }
    return check.getAsBoolean();
  }
}
