package dev.duet.engine.internal.field;

import dev.duet.engine.error.DuetException;
import java.util.Locale;

/** OpenSearch's time values ({@code 1h}, {@code 30s}, {@code 100nanos}) in nanoseconds. */
final class TimeValues {
  private TimeValues() {}

  static long nanos(String text, QueryContext context) {
    String t = text.trim().toLowerCase(Locale.ROOT);
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
      if (t.endsWith(unit[0])) {
        String number = t.substring(0, t.length() - unit[0].length()).trim();
        try {
          return Math.round(Double.parseDouble(number) * Long.parseLong(unit[1]));
        } catch (NumberFormatException e) {
          break;
        }
      }
    }
    String reason =
        "failed to parse setting [pivot] with value ["
            + text
            + "] as a time value: unit is missing or unrecognized";
    throw context.failure("failed to create query: " + reason, DuetException.parsing(reason));
  }
}
