package dev.duet.engine.document;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The live side of one {@code _delete_by_query}, {@code _update_by_query} or {@code _reindex} run
 * (OpenSearch's {@code BulkByScrollTask}): its counters as it goes, which {@code GET _tasks/<id>}
 * shows as the task's {@code status}; its throttle ({@code requests_per_second}, changed while it
 * runs by {@code _rethrottle}); and its cancellation, which stops it after the batch under way. The
 * run updates it from its own thread; readers see each counter as of its last batch.
 */
public final class ByQueryTask {
  /** {@code requests_per_second} when unthrottled. */
  public static final float UNTHROTTLED = -1f;

  private final AtomicLong total = new AtomicLong();
  private final AtomicLong updated = new AtomicLong();
  private final AtomicLong created = new AtomicLong();
  private final AtomicLong deleted = new AtomicLong();
  private final AtomicLong batches = new AtomicLong();
  private final AtomicLong versionConflicts = new AtomicLong();
  private final AtomicLong noops = new AtomicLong();
  private final AtomicLong throttledNanos = new AtomicLong();
  private final Object throttle = new Object();
  private volatile float requestsPerSecond;
  private volatile long throttledUntilNanos;
  private volatile boolean cancelled;

  public ByQueryTask(float requestsPerSecond) {
    this.requestsPerSecond = check(requestsPerSecond);
  }

  /** A run nobody watches or throttles. */
  public static ByQueryTask unthrottled() {
    return new ByQueryTask(UNTHROTTLED);
  }

  /** What {@code GET _tasks/<id>} shows of the run, in OpenSearch's counters. */
  public record Status(
      long total,
      long updated,
      long created,
      long deleted,
      long batches,
      long versionConflicts,
      long noops,
      long throttledMillis,
      float requestsPerSecond,
      boolean cancelled,
      long throttledUntilMillis) {}

  public Status status() {
    long until = Math.max(0, throttledUntilNanos - System.nanoTime());
    return new Status(
        total.get(),
        updated.get(),
        created.get(),
        deleted.get(),
        batches.get(),
        versionConflicts.get(),
        noops.get(),
        TimeUnit.NANOSECONDS.toMillis(throttledNanos.get()),
        requestsPerSecond,
        cancelled,
        cancelled ? 0 : TimeUnit.NANOSECONDS.toMillis(until));
  }

  /** Stops the run after the batch under way, as OpenSearch's cancellation does. */
  public void cancel() {
    cancelled = true;
    synchronized (throttle) {
      throttle.notifyAll();
    }
  }

  public boolean cancelled() {
    return cancelled;
  }

  public float requestsPerSecond() {
    return requestsPerSecond;
  }

  /** {@code _rethrottle}: the new rate applies to the wait under way and every later one. */
  public void rethrottle(float requestsPerSecond) {
    this.requestsPerSecond = check(requestsPerSecond);
    synchronized (throttle) {
      throttle.notifyAll();
    }
  }

  /** {@code requests_per_second}: -1 (or infinity) unthrottled, else greater than 0. */
  public static float check(float requestsPerSecond) {
    if (requestsPerSecond == UNTHROTTLED || Float.isInfinite(requestsPerSecond)) {
      return UNTHROTTLED;
    }
    if (!(requestsPerSecond > 0)) {
      throw dev.duet.engine.error.DuetException.illegalArgument(
          "[requests_per_second] must be a float greater than 0. Use -1 to disable throttling.");
    }
    return requestsPerSecond;
  }

  // Called by the run.

  public void addTotal(long n) {
    total.addAndGet(n);
  }

  /** Matches a script left alone ({@code ctx.op = 'noop'}), never written. */
  public void addNoops(long n) {
    noops.addAndGet(n);
  }

  /** One batch written: its documents by outcome. */
  public void batchDone(long updated, long created, long deleted, long conflicts, long noops) {
    this.updated.addAndGet(updated);
    this.created.addAndGet(created);
    this.deleted.addAndGet(deleted);
    this.versionConflicts.addAndGet(conflicts);
    this.noops.addAndGet(noops);
    batches.incrementAndGet();
  }

  /**
   * Waits, after a batch of {@code docs} that took {@code tookNanos}, as long as the rate asks
   * ({@code docs / requests_per_second} seconds per batch), waking early for a rethrottle or a
   * cancellation.
   */
  public void throttleAfter(int docs, long tookNanos) {
    long start = System.nanoTime();
    synchronized (throttle) {
      while (!cancelled) {
        float rate = requestsPerSecond;
        if (rate == UNTHROTTLED || docs == 0) {
          break;
        }
        long due = start - tookNanos + (long) (docs / (double) rate * 1e9);
        long left = due - System.nanoTime();
        if (left <= 0) {
          break;
        }
        throttledUntilNanos = due;
        try {
          TimeUnit.NANOSECONDS.timedWait(throttle, left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          cancelled = true;
        }
      }
      throttledUntilNanos = 0;
    }
    throttledNanos.addAndGet(System.nanoTime() - start);
  }
}
