package dev.duet.engine.internal.session;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.TimeValues;
import java.math.BigDecimal;
import java.math.RoundingMode;

/** Keep-alive time values of scrolls and points in time, parsed and printed as OpenSearch does. */
public final class KeepAlives {
  private static final long[] UNITS = {86_400_000L, 3_600_000L, 60_000L, 1000L, 1L};
  private static final String[] NAMES = {"d", "h", "m", "s", "ms"};

  private KeepAlives() {}

  /** Milliseconds of {@code 30s}, {@code 5m}, {@code 1d}; 400 naming {@code setting} otherwise. */
  static long parse(String value, String setting) {
    String v = value.trim();
    if (v.endsWith("d")) {
      try {
        return Long.parseLong(v.substring(0, v.length() - 1)) * UNITS[0];
      } catch (NumberFormatException e) {
        throw DuetException.illegalArgument(
            "failed to parse setting ["
                + setting
                + "] with value ["
                + value
                + "] as a time value: unit is missing or unrecognized");
      }
    }
    long millis = TimeValues.parseMillis(v, setting);
    if (millis < 0) {
      throw DuetException.illegalArgument(
          "failed to parse setting [" + setting + "] with value [" + value + "] as a time value");
    }
    return millis;
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
