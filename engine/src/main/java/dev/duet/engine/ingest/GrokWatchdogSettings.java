package dev.duet.engine.ingest;

/**
 * How long a grok pattern may run on one value before the node interrupts it, OpenSearch's static
 * node settings {@code ingest.grok.watchdog.max_execution_time} and {@code
 * ingest.grok.watchdog.interval} (how often running matches are checked), both 1s by default.
 *
 * @param intervalMillis how often the watchdog looks at the running matches
 * @param maxExecutionMillis how long one match may run before it is interrupted
 */
public record GrokWatchdogSettings(long intervalMillis, long maxExecutionMillis) {
  /** OpenSearch's defaults: checked every second, interrupted after one. */
  public static final GrokWatchdogSettings DEFAULTS = new GrokWatchdogSettings(1000, 1000);

  public GrokWatchdogSettings {
    if (intervalMillis <= 0) {
      throw new IllegalArgumentException(
          "ingest.grok.watchdog.interval: " + intervalMillis + "ms (expected: > 0)");
    }
    if (maxExecutionMillis <= 0) {
      throw new IllegalArgumentException(
          "ingest.grok.watchdog.max_execution_time: " + maxExecutionMillis + "ms (expected: > 0)");
    }
  }
}
