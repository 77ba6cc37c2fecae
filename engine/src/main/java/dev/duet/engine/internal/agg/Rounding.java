package dev.duet.engine.internal.agg;

import dev.duet.engine.search.DateIntervals;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;

/**
 * Rounds epoch millis down to the start of their date_histogram bucket: calendar units (minute to
 * year, in the time zone, DST-aware) or fixed intervals. Remembers the last bucket so that runs of
 * nearby values round without touching {@code java.time}.
 */
final class Rounding {
  private final ChronoUnit unit; // null for fixed intervals
  private final long fixedMillis;
  private final ZoneId zone;
  private static final int MAX_REMEMBERED = 4096;
  private long[] starts = new long[16];
  private long[] ends = new long[16];
  private int size;
  private long lastStart = Long.MAX_VALUE;
  private long lastEnd = Long.MIN_VALUE;

  private Rounding(ChronoUnit unit, long fixedMillis, ZoneId zone) {
    this.unit = unit;
    this.fixedMillis = fixedMillis;
    this.zone = zone;
  }

  static Rounding calendar(String interval, ZoneId zone) {
    ChronoUnit unit =
        switch (DateIntervals.checkCalendar(interval)) {
          case "minute", "1m" -> ChronoUnit.MINUTES;
          case "hour", "1h" -> ChronoUnit.HOURS;
          case "day", "1d" -> ChronoUnit.DAYS;
          case "week", "1w" -> ChronoUnit.WEEKS;
          case "month", "1M" -> ChronoUnit.MONTHS;
          case "quarter", "1q" -> ChronoUnit.DECADES; // stands for quarters below
          case "year", "1y" -> ChronoUnit.YEARS;
          default -> throw new IllegalStateException(interval);
        };
    return new Rounding(unit, 0, zone);
  }

  static Rounding fixed(String interval, ZoneId zone) {
    return new Rounding(null, fixedMillis(interval), zone);
  }

  static long fixedMillis(String interval) {
    return DateIntervals.fixedMillis(interval);
  }

  long round(long millis) {
    if (millis >= lastStart && millis < lastEnd) {
      return lastStart;
    }
    int known = java.util.Arrays.binarySearch(starts, 0, size, millis);
    int at = known >= 0 ? known : -known - 2; // the last bucket starting at or before millis
    if (at >= 0 && millis < ends[at]) {
      lastStart = starts[at];
      lastEnd = ends[at];
      return lastStart;
    }
    long start;
    if (unit == null) {
      long offset = zone == ZoneOffset.UTC ? 0 : offsetMillis(millis);
      start = Math.floorDiv(millis + offset, fixedMillis) * fixedMillis - offset;
    } else {
      start = truncate(Instant.ofEpochMilli(millis).atZone(zone)).toInstant().toEpochMilli();
    }
    lastStart = start;
    lastEnd = next(start);
    remember(start, lastEnd);
    return start;
  }

  /**
   * Keeps bucket bounds sorted so that values in any bucket seen before round without java.time.
   */
  private void remember(long start, long end) {
    if (size == MAX_REMEMBERED) {
      return;
    }
    if (size == starts.length) {
      starts = java.util.Arrays.copyOf(starts, size * 2);
      ends = java.util.Arrays.copyOf(ends, size * 2);
    }
    int at = -java.util.Arrays.binarySearch(starts, 0, size, start) - 1;
    if (at < 0) {
      return;
    }
    System.arraycopy(starts, at, starts, at + 1, size - at);
    System.arraycopy(ends, at, ends, at + 1, size - at);
    starts[at] = start;
    ends[at] = end;
    size++;
  }

  /** The start of the bucket after the one starting at {@code start}. */
  long next(long start) {
    if (unit == null) {
      return start + fixedMillis;
    }
    ZonedDateTime t = Instant.ofEpochMilli(start).atZone(zone);
    ZonedDateTime n = unit == ChronoUnit.DECADES ? t.plusMonths(3) : t.plus(1, unit);
    return truncate(n).toInstant().toEpochMilli();
  }

  private long offsetMillis(long millis) {
    return zone.getRules().getOffset(Instant.ofEpochMilli(millis)).getTotalSeconds() * 1000L;
  }

  private ZonedDateTime truncate(ZonedDateTime t) {
    return switch (unit) {
      case MINUTES, HOURS, DAYS -> t.truncatedTo(unit);
      case WEEKS ->
          t.truncatedTo(ChronoUnit.DAYS).with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
      case MONTHS -> t.truncatedTo(ChronoUnit.DAYS).withDayOfMonth(1);
      case DECADES ->
          t.truncatedTo(ChronoUnit.DAYS)
              .withDayOfMonth(1)
              .withMonth((t.getMonthValue() - 1) / 3 * 3 + 1);
      case YEARS -> t.truncatedTo(ChronoUnit.DAYS).withDayOfYear(1);
      default -> throw new IllegalStateException(unit.toString());
    };
  }
}
