package dev.duet.engine.index;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.TreeMap;

/**
 * The settings of one index, flattened the way OpenSearch stores them: keys without the {@code
 * index.} prefix ({@code number_of_shards}, {@code refresh_interval}, ...) and string values.
 *
 * <p>{@code number_of_shards} is accepted and reported, not simulated: one Lucene index serves all.
 */
public record IndexSettings(Map<String, String> values) {
  public static final IndexSettings DEFAULTS = new IndexSettings(Map.of());

  public IndexSettings {
    values = Map.copyOf(requireNonNull(values, "values"));
  }

  public int numberOfShards() {
    return Integer.parseInt(values.getOrDefault("number_of_shards", "1"));
  }

  public int numberOfReplicas() {
    return Integer.parseInt(values.getOrDefault("number_of_replicas", "1"));
  }

  /** Refresh interval in milliseconds; -1 disables scheduled refresh. Default 1s. */
  public long refreshIntervalMillis() {
    return TimeValues.parseMillis(
        values.getOrDefault("refresh_interval", "1s"), "refresh_interval");
  }

  public String get(String key) {
    return values.get(key);
  }

  /** Sorted copy, for rendering. */
  public Map<String, String> sorted() {
    return new TreeMap<>(values);
  }
}
