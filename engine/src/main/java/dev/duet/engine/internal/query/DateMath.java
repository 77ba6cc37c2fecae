package dev.duet.engine.internal.query;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.DateFormats;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;

/**
 * OpenSearch date math in range bounds: {@code now}, {@code now-1d/d}, {@code 2020-01-01||+1M/M}.
 * Rounding ({@code /d}) goes to the unit's start, or to its last millisecond when the bound rounds
 * up ({@code lte}, {@code gt}).
 */
public final class DateMath {
  private DateMath() {}

  static long parse(String text, DateFormats formats, boolean roundUp) {
    return parse(text, formats, roundUp, null);
  }

  /**
   * As {@link #parse(String, DateFormats, boolean)}, with a range's {@code time_zone}: a date
   * without an offset of its own is read in {@code zone}, and rounding goes to the unit's start in
   * that zone ({@code now/d} is the zone's midnight); null is UTC.
   */
  static long parse(String text, DateFormats formats, boolean roundUp, ZoneId zone) {
    long base;
    String math;
    if (text.startsWith("now")) {
      base = System.currentTimeMillis();
      ClockReads.read();
      math = text.substring(3);
    } else {
      int anchor = text.indexOf("||");
      if (anchor < 0) {
        return formats.parseMillis(text, roundUp, zone);
      }
      base = formats.parseMillis(text.substring(0, anchor), false, zone);
      math = text.substring(anchor + 2);
    }
    return apply(base, math, roundUp, text, zone == null ? ZoneOffset.UTC : zone);
  }

  private static long apply(long base, String math, boolean roundUp, String text, ZoneId zone) {
    ZonedDateTime t = Instant.ofEpochMilli(base).atZone(zone);
    int i = 0;
    while (i < math.length()) {
      char op = math.charAt(i++);
      boolean round = op == '/';
      int sign = op == '-' ? -1 : 1;
      if (!round && op != '+' && op != '-') {
        throw invalid(text, "operator not supported for date math [" + math + "]");
      }
      int num = 1;
      if (!round) {
        int start = i;
        while (i < math.length() && Character.isDigit(math.charAt(i))) {
          i++;
        }
        if (i > start) {
          num = Integer.parseInt(math.substring(start, i));
        }
      }
      if (i >= math.length()) {
        throw invalid(text, "truncated date math [" + math + "]");
      }
      ChronoUnit unit = unit(math.charAt(i++), text);
      if (round) {
        t = truncate(t, unit);
        if (roundUp) {
          t = t.plus(1, unit).minusNanos(1_000_000);
        }
      } else {
        t = t.plus((long) sign * num, unit);
      }
    }
    return t.toInstant().toEpochMilli();
  }

  private static ZonedDateTime truncate(ZonedDateTime t, ChronoUnit unit) {
    return switch (unit) {
      case YEARS -> t.withDayOfYear(1).truncatedTo(ChronoUnit.DAYS);
      case MONTHS -> t.withDayOfMonth(1).truncatedTo(ChronoUnit.DAYS);
      case WEEKS ->
          t.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY)).truncatedTo(ChronoUnit.DAYS);
      default -> t.truncatedTo(unit);
    };
  }

  private static ChronoUnit unit(char c, String text) {
    return switch (c) {
      case 'y' -> ChronoUnit.YEARS;
      case 'M' -> ChronoUnit.MONTHS;
      case 'w' -> ChronoUnit.WEEKS;
      case 'd' -> ChronoUnit.DAYS;
      case 'h', 'H' -> ChronoUnit.HOURS;
      case 'm' -> ChronoUnit.MINUTES;
      case 's' -> ChronoUnit.SECONDS;
      default -> throw invalid(text, "unit [" + c + "] not supported for date math");
    };
  }

  private static DuetException invalid(String text, String why) {
    return DuetException.illegalArgument(why);
  }
}
