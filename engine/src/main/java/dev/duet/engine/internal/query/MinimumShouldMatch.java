package dev.duet.engine.internal.query;

import dev.duet.engine.error.DuetException;

/**
 * OpenSearch's {@code minimum_should_match} specs: {@code 2}, {@code -1}, {@code 75%}, {@code
 * -25%}, and conditional forms such as {@code 3<90%} or {@code 2<-25% 9<-3}.
 */
public final class MinimumShouldMatch {
  private MinimumShouldMatch() {}

  static int calculate(int optionalClauseCount, String spec) {
    try {
      int result = compute(optionalClauseCount, spec.trim());
      return Math.min(optionalClauseCount, Math.max(result, 0));
    } catch (NumberFormatException e) {
      throw DuetException.illegalArgument(
          "failed to parse minimum_should_match [" + spec + "]: " + e.getMessage());
    }
  }

  private static int compute(int count, String spec) {
    if (spec.contains("<")) {
      int result = count;
      for (String part : spec.split("\\s+")) {
        int lt = part.indexOf('<');
        int upperBound = Integer.parseInt(part.substring(0, lt).trim());
        if (count <= upperBound) {
          return result;
        }
        result = compute(count, part.substring(lt + 1).trim());
      }
      return result;
    }
    if (spec.endsWith("%")) {
      int percent = Integer.parseInt(spec.substring(0, spec.length() - 1).trim());
      float calc = (count * percent) * (1 / 100f);
      return calc < 0 ? count + (int) calc : (int) calc;
    }
    int calc = Integer.parseInt(spec);
    return calc < 0 ? count + calc : calc;
  }
}
