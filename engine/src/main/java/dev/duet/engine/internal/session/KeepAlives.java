package dev.duet.engine.internal.session;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.TimeValues;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.concurrent.TimeUnit;

/** Keep-alive time values of scrolls and points in time, parsed and printed as OpenSearch does. */
public final class KeepAlives {
  private static final long[] UNITS = {86_400_000L, 3_600_000L, 60_000L, 1000L, 1L};
  private static final String[] NAMES = {"d", "h", "m", "s", "ms"};

  private KeepAlives() {}

  /**
   * Milliseconds of {@code 30s}, {@code 5m}, {@code 1d}, {@code 300000000000nanos} (OpenSearch's
   * remote reindex sends its keep-alive in nanos); 400 naming {@code setting} otherwise.
   */
  static long parse(String value, String setting) {
    long nanos = TimeValues.parseNanos(value, setting);
    if (nanos < 0) {
      throw DuetException.illegalArgument(
          "failed to parse setting [" + setting + "] with value [" + value + "] as a time value");
    }
    return TimeUnit.NANOSECONDS.toMillis(nanos);
  }

  static DuetException tooLarge(long millis, long max, String setting) {
    return DuetException.illegalArgument(
        "Keep alive for request ("
            + format(millis)
            + ") is too large. It must be less than ("
            + format(max)
            + "). This limit can be set by changing the ["
            + setting
            + "] cluster level setting.");
  }

  /** OpenSearch's {@code TimeValue.toString()}: the largest whole unit, one decimal at most. */
  static String format(long millis) {
    for (int i = 0; i < UNITS.length; i++) {
      if (millis >= UNITS[i]) {
        BigDecimal value =
            BigDecimal.valueOf(millis)
                .divide(BigDecimal.valueOf(UNITS[i]), 1, RoundingMode.HALF_UP)
                .stripTrailingZeros();
        return value.toPlainString() + NAMES[i];
      }
    }
    return millis + "ms";
  }
}
