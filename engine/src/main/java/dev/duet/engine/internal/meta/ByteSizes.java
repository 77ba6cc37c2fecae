package dev.duet.engine.internal.meta;

import dev.duet.engine.error.DuetException;
import java.math.BigDecimal;
import java.util.Locale;

/** OpenSearch byte-size values ({@code 512mb}, {@code 1gb}, {@code 100b}, {@code 1.5kb}). */
public final class ByteSizes {
  private static final String[][] UNITS = {
    {"pb", "p"}, {"tb", "t"}, {"gb", "g"}, {"mb", "m"}, {"kb", "k"}, {"b"}
  };

  private ByteSizes() {}

  /** The value in bytes; OpenSearch's 400 naming {@code setting} when it is not a size. */
  public static long parse(String value, String setting) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    if (v.equals("0") || v.equals("-1")) {
      return Long.parseLong(v);
    }
    for (int i = 0; i < UNITS.length; i++) {
      for (String unit : UNITS[i]) {
        if (v.endsWith(unit)) {
          String number = v.substring(0, v.length() - unit.length()).trim();
          long multiplier = 1L << (10 * (UNITS.length - 1 - i));
          try {
            return new BigDecimal(number).multiply(BigDecimal.valueOf(multiplier)).longValueExact();
          } catch (NumberFormatException | ArithmeticException e) {
            throw DuetException.illegalArgument(
                "failed to parse setting [" + setting + "] with value [" + value + "]");
          }
        }
      }
    }
    throw DuetException.illegalArgument(
        "failed to parse setting ["
            + setting
            + "] with value ["
            + value
            + "] as a size in bytes: unit is missing or unrecognized");
  }
}
