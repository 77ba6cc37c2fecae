package dev.duet.engine.search;

/**
 * The limits on scrolls and points in time, with OpenSearch's setting names and defaults: {@code
 * search.max_open_scroll_context} (500), {@code search.max_open_pit_context} (300), {@code
 * search.max_keep_alive} (24h, for scrolls) and {@code point_in_time.max_keep_alive} (24h), and how
 * often expired contexts are reaped ({@code search.keep_alive_interval}, 1m).
 */
public record SessionLimits(
    int maxOpenScrolls,
    int maxOpenPits,
    long maxKeepAliveMillis,
    long pitMaxKeepAliveMillis,
    long reapIntervalMillis) {
  private static final long DAY = 24 * 3_600_000L;

  public static final SessionLimits DEFAULTS = new SessionLimits(500, 300, DAY, DAY, 60_000);

  public SessionLimits withMaxOpenScrolls(int value) {
    return new SessionLimits(
        value, maxOpenPits, maxKeepAliveMillis, pitMaxKeepAliveMillis, reapIntervalMillis);
  }

  public SessionLimits withMaxOpenPits(int value) {
    return new SessionLimits(
        maxOpenScrolls, value, maxKeepAliveMillis, pitMaxKeepAliveMillis, reapIntervalMillis);
  }

  public SessionLimits withMaxKeepAliveMillis(long value) {
    return new SessionLimits(
        maxOpenScrolls, maxOpenPits, value, pitMaxKeepAliveMillis, reapIntervalMillis);
  }

  public SessionLimits withPitMaxKeepAliveMillis(long value) {
    return new SessionLimits(
        maxOpenScrolls, maxOpenPits, maxKeepAliveMillis, value, reapIntervalMillis);
  }
}
