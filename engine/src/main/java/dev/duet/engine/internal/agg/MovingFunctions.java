package dev.duet.engine.internal.agg;

import dev.duet.engine.error.DuetException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The functions a {@code moving_fn} script calls, with OpenSearch's {@code MovingFunctions}
 * semantics (gaps as NaN skipped, NaN for an empty window, a sum of nothing 0). Duet runs no script
 * language: a script is accepted when it is one such call on {@code values}, with numbers for the
 * smoothing parameters ({@code MovingFunctions.ewma(values, 0.3)}) and the window's own average for
 * {@code stdDev}; any other script is refused.
 */
final class MovingFunctions {
  private static final String NUMBER = "\\s*([-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?)\\s*";
  private static final Pattern CALL =
      Pattern.compile(
          "\\s*MovingFunctions\\.(\\w+)\\(\\s*values\\s*"
              + "(?:,(\\s*MovingFunctions\\.unweightedAvg\\(\\s*values\\s*\\)\\s*|"
              + NUMBER
              + "(?:,"
              + NUMBER
              + ")?))?\\)\\s*;?\\s*");

  private MovingFunctions() {}

  /** One call: the function applied to a window of values. */
  interface Call {
    double apply(double[] values);
  }

  /** The call {@code script} makes; a 400 for a script that is not one of them. */
  static Call parse(String script) {
    Matcher m = CALL.matcher(script == null ? "" : script);
    if (!m.matches()) {
      throw unsupported(script);
    }
    boolean averageArgument = m.group(2) != null && m.group(3) == null;
    Double a = m.group(3) == null ? null : Double.parseDouble(m.group(3));
    Double b = m.group(4) == null ? null : Double.parseDouble(m.group(4));
    int numbers = (a == null ? 0 : 1) + (b == null ? 0 : 1);
    return switch (m.group(1)) {
      case "max" -> plain(numbers, averageArgument, script, MovingFunctions::max);
      case "min" -> plain(numbers, averageArgument, script, MovingFunctions::min);
      case "sum" -> plain(numbers, averageArgument, script, MovingFunctions::sum);
      case "unweightedAvg" -> plain(numbers, averageArgument, script, MovingFunctions::average);
      case "linearWeightedAvg" ->
          plain(numbers, averageArgument, script, MovingFunctions::linearWeightedAverage);
      case "stdDev" -> {
        if (!averageArgument) {
          throw unsupported(script);
        }
        yield values -> standardDeviation(values, average(values));
      }
      case "ewma" -> {
        if (numbers != 1) {
          throw unsupported(script);
        }
        yield values -> ewma(values, a);
      }
      case "holt" -> {
        if (numbers != 2) {
          throw unsupported(script);
        }
        yield values -> holt(values, a, b);
      }
      default -> throw unsupported(script);
    };
  }

  private static Call plain(int numbers, boolean averageArgument, String script, Call call) {
    if (numbers != 0 || averageArgument) {
      throw unsupported(script);
    }
    return call;
  }

  private static DuetException unsupported(String script) {
    return DuetException.illegalArgument(
        "moving_fn script ["
            + script
            + "] is not supported: Duet runs one MovingFunctions call on values (max, min, sum,"
            + " unweightedAvg, linearWeightedAvg, stdDev with unweightedAvg, ewma, holt)");
  }

  static double max(double[] values) {
    double max = Double.NaN;
    for (double v : values) {
      max = Double.isNaN(max) || v > max ? v : max;
    }
    return max;
  }

  static double min(double[] values) {
    double min = Double.NaN;
    for (double v : values) {
      min = Double.isNaN(min) || v < min ? v : min;
    }
    return min;
  }

  static double sum(double[] values) {
    double sum = 0;
    for (double v : values) {
      sum += Double.isNaN(v) ? 0 : v;
    }
    return sum;
  }

  static double average(double[] values) {
    double sum = 0;
    long count = 0;
    for (double v : values) {
      if (!Double.isNaN(v)) {
        sum += v;
        count++;
      }
    }
    return count == 0 ? Double.NaN : sum / count;
  }

  static double standardDeviation(double[] values, double average) {
    if (Double.isNaN(average)) {
      return Double.NaN;
    }
    long count = 0;
    double squares = 0;
    for (double v : values) {
      if (!Double.isNaN(v)) {
        squares += Math.pow(v - average, 2);
        count++;
      }
    }
    return Math.sqrt(squares / count);
  }

  /** Weights 1, 2, 3, ... from the oldest value; the total starts at 1, as OpenSearch's does. */
  static double linearWeightedAverage(double[] values) {
    double sum = 0;
    long total = 1;
    long weight = 1;
    for (double v : values) {
      if (!Double.isNaN(v)) {
        sum += v * weight;
        total += weight;
        weight++;
      }
    }
    return total == 1 ? Double.NaN : sum / total;
  }

  static double ewma(double[] values, double alpha) {
    double average = Double.NaN;
    boolean first = true;
    for (double v : values) {
      if (!Double.isNaN(v)) {
        average = first ? v : v * alpha + average * (1 - alpha);
        first = false;
      }
    }
    return average;
  }

  /** Double exponential smoothing: the level plus nothing of the trend, as OpenSearch's holt. */
  static double holt(double[] values, double alpha, double beta) {
    if (values.length == 0) {
      return Double.NaN;
    }
    double level = 0;
    double lastLevel = 0;
    double trend = 0;
    double lastTrend = 0;
    int counter = 0;
    for (double v : values) {
      if (!Double.isNaN(v)) {
        if (counter == 0) {
          level = v;
          trend = 0;
        } else {
          level = alpha * v + (1 - alpha) * (lastLevel + lastTrend);
          trend = beta * (level - lastLevel) + (1 - beta) * lastTrend;
        }
        counter++;
        lastLevel = level;
        lastTrend = trend;
      }
    }
    return counter == 0 ? Double.NaN : level;
  }
}
