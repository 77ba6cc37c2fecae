package dev.duet.engine.internal.query;

import dev.duet.engine.error.DuetException;
import java.util.Locale;

/**
 * OpenSearch's {@code fuzziness}: {@code 0}, {@code 1}, {@code 2}, or {@code AUTO[:low,high]} (no
 * edits below {@code low} characters, one below {@code high}, else two; 3 and 6 by default).
 */
public final class Fuzziness {
  private Fuzziness() {}

  static int edits(String spec, String text) {
    String s = spec.trim().toUpperCase(Locale.ROOT);
    if (s.startsWith("AUTO")) {
      int low = 3;
      int high = 6;
      if (s.startsWith("AUTO:")) {
        String[] bounds = s.substring(5).split(",");
        try {
          low = Integer.parseInt(bounds[0].trim());
          high = Integer.parseInt(bounds[1].trim());
        } catch (RuntimeException e) {
          throw DuetException.parsing("failed to find low and high distance values");
        }
      }
      int length = text.codePointCount(0, text.length());
      return length < low ? 0 : length < high ? 1 : 2;
    }
    try {
      float f = Float.parseFloat(s);
      return Math.min(2, (int) f);
    } catch (NumberFormatException e) {
      throw DuetException.illegalArgument("Invalid fuzziness value: " + spec);
    }
  }
}
