package dev.duet.engine.internal.ingest;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.ingest.GrokWatchdogSettings;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.opensearch.grok.MatcherWatchdog;

/**
 * The node's grok watchdog: OpenSearch's {@link MatcherWatchdog} on a timer thread of its own
 * ({@code duet-grok-watchdog}, started by the first grok match and ended by {@link #close}), so a
 * pattern that backtracks fails its document after {@code ingest.grok.watchdog.max_execution_time}
 * instead of holding a write thread.
 */
final class GrokWatchdog implements AutoCloseable {
  private final ScheduledThreadPoolExecutor timer;
  private final MatcherWatchdog watchdog;

  GrokWatchdog(GrokWatchdogSettings settings) {
    requireNonNull(settings, "settings");
    this.timer =
        new ScheduledThreadPoolExecutor(
            1,
            r -> {
              Thread t = new Thread(r, "duet-grok-watchdog");
              t.setDaemon(true);
              return t;
            });
    timer.setRemoveOnCancelPolicy(true);
    timer.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    this.watchdog =
        MatcherWatchdog.newInstance(
            settings.intervalMillis(),
            settings.maxExecutionMillis(),
            () -> TimeUnit.NANOSECONDS.toMillis(System.nanoTime()),
            this::schedule);
  }

  /** The watchdog grok processors register their matches with. */
  MatcherWatchdog matcherWatchdog() {
    return watchdog;
  }

  @Override
  public void close() {
    timer.shutdownNow();
    try {
      // its tasks only flag matchers, so it ends at once; waiting keeps a closed node thread-free
      timer.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void schedule(long delayMillis, Runnable check) {
    try {
      timer.schedule(check, delayMillis, TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      // the node is closing: nothing is left to watch
    }
  }
}
