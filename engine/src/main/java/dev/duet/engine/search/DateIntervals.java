package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;
import java.util.Set;

/**
 * The interval forms of {@code date_histogram}, checked where a request is decoded: calendar units
 * ({@code month}, {@code 1M}, ...) and fixed lengths ({@code 30d}, {@code 90m}, {@code 500ms}).
 */
public final class DateIntervals {
  private static final Set<String> CALENDAR =
      Set.of(
          "minute", "1m", "hour", "1h", "day", "1d", "week", "1w", "month", "1M", "quarter", "1q",
          "year", "1y");

  private DateIntervals() {}

  /** Fails with OpenSearch's reason unless {@code interval} names a calendar unit. */
  public static String checkCalendar(String interval) {
    if (!CALENDAR.contains(interval)) {
      throw DuetException.illegalArgument(
          "The supplied interval [" + interval + "] could not be parsed as a calendar interval.");
    }
    return interval;
  }

  /** A fixed interval's length in millis; fails with OpenSearch's reason for any other text. */
  public static long fixedMillis(String interval) {
    int i = 0;
    while (i < interval.length() && Character.isDigit(interval.charAt(i))) {
      i++;
    }
    long unit =
        switch (interval.substring(i)) {
          case "ms" -> 1;
          case "s" -> 1_000;
          case "m" -> 60_000;
          case "h" -> 3_600_000;
          case "d" -> 86_400_000;
          default -> 0;
        };
    long millis;
    try {
      if (i == 0 || unit == 0) {
        throw new NumberFormatException(interval);
      }
      millis = Math.multiplyExact(Long.parseLong(interval.substring(0, i)), unit);
    } catch (NumberFormatException | ArithmeticException e) {
      throw DuetException.illegalArgument(
          "failed to parse setting [date_histogram.fixedInterval] with value ["
              + interval
              + "] as a time value: unit is missing or unrecognized");
    }
    if (millis <= 0) {
      // Rounding divides by it.
      throw DuetException.illegalArgument("Zero or negative time interval not supported");
    }
    return millis;
  }
}
