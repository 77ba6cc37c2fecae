package dev.duet.engine.index;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The settings of one index, flattened the way OpenSearch stores them: keys without the {@code
 * index.} prefix ({@code number_of_shards}, {@code refresh_interval}, ...) and string values.
 *
 * <p>{@code number_of_shards} is reported and routes documents as OpenSearch does, but one Lucene
 * index serves all the shards (see ARCHITECTURE.md).
 */
public record IndexSettings(Map<String, String> values, Map<String, List<String>> lists) {
  public static final IndexSettings DEFAULTS = new IndexSettings(Map.of());

  /**
   * {@code lists} keeps the settings given as arrays (a synonym filter's {@code synonyms}, whose
   * entries hold commas themselves) as their elements; {@code values} has them joined with commas.
   */
  public IndexSettings {
    values = Map.copyOf(requireNonNull(values, "values"));
    requireNonNull(lists, "lists");
    Map<String, List<String>> kept = new java.util.HashMap<>();
    for (Map.Entry<String, List<String>> e : lists.entrySet()) {
      if (values.containsKey(e.getKey())) {
        kept.put(e.getKey(), List.copyOf(e.getValue()));
      }
    }
    lists = Map.copyOf(kept);
  }

  /** Settings with no list values. */
  public IndexSettings(Map<String, String> values) {
    this(values, Map.of());
  }

  /** The setting as a list: its array elements, or its value split on commas; empty if unset. */
  public List<String> getAsList(String key) {
    List<String> list = lists.get(key);
    if (list != null) {
      return list;
    }
    String v = values.get(key);
    if (v == null) {
      return List.of();
    }
    List<String> out = new java.util.ArrayList<>();
    for (String s : v.split(",")) {
      if (!s.isBlank()) {
        out.add(s.strip());
      }
    }
    return out;
  }

  public int numberOfShards() {
    return Integer.parseInt(values.getOrDefault("number_of_shards", "1"));
  }

  /**
   * OpenSearch's {@code routing_num_shards}: {@code number_of_routing_shards} when set, else the
   * default OpenSearch computes for the shard count (the shards a split may reach).
   */
  public int routingNumShards() {
    String explicit = values.get("number_of_routing_shards");
    return explicit != null
        ? Integer.parseInt(explicit)
        : defaultRoutingNumShards(numberOfShards());
  }

  /** OpenSearch's default routing shards: the shard count doubled up to about 1,024. */
  public static int defaultRoutingNumShards(int shards) {
    int log2Shards = 32 - Integer.numberOfLeadingZeros(shards - 1);
    int splits = Math.max(1, 10 - log2Shards);
    return shards << splits;
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
