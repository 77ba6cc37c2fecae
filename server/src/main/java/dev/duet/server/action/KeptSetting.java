package dev.duet.server.action;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.TimeValues;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Cluster settings OpenSearch's tools set that a one-node Duet accepts, validates as OpenSearch
 * does, keeps and reports, and that change nothing in it: shard allocation, search backpressure and
 * the scroll keep-alive default. A value OpenSearch refuses is refused with its message.
 */
final class KeptSetting {
  private static final Map<String, KeptSetting> ALL = new TreeMap<>();

  static {
    add("cluster.routing.allocation.enable", "all", KeptSetting::allocationEnable);
    add("search.default_keep_alive", "5m", KeptSetting::time);
    add("search_backpressure.mode", "monitor_only", KeptSetting::backpressureMode);
    add("search_backpressure.node_duress.num_successive_breaches", "3", atLeast(1));
    add("search_backpressure.node_duress.cpu_threshold", "0.9", fraction());
    add("search_backpressure.node_duress.heap_threshold", "0.7", fraction());
    task("search_task", "5.0", "30000", "45000", "0.02");
    task("search_shard_task", "10.0", "15000", "30000", "0.005");
  }

  private final String key;
  private final String defaultValue;
  private final Validator validator;

  private KeptSetting(String key, String defaultValue, Validator validator) {
    this.key = key;
    this.defaultValue = defaultValue;
    this.validator = validator;
  }

  /** The setting named {@code key}, or null when Duet does not keep it. */
  static KeptSetting of(String key) {
    return ALL.get(key);
  }

  /** Every kept setting with its default, as {@code include_defaults} lists them. */
  static Map<String, String> defaults() {
    Map<String, String> out = new TreeMap<>();
    ALL.forEach((k, s) -> out.put(k, s.defaultValue));
    return out;
  }

  String key() {
    return key;
  }

  /** The value as OpenSearch keeps it; OpenSearch's 400 when it refuses it. */
  String validate(String value) {
    return validator.check(key, value);
  }

  @FunctionalInterface
  private interface Validator {
    String check(String key, String value);
  }

  private static void add(String key, String defaultValue, Validator validator) {
    ALL.put(key, new KeptSetting(key, defaultValue, validator));
  }

  private static void task(
      String task, String burst, String cpuMillis, String elapsedMillis, String heapPercent) {
    String p = "search_backpressure." + task + ".";
    add(p + "cancellation_burst", burst, atLeastDouble(1.0));
    add(p + "cancellation_rate", "0.003", KeptSetting::positive);
    add(p + "cancellation_ratio", "0.1", KeptSetting::positiveFraction);
    add(p + "cpu_time_millis_threshold", cpuMillis, atLeast(0));
    add(p + "elapsed_time_millis_threshold", elapsedMillis, atLeast(0));
    // OpenSearch accepts 0 here and then fails to apply it; Duet refuses it at once.
    add(p + "heap_moving_average_window_size", "100", atLeast(1));
    add(p + "heap_percent_threshold", heapPercent, fraction());
    add(p + "heap_variance", "2.0", atLeastDouble(0.0));
    add(p + "total_heap_percent_threshold", "0.05", fraction());
  }

  private static String allocationEnable(String key, String value) {
    String upper = value.toUpperCase(Locale.ROOT);
    if (!Set.of("ALL", "PRIMARIES", "NEW_PRIMARIES", "NONE").contains(upper)) {
      throw DuetException.illegalArgument("Illegal allocation.enable value [" + upper + "]");
    }
    return value;
  }

  private static String time(String key, String value) {
    TimeValues.parseNanos(value, key);
    return value;
  }

  private static String backpressureMode(String key, String value) {
    if (!Set.of("disabled", "monitor_only", "enforced").contains(value)) {
      throw DuetException.illegalArgument("Invalid SearchBackpressureMode: " + value);
    }
    return value;
  }

  private static Validator atLeast(long min) {
    return (key, value) -> {
      long v;
      try {
        v = Long.parseLong(value);
      } catch (NumberFormatException e) {
        throw unparsable(key, value);
      }
      if (v < min) {
        throw DuetException.illegalArgument(
            "Failed to parse value [" + value + "] for setting [" + key + "] must be >= " + min);
      }
      return value;
    };
  }

  private static Validator atLeastDouble(double min) {
    return (key, value) -> {
      double v = number(key, value);
      if (v < min) {
        throw DuetException.illegalArgument(
            "Failed to parse value [" + value + "] for setting [" + key + "] must be >= " + min);
      }
      return value;
    };
  }

  private static Validator fraction() {
    return (key, value) -> {
      double v = number(key, value);
      if (v < 0.0) {
        throw DuetException.illegalArgument(
            "Failed to parse value [" + value + "] for setting [" + key + "] must be >= 0.0");
      }
      if (v > 1.0) {
        throw DuetException.illegalArgument(
            "Failed to parse value [" + value + "] for setting [" + key + "] must be <= 1.0");
      }
      return value;
    };
  }

  private static String positive(String key, String value) {
    if (number(key, value) <= 0.0) {
      throw DuetException.illegalArgument(key + " must be > 0");
    }
    return value;
  }

  private static String positiveFraction(String key, String value) {
    positive(key, value);
    if (number(key, value) > 1.0) {
      throw DuetException.illegalArgument(key + " must be <= 1.0");
    }
    return value;
  }

  private static double number(String key, String value) {
    try {
      return Double.parseDouble(value);
    } catch (NumberFormatException e) {
      throw unparsable(key, value);
    }
  }

  private static DuetException unparsable(String key, String value) {
    return new DuetException(
        400,
        "illegal_argument_exception",
        "Failed to parse value [" + value + "] for setting [" + key + "]",
        Map.of(),
        new DuetException(400, "number_format_exception", "For input string: \"" + value + "\""));
  }
}
