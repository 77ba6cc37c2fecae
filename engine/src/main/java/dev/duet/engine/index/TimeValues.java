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
}
