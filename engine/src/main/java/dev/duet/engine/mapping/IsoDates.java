package dev.duet.engine.mapping;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.ZoneId;

/**
 * A hand-written parser for {@code strict_date_optional_time} ({@code
 * yyyy[-MM[-dd[THH[:mm[:ss[.S+]]] [Z|±HH[:mm]]]]]}): dates are on the write hot path, and {@code
 * java.time}'s optional sections copy their state at every bracket.
 */
final class IsoDates {
  private IsoDates() {}

  /** Epoch millis, or null when the text is not in the format. */
  static Long parse(String s, boolean roundUp) {
    return parse(s, roundUp, null);
  }

  /** Epoch millis, a text without an offset read in {@code zone} (UTC when null). */
  static Long parse(String s, boolean roundUp, ZoneId zone) {
    int n = s.length();
    int year = digits(s, 0, 4);
    if (year < 0) {
      return null;
    }
    int month = -1;
    int day = -1;
    int hour = -1;
    int minute = -1;
    int second = -1;
    int nano = -1;
    int offsetSeconds = 0;
    boolean offsetGiven = false;
    int i = 4;
    if (i < n) {
      if (s.charAt(i) != '-' || (month = digits(s, i + 1, 2)) < 0) {
        return null;
      }
      i += 3;
    }
    if (i < n) {
      if (s.charAt(i) != '-' || (day = digits(s, i + 1, 2)) < 0) {
        return null;
      }
      i += 3;
    }
    if (i < n) {
      if (s.charAt(i) != 'T' || (hour = digits(s, i + 1, 2)) < 0) {
        return null;
      }
      i += 3;
      if (i < n && s.charAt(i) == ':') {
        if ((minute = digits(s, i + 1, 2)) < 0) {
          return null;
        }
        i += 3;
        if (i < n && s.charAt(i) == ':') {
          if ((second = digits(s, i + 1, 2)) < 0) {
            return null;
          }
          i += 3;
          if (i < n && (s.charAt(i) == '.' || s.charAt(i) == ',')) {
            int start = ++i;
            while (i < n && isDigit(s.charAt(i))) {
              i++;
            }
            int len = i - start;
            if (len < 1 || len > 9) {
              return null;
            }
            nano = digits(s, start, len);
            for (int k = len; k < 9; k++) {
              nano *= 10;
            }
          }
        }
      }
      if (i < n) {
        char c = s.charAt(i);
        offsetGiven = true;
        if (c == 'Z') {
          i++;
        } else if (c == '+' || c == '-') {
          int hours = digits(s, i + 1, 2);
          if (hours < 0) {
            return null;
          }
          i += 3;
          int minutes = 0;
          if (i < n && s.charAt(i) == ':') {
            minutes = digits(s, i + 1, 2);
            i += 3;
          } else if (i + 2 <= n) {
            minutes = digits(s, i, 2);
            i += 2;
          }
          if (minutes < 0 || hours > 18 || minutes > 59) {
            return null;
          }
          offsetSeconds = (c == '-' ? -1 : 1) * (hours * 3600 + minutes * 60);
        } else {
          return null;
        }
      }
    }
    if (i != n) {
      return null;
    }
    try {
      if (month < 0) {
        month = roundUp ? 12 : 1;
      }
      LocalDate date =
          day >= 0
              ? LocalDate.of(year, month, day)
              : LocalDate.of(year, month, 1)
                  .withDayOfMonth(roundUp ? lengthOfMonth(year, month) : 1);
      if (hour < 0) {
        hour = roundUp ? 23 : 0;
      }
      if (minute < 0) {
        minute = roundUp ? 59 : 0;
      }
      if (second < 0) {
        second = roundUp ? 59 : 0;
      }
      if (nano < 0) {
        nano = roundUp ? 999_999_999 : 0;
      }
      if (hour > 23 || minute > 59 || second > 59) {
        return null;
      }
      if (!offsetGiven && zone != null) {
        offsetSeconds =
            zone.getRules().getOffset(date.atTime(hour, minute, second)).getTotalSeconds();
      }
      long seconds = date.toEpochDay() * 86_400L + hour * 3600L + minute * 60L + second;
      return (seconds - offsetSeconds) * 1000L + nano / 1_000_000;
    } catch (DateTimeException e) {
      return null;
    }
  }

  private static int lengthOfMonth(int year, int month) {
    return LocalDate.of(year, month, 1).lengthOfMonth();
  }

  /** The value of {@code count} ASCII digits at {@code from}, or -1. */
  private static int digits(String s, int from, int count) {
    if (from + count > s.length()) {
      return -1;
    }
    int value = 0;
    for (int i = from; i < from + count; i++) {
      char c = s.charAt(i);
      if (!isDigit(c)) {
        return -1;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
