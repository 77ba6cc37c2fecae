package dev.duet.engine.breaker;

import dev.duet.engine.error.DuetException;
import java.util.Locale;

/**
 * A memory limit as OpenSearch's settings write one: a share of the heap ({@code 60%}) or a byte
 * size ({@code 512mb}), and bytes printed as OpenSearch prints them ({@code 600mb}, {@code 1.5gb}).
 */
public final class MemorySize {
  private static final String[] UNITS = {"b", "kb", "mb", "gb", "tb", "pb"};

  private MemorySize() {}

  /** The bytes {@code value} stands for in a heap of {@code heapBytes}; 400 naming the setting. */
  public static long parse(String value, String setting, long heapBytes) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    try {
      if (v.endsWith("%")) {
        double percent = Double.parseDouble(v.substring(0, v.length() - 1));
        if (percent < 0 || percent > 100) {
          String reason =
              "percentage should be in [0-100], got [" + v.substring(0, v.length() - 1) + "]";
          throw new DuetException(
              400,
              "illegal_argument_exception",
              reason,
              java.util.Map.of(),
              new DuetException(400, "parse_exception", reason));
        }
        return (long) (heapBytes * (percent / 100));
      }
      for (int i = UNITS.length - 1; i >= 0; i--) {
        if (v.endsWith(UNITS[i])) {
          String number = v.substring(0, v.length() - UNITS[i].length()).trim();
          long bytes = (long) (Double.parseDouble(number) * (1L << (10 * i)));
          if (bytes >= 0) {
            return bytes;
          }
        }
      }
    } catch (NumberFormatException e) {
      // the 400 below
    }
    String reason =
        "failed to parse setting ["
            + setting
            + "] with value ["
            + value
            + "] as a size in bytes: unit is missing or unrecognized";
    throw new DuetException(
        400,
        "illegal_argument_exception",
        reason,
        java.util.Map.of(),
        new DuetException(400, "parse_exception", reason));
  }

  /** Bytes as OpenSearch's {@code ByteSizeValue} prints them: the largest unit, one decimal. */
  public static String format(long bytes) {
    int unit = 0;
    while (unit < UNITS.length - 1 && bytes >= 1L << (10 * (unit + 1))) {
      unit++;
    }
    String text = String.valueOf((double) bytes / (1L << (10 * unit)));
    int dot = text.indexOf('.');
    int exponent = text.indexOf('E');
    char fraction = text.charAt(dot + 1);
    String whole = fraction == '0' ? text.substring(0, dot) : text.substring(0, dot + 2);
    return (exponent < 0 ? whole : whole + text.substring(exponent)) + UNITS[unit];
  }
}
