package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.mapping.Patterns;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes an index's settings as {@code GET /{index}/_settings} and {@code GET /{index}} show them:
 * OpenSearch's fixed keys ({@code creation_date}, {@code uuid}, {@code version.created}, ...) with
 * the index's own, nested on dots or flat ({@code flat_settings}), optionally only those whose full
 * name matches one of the given patterns.
 */
public final class IndexSettingsEncoder {
  /** OpenSearch's internal id of version 3.8.0, as {@code index.version.created} shows it. */
  private static final String OPENSEARCH_VERSION_ID = "137297827";

  private static final String OPENSEARCH_VERSION = "3.8.0";

  /** Defaults of the settings Duet knows, for {@code include_defaults}. */
  private static final Map<String, String> DEFAULTS =
      Map.of(
          "index.refresh_interval", "1s",
          "index.max_result_window", "10000",
          "index.translog.durability", "REQUEST",
          "index.translog.sync_interval", "5s",
          "index.translog.flush_threshold_size", "512mb",
          "index.mapping.ignore_malformed", "false");

  private IndexSettingsEncoder() {}

  private static final java.time.format.DateTimeFormatter HUMAN_DATE =
      java.time.format.DateTimeFormatter.ofPattern(
              "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", java.util.Locale.ROOT)
          .withZone(java.time.ZoneOffset.UTC);

  /**
   * Every setting of the index as {@link #flat(IndexInfo)}, with {@code human}'s readable creation
   * date and version ({@code index.creation_date_string}, {@code index.version.created_string}).
   */
  public static Map<String, String> flat(IndexInfo info, boolean human) {
    Map<String, String> out = flat(info);
    if (human) {
      out.put(
          "index.creation_date_string",
          HUMAN_DATE.format(java.time.Instant.ofEpochMilli(info.creationDate())));
      out.put("index.version.created_string", OPENSEARCH_VERSION);
    }
    return out;
  }

  /** Every setting of the index by its full flat name ({@code index.x}), sorted. */
  public static Map<String, String> flat(IndexInfo info) {
    Map<String, String> out = new TreeMap<>();
    info.settings().values().forEach((k, v) -> out.put("index." + k, v));
    out.put("index.creation_date", Long.toString(info.creationDate()));
    out.put("index.number_of_replicas", Integer.toString(info.settings().numberOfReplicas()));
    out.put("index.number_of_shards", Integer.toString(info.settings().numberOfShards()));
    out.put("index.provided_name", info.name());
    out.put("index.replication.type", "DOCUMENT");
    out.put("index.uuid", info.uuid());
    out.put("index.version.created", OPENSEARCH_VERSION_ID);
    return out;
  }

  /** The settings filtered by name patterns (all when {@code names} is empty). */
  public static Map<String, String> matching(IndexInfo info, List<String> names) {
    return matching(info, names, false);
  }

  /** As {@link #matching(IndexInfo, List)}, with {@code human}'s readable date and version. */
  public static Map<String, String> matching(IndexInfo info, List<String> names, boolean human) {
    Map<String, String> all = flat(info, human);
    if (names.isEmpty()) {
      return all;
    }
    Map<String, String> out = new TreeMap<>();
    all.forEach(
        (k, v) -> {
          for (String pattern : names) {
            if (pattern.equals("_all") || Patterns.matches(pattern, k)) {
              out.put(k, v);
              return;
            }
          }
        });
    return out;
  }

  /** The defaults of the settings the index does not set, by full flat name. */
  public static Map<String, String> defaults(IndexInfo info, List<String> names) {
    Map<String, String> own = flat(info);
    Map<String, String> out = new TreeMap<>();
    DEFAULTS.forEach(
        (k, v) -> {
          if (!own.containsKey(k)
              && (names.isEmpty()
                  || names.stream().anyMatch(n -> n.equals("_all") || Patterns.matches(n, k)))) {
            out.put(k, v);
          }
        });
    return out;
  }

  /** The index's list-valued settings by full flat name: written as arrays, as OpenSearch does. */
  public static Map<String, List<String>> lists(IndexInfo info) {
    Map<String, List<String>> out = new TreeMap<>();
    info.settings().lists().forEach((k, v) -> out.put("index." + k, v));
    return out;
  }

  /** Writes the settings as one object value (the caller wrote its field name). */
  public static void write(JsonGenerator g, Map<String, String> settings, boolean flat)
      throws IOException {
    write(g, settings, flat, Map.of());
  }

  /** As {@link #write(JsonGenerator, Map, boolean)}, the keys of {@code lists} as arrays. */
  public static void write(
      JsonGenerator g, Map<String, String> settings, boolean flat, Map<String, List<String>> lists)
      throws IOException {
    if (flat) {
      g.writeStartObject();
      for (Map.Entry<String, String> e : settings.entrySet()) {
        List<String> list = lists.get(e.getKey());
        if (list == null) {
          g.writeStringField(e.getKey(), e.getValue());
        } else {
          g.writeArrayFieldStart(e.getKey());
          for (String element : list) {
            g.writeString(element);
          }
          g.writeEndArray();
        }
      }
      g.writeEndObject();
      return;
    }
    Map<String, Object> nested = new LinkedHashMap<>();
    settings.forEach((k, v) -> nest(nested, k, lists.containsKey(k) ? lists.get(k) : v));
    Json.writeValue(g, nested);
  }

  @SuppressWarnings("unchecked")
  private static void nest(Map<String, Object> into, String dottedKey, Object value) {
    int dot = dottedKey.indexOf('.');
    if (dot < 0) {
      into.put(dottedKey, value);
      return;
    }
    Object child =
        into.computeIfAbsent(dottedKey.substring(0, dot), k -> new LinkedHashMap<String, Object>());
    if (child instanceof Map<?, ?> map) {
      nest((Map<String, Object>) map, dottedKey.substring(dot + 1), value);
    }
  }
}
