package dev.duet.engine.index;

import dev.duet.engine.error.DuetException;

/** OpenSearch time values ({@code 500ms}, {@code 1s}, {@code 5m}, {@code -1}). */
public final class TimeValues {
  private TimeValues() {}

  public static long parseMillis(String value, String setting) {
    String v = value.trim();
    if (v.equals("-1")) {
      return -1;
    }
    try {
      if (v.endsWith("ms")) {
        return Long.parseLong(v.substring(0, v.length() - 2));
      }
      if (v.endsWith("s")) {
        return Long.parseLong(v.substring(0, v.length() - 1)) * 1000;
      }
      if (v.endsWith("m")) {
        return Long.parseLong(v.substring(0, v.length() - 1)) * 60_000;
      }
      if (v.endsWith("h")) {
        return Long.parseLong(v.substring(0, v.length() - 1)) * 3_600_000;
      }
    } catch (NumberFormatException e) {
      // fall through to the error below
    }
    throw DuetException.illegalArgument(
        "failed to parse setting ["
            + setting
            + "] with value ["
            + value
            + "] as a time value: unit is missing or unrecognized");
  }

  /**
   * A time value in nanoseconds, with the units of a request's {@code timeout} ({@code nanos},
   * {@code micros}, {@code ms}, {@code s}, {@code m}, {@code h}, {@code d}); {@code -1} is -1.
   */
  public static long parseNanos(String value, String setting) {
    String v = value.trim();
    if (v.equals("-1")) {
      return -1;
    }
    String[][] units = {
      {"nanos", "1"},
      {"micros", "1000"},
      {"ms", "1000000"},
      {"s", "1000000000"},
      {"m", "60000000000"},
      {"h", "3600000000000"},
      {"d", "86400000000000"}
    };
    for (String[] unit : units) {
      if (v.endsWith(unit[0])) {
        try {
          return Math.multiplyExact(
              Long.parseLong(v.substring(0, v.length() - unit[0].length()).trim()),
              Long.parseLong(unit[1]));
        } catch (NumberFormatException | ArithmeticException e) {
          break;
        }
      }
    }
    throw DuetException.illegalArgument(
        "failed to parse setting ["
            + setting
            + "] with value ["
            + value
            + "] as a time value: unit is missing or unrecognized");
  }
}
