package dev.duet.engine.internal.shard;

import dev.duet.engine.index.IndexSettings;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * When an index refreshes in the background: every {@code refresh_interval} (skipped while
 * search-idle), and early when its live version map grows too large.
 */
final class RefreshSchedule {
  // Past this many unrefreshed writes, refresh early so the version map stays small.
  private static final int VERSION_MAP_LIMIT = 250_000;
  // ... or past this many bytes of it (sources held for realtime get): a search-idle index does not
  // refresh on its schedule, so the map may otherwise hold every source written for a long time.
  private static final long VERSION_MAP_BYTES_LIMIT =
      Math.max(16L << 20, Runtime.getRuntime().maxMemory() / 20);

  private final ScheduledExecutorService scheduler;
  private final IndexReaders readers;
  private final LiveVersionMap versions;
  private final Supplier<IndexSettings> settings;
  private final AtomicBoolean earlyRefreshQueued = new AtomicBoolean();
  private volatile ScheduledFuture<?> refreshTask; // replaced when refresh_interval changes

  RefreshSchedule(
      ScheduledExecutorService scheduler,
      IndexReaders readers,
      LiveVersionMap versions,
      Supplier<IndexSettings> settings) {
    this.scheduler = scheduler;
    this.readers = readers;
    this.versions = versions;
    this.settings = settings;
  }

  /** Refreshes every {@code interval} milliseconds from now on (never when not positive). */
  void schedule(long interval) {
    ScheduledFuture<?> old = refreshTask;
    if (old != null) {
      old.cancel(false);
    }
    refreshTask =
        interval > 0
            ? scheduler.scheduleWithFixedDelay(
                this::scheduledRefresh, interval, interval, TimeUnit.MILLISECONDS)
            : null;
  }

  /** Stops the periodic refreshes. */
  void cancel() {
    ScheduledFuture<?> task = refreshTask;
    if (task != null) {
      task.cancel(false);
    }
  }

  /** After a write: queues one early refresh when the version map is past its limits. */
  void refreshIfVersionMapFull() {
    if ((versions.size() > VERSION_MAP_LIMIT || versions.ramBytes() > VERSION_MAP_BYTES_LIMIT)
        && earlyRefreshQueued.compareAndSet(false, true)) {
      try {
        scheduler.execute(
            () -> {
              earlyRefreshQueued.set(false);
              // even when search-idle: the version map must not grow unbounded
              readers.backgroundRefresh();
            });
      } catch (RejectedExecutionException e) {
        earlyRefreshQueued.set(false); // the engine is closing; close() commits anyway
      }
    }
  }

  private void scheduledRefresh() {
    if (readers.searchIdle().skipScheduledRefresh(settings.get())) {
      return;
    }
    readers.backgroundRefresh();
  }
}
