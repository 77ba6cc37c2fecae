package dev.duet.engine.internal;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.TimeValues;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Validates index settings the way OpenSearch does for the settings Duet knows. */
final class IndexSettingsRules {
  static final int DEFAULT_MAX_RESULT_WINDOW = 10_000;

  private static final Set<String> KNOWN =
      Set.of(
          "number_of_shards",
          "number_of_replicas",
          "refresh_interval",
          "max_result_window",
          "translog.durability",
          "translog.sync_interval",
          "translog.flush_threshold_size");
  private static final long DEFAULT_SYNC_INTERVAL_MILLIS = 5_000;
  private static final long MIN_SYNC_INTERVAL_MILLIS = 100;
  private static final long DEFAULT_FLUSH_THRESHOLD_BYTES = 512L * 1024 * 1024;

  private IndexSettingsRules() {}

  /** Un-prefixed, validated settings; 400 for unknown keys or bad values. */
  static IndexSettings validate(IndexSettings settings) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : settings.values().entrySet()) {
      String key = e.getKey().startsWith("index.") ? e.getKey().substring(6) : e.getKey();
      if (!KNOWN.contains(key) && !key.startsWith("analysis.")) {
        throw new DuetException(
            400,
            "settings_exception",
            "unknown setting [index."
                + key
                + "] please check that any required plugins are installed, or check the breaking"
                + " changes documentation for removed settings");
      }
      out.put(key, e.getValue());
    }
    parseInt(out, "number_of_shards", 1);
    parseInt(out, "number_of_replicas", 0);
    parseInt(out, "max_result_window", 1);
    String refresh = out.get("refresh_interval");
    if (refresh != null) {
      long millis = TimeValues.parseMillis(refresh, "index.refresh_interval");
      if (millis < -1) {
        throw DuetException.illegalArgument(
            "failed to parse value [" + refresh + "] for setting [index.refresh_interval]");
      }
    }
    String durability = out.get("translog.durability");
    if (durability != null && !durability.equals("request") && !durability.equals("async")) {
      throw DuetException.illegalArgument(
          "No enum constant org.opensearch.index.translog.Translog.Durability."
              + durability.toUpperCase(Locale.ROOT));
    }
    String syncInterval = out.get("translog.sync_interval");
    if (syncInterval != null) {
      long millis = TimeValues.parseMillis(syncInterval, "index.translog.sync_interval");
      if (millis < MIN_SYNC_INTERVAL_MILLIS) {
        throw DuetException.illegalArgument(
            "Failed to parse value ["
                + syncInterval
                + "] for setting [index.translog.sync_interval] must be >= 100ms");
      }
    }
    String threshold = out.get("translog.flush_threshold_size");
    if (threshold != null) {
      long bytes = ByteSizes.parse(threshold, "index.translog.flush_threshold_size");
      if (bytes < 1) {
        throw DuetException.illegalArgument(
            "failed to parse value ["
                + threshold
                + "] for setting [index.translog.flush_threshold_size], must be >= [1b]");
      }
    }
    return new IndexSettings(out);
  }

  /** {@code index.translog.durability: async}: fsync on a timer instead of before each ack. */
  static boolean asyncDurability(IndexSettings settings) {
    return "async".equals(settings.get("translog.durability"));
  }

  static long syncIntervalMillis(IndexSettings settings) {
    String v = settings.get("translog.sync_interval");
    return v == null
        ? DEFAULT_SYNC_INTERVAL_MILLIS
        : TimeValues.parseMillis(v, "index.translog.sync_interval");
  }

  static long flushThresholdBytes(IndexSettings settings) {
    String v = settings.get("translog.flush_threshold_size");
    return v == null
        ? DEFAULT_FLUSH_THRESHOLD_BYTES
        : ByteSizes.parse(v, "index.translog.flush_threshold_size");
  }

  static int maxResultWindow(IndexSettings settings) {
    String v = settings.get("max_result_window");
    return v == null ? DEFAULT_MAX_RESULT_WINDOW : Integer.parseInt(v);
  }

  private static void parseInt(Map<String, String> settings, String key, int min) {
    String value = settings.get(key);
    if (value == null) {
      return;
    }
    int parsed;
    try {
      parsed = Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new DuetException(
          400,
          "illegal_argument_exception",
          "Failed to parse value [" + value + "] for setting [index." + key + "]",
          Map.of(),
          new DuetException(400, "number_format_exception", "For input string: \"" + value + "\""));
    }
    if (parsed < min) {
      throw DuetException.illegalArgument(
          "Failed to parse value ["
              + value
              + "] for setting [index."
              + key
              + "] must be >= "
              + min);
    }
    settings.put(key, Integer.toString(parsed));
  }
}
