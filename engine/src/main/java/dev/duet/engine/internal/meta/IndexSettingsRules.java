package dev.duet.engine.internal.meta;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.TimeValues;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToLongFunction;

/** Validates index settings the way OpenSearch does for the settings Duet knows. */
public final class IndexSettingsRules {
  /** The index setting that turns the request cache off for one index. */
  public static final String REQUESTS_CACHE_ENABLE = "requests.cache.enable";

  /** How long an index goes unsearched before scheduled refreshes skip it. */
  public static final String SEARCH_IDLE_AFTER = "search.idle.after";

  /** OpenSearch's default {@code index.max_regex_length}. */
  public static final int DEFAULT_MAX_REGEX_LENGTH = 1000;

  static final int DEFAULT_MAX_RESULT_WINDOW = 10_000;
  static final int DEFAULT_MAX_TERMS_COUNT = 65_536;
  static final int DEFAULT_MAX_INNER_RESULT_WINDOW = 100;
  static final int DEFAULT_MAX_DOCVALUE_FIELDS_SEARCH = 100;
  public static final int DEFAULT_MAX_TOKEN_COUNT = 10_000;
  static final int DEFAULT_MAX_ANALYZED_OFFSET = 1_000_000;

  private static final Set<String> KNOWN =
      Set.of(
          "number_of_shards",
          "number_of_replicas",
          "refresh_interval",
          "search.idle.after",
          "default_pipeline",
          "final_pipeline",
          "search.default_pipeline",
          "max_result_window",
          "max_rescore_window",
          "max_inner_result_window",
          "max_docvalue_fields_search",
          "max_terms_count",
          "max_regex_length",
          "query_string.lenient",
          "max_ngram_diff",
          "max_shingle_diff",
          "analyze.max_token_count",
          "highlight.max_analyzed_offset",
          "translog.durability",
          "translog.sync_interval",
          "translog.flush_threshold_size",
          "mapping.ignore_malformed",
          MappingLimits.TOTAL_FIELDS,
          MappingLimits.DEPTH,
          MappingLimits.NESTED_FIELDS,
          MappingLimits.NESTED_OBJECTS,
          MappingLimits.FIELD_NAME_LENGTH,
          "knn",
          "blocks.read_only",
          "blocks.read_only_allow_delete",
          "blocks.read",
          "blocks.write",
          "blocks.metadata",
          "hidden",
          "priority",
          "verified_before_close",
          "knn.algo_param.ef_search",
          "requests.cache.enable",
          "number_of_routing_shards",
          "max_script_fields",
          "soft_deletes.enabled",
          "translog.retention.size",
          "translog.retention.age",
          "routing.rebalance.enable",
          "sort.field",
          "sort.order",
          "sort.mode",
          "sort.missing",
          "max_slices_per_scroll",
          "merge.scheduler.max_merge_count",
          "merge.scheduler.max_thread_count",
          "search.slowlog.threshold.query.warn",
          "search.slowlog.threshold.query.info",
          "search.slowlog.threshold.query.debug",
          "search.slowlog.threshold.query.trace",
          "search.slowlog.threshold.fetch.warn",
          "search.slowlog.threshold.fetch.info",
          "search.slowlog.threshold.fetch.debug",
          "search.slowlog.threshold.fetch.trace");

  /** The settings {@code PUT /{index}/_settings} may change on an open index. */
  private static final Set<String> DYNAMIC =
      Set.of(
          "number_of_replicas",
          "refresh_interval",
          "search.idle.after",
          "default_pipeline",
          "final_pipeline",
          "search.default_pipeline",
          "max_result_window",
          "max_rescore_window",
          "max_inner_result_window",
          "max_docvalue_fields_search",
          "max_terms_count",
          "max_regex_length",
          "max_ngram_diff",
          "max_shingle_diff",
          "analyze.max_token_count",
          "highlight.max_analyzed_offset",
          "translog.durability",
          "translog.sync_interval",
          "translog.flush_threshold_size",
          MappingLimits.TOTAL_FIELDS,
          MappingLimits.DEPTH,
          MappingLimits.NESTED_FIELDS,
          MappingLimits.NESTED_OBJECTS,
          MappingLimits.FIELD_NAME_LENGTH,
          "blocks.read_only",
          "blocks.read_only_allow_delete",
          "blocks.read",
          "blocks.write",
          "blocks.metadata",
          "hidden",
          "priority",
          "knn.algo_param.ef_search",
          "requests.cache.enable",
          "max_script_fields",
          "translog.retention.size",
          "translog.retention.age",
          "routing.rebalance.enable",
          "max_slices_per_scroll",
          "merge.scheduler.max_merge_count",
          "merge.scheduler.max_thread_count",
          "search.slowlog.threshold.query.warn",
          "search.slowlog.threshold.query.info",
          "search.slowlog.threshold.query.debug",
          "search.slowlog.threshold.query.trace",
          "search.slowlog.threshold.fetch.warn",
          "search.slowlog.threshold.fetch.info",
          "search.slowlog.threshold.fetch.debug",
          "search.slowlog.threshold.fetch.trace");

  private static final long DEFAULT_SYNC_INTERVAL_MILLIS = 5_000;
  private static final long MIN_SYNC_INTERVAL_MILLIS = 100;
  private static final long DEFAULT_FLUSH_THRESHOLD_BYTES = 512L * 1024 * 1024;

  private IndexSettingsRules() {}

  /** Un-prefixed, validated settings; 400 for unknown keys or bad values. */
  public static IndexSettings validate(IndexSettings settings) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : settings.values().entrySet()) {
      String key = e.getKey().startsWith("index.") ? e.getKey().substring(6) : e.getKey();
      if (!KNOWN.contains(key) && !key.startsWith("analysis.") && !allocationFilter(key)) {
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
    parseInt(out, "priority", 0);
    parseInt(out, "max_result_window", 1);
    parseInt(out, "max_rescore_window", 1);
    parseInt(out, "max_inner_result_window", 1);
    parseInt(out, "max_docvalue_fields_search", 0);
    parseInt(out, "max_terms_count", 1);
    parseInt(out, "max_regex_length", 1);
    parseInt(out, "max_ngram_diff", 0);
    parseInt(out, "max_shingle_diff", 0);
    parseInt(out, "analyze.max_token_count", 1);
    parseInt(out, "highlight.max_analyzed_offset", 1);
    parseInt(out, "max_script_fields", 0);
    parseInt(out, "max_slices_per_scroll", 1);
    parseInt(out, "merge.scheduler.max_merge_count", 1);
    parseInt(out, "merge.scheduler.max_thread_count", 1);
    for (Map.Entry<String, String> e : out.entrySet()) {
      if (e.getKey().startsWith("search.slowlog.threshold.")) {
        TimeValues.parseNanos(e.getValue(), "index." + e.getKey());
      }
    }
    validateRoutingShards(out);
    validateSoftDeletes(out);
    validateRetention(out);
    validateRebalance(out);
    MappingLimits.validate(out);
    String refresh = out.get("refresh_interval");
    if (refresh != null) {
      long millis = TimeValues.parseMillis(refresh, "index.refresh_interval");
      if (millis < -1) {
        throw DuetException.illegalArgument(
            "failed to parse value [" + refresh + "] for setting [index.refresh_interval]");
      }
    }
    for (String flag :
        List.of(
            "hidden",
            "query_string.lenient",
            "blocks.read_only",
            "blocks.read_only_allow_delete",
            "blocks.read",
            "blocks.write",
            "blocks.metadata")) {
      String value = out.get(flag);
      if (value != null) {
        String v = value.trim();
        if (!v.equals("true") && !v.equals("false")) {
          throw DuetException.illegalArgument(
              "Failed to parse value [" + value + "] as only [true] or [false] are allowed.");
        }
        out.put(flag, v);
      }
    }
    String requestCache = out.get(REQUESTS_CACHE_ENABLE);
    if (requestCache != null && !requestCache.equals("true") && !requestCache.equals("false")) {
      throw DuetException.illegalArgument(
          "Failed to parse value [" + requestCache + "] as only [true] or [false] are allowed.");
    }
    String idleAfter = out.get(SEARCH_IDLE_AFTER);
    if (idleAfter != null && TimeValues.parseMillis(idleAfter, "index." + SEARCH_IDLE_AFTER) < 0) {
      throw DuetException.illegalArgument(
          "failed to parse value ["
              + idleAfter
              + "] for setting [index.search.idle.after], must be"
              + " >= [0m]");
    }
    String durability = out.get("translog.durability");
    // OpenSearch reads the enum whatever the case: "ASYNC" and "Async" are "async".
    if (durability != null
        && !durability.equalsIgnoreCase("request")
        && !durability.equalsIgnoreCase("async")) {
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
    Map<String, java.util.List<String>> lists = new LinkedHashMap<>();
    settings.lists().forEach((k, v) -> lists.put(k.startsWith("index.") ? k.substring(6) : k, v));
    return new IndexSettings(out, lists);
  }

  /**
   * The settings of each index after an update ({@code null} values reset a setting to its
   * default), validated as {@link #validate} does; 400 naming every index when the update touches a
   * setting OpenSearch fixes at creation.
   */
  public static Map<String, IndexSettings> applyUpdate(
      Map<String, String> update, List<IndexMetadata> indices) {
    return applyUpdate(update, indices, false);
  }

  /** With {@code preserveExisting}, a setting an index already has is left as it is. */
  public static Map<String, IndexSettings> applyUpdate(
      Map<String, String> update, List<IndexMetadata> indices, boolean preserveExisting) {
    if (update.isEmpty()) {
      throw new DuetException(
          400,
          "action_request_validation_exception",
          "Validation Failed: 1: no settings to update;");
    }
    Map<String, String> changes = new LinkedHashMap<>();
    Map<String, String> nonNull = new LinkedHashMap<>();
    update.forEach(
        (k, v) -> {
          String key = k.startsWith("index.") ? k.substring(6) : k;
          changes.put(key, v);
          if (v != null) {
            nonNull.put(key, v);
          }
        });
    validate(new IndexSettings(nonNull)); // unknown keys and bad values first, as OpenSearch
    Set<String> fixed = new java.util.TreeSet<>();
    for (String key : changes.keySet()) {
      if (!DYNAMIC.contains(key) && !allocationFilter(key)) {
        fixed.add("index." + key);
      }
    }
    // A closed index takes static settings too, as in OpenSearch.
    List<IndexMetadata> open = indices.stream().filter(m -> !m.closed()).toList();
    if (!fixed.isEmpty() && !open.isEmpty()) {
      StringBuilder names = new StringBuilder();
      for (IndexMetadata index : open) {
        names.append(names.isEmpty() ? "" : ", ");
        names.append('[').append(index.name()).append('/').append(index.uuid()).append(']');
      }
      throw DuetException.illegalArgument(
          "Can't update non dynamic settings [" + fixed + "] for open indices [" + names + "]");
    }
    Map<String, IndexSettings> out = new LinkedHashMap<>();
    for (IndexMetadata index : indices) {
      Map<String, String> merged = new LinkedHashMap<>(index.settings().values());
      changes.forEach(
          (k, v) -> {
            if (preserveExisting && index.settings().values().containsKey(k)) {
              return;
            }
            if (v == null) {
              merged.remove(k);
            } else {
              merged.put(k, v);
            }
          });
      out.put(index.name(), validate(new IndexSettings(merged, index.settings().lists())));
    }
    return out;
  }

  /**
   * {@code index.number_of_routing_shards}: at least 1, at least {@code number_of_shards} and a
   * multiple of it (the shards a split may reach), in OpenSearch's words and order.
   */
  private static void validateRoutingShards(Map<String, String> out) {
    parseInt(out, "number_of_routing_shards", 1);
    String routing = out.get("number_of_routing_shards");
    if (routing == null) {
      return;
    }
    int routingShards = Integer.parseInt(routing);
    int shards = Integer.parseInt(out.getOrDefault("number_of_shards", "1"));
    if (routingShards < shards) {
      throw DuetException.illegalArgument(
          "index.number_of_routing_shards ["
              + routingShards
              + "] must be >= index.number_of_shards ["
              + shards
              + "]");
    }
    if (routingShards % shards != 0) {
      throw DuetException.illegalArgument(
          "the number of source shards ["
              + shards
              + "] must be a factor of ["
              + routingShards
              + "]");
    }
  }

  /** {@code index.soft_deletes.enabled}: a boolean that OpenSearch 3 accepts only as true. */
  private static void validateSoftDeletes(Map<String, String> out) {
    String value = out.get("soft_deletes.enabled");
    if (value == null) {
      return;
    }
    if (!value.equals("true") && !value.equals("false")) {
      throw DuetException.illegalArgument(
          "Failed to parse value [" + value + "] as only [true] or [false] are allowed.");
    }
    if (value.equals("false")) {
      throw DuetException.illegalArgument(
          "Creating indices with soft-deletes disabled is no longer supported. Please do not"
              + " specify a value for setting [index.soft_deletes.enabled].");
    }
  }

  /**
   * {@code index.translog.retention.size} and {@code .age}: deprecated in OpenSearch and ignored
   * (Duet keeps no translog past a commit), but still a byte size and a time value.
   */
  private static void validateRetention(Map<String, String> out) {
    String size = out.get("translog.retention.size");
    if (size != null) {
      try {
        ByteSizes.parse(size, "index.translog.retention.size");
      } catch (DuetException e) {
        throw retentionFailure("index.translog.retention.size", size, "a size in bytes");
      }
    }
    String age = out.get("translog.retention.age");
    if (age != null) {
      try {
        TimeValues.parseMillis(age, "index.translog.retention.age");
      } catch (DuetException e) {
        throw retentionFailure("index.translog.retention.age", age, "a time value");
      }
    }
  }

  private static DuetException retentionFailure(String key, String value, String what) {
    String reason =
        "failed to parse setting ["
            + key
            + "] with value ["
            + value
            + "] as "
            + what
            + ": unit is missing or unrecognized";
    return new DuetException(
        400,
        "illegal_argument_exception",
        reason,
        Map.of(),
        new DuetException(400, "parse_exception", reason));
  }

  /**
   * {@code index.routing.rebalance.enable}: one of OpenSearch's rebalance modes (a single node has
   * nothing to rebalance, so the value is kept and reported only).
   */
  private static void validateRebalance(Map<String, String> out) {
    String value = out.get("routing.rebalance.enable");
    if (value == null) {
      return;
    }
    String mode = value.toUpperCase(Locale.ROOT);
    if (!Set.of("ALL", "PRIMARIES", "REPLICAS", "NONE").contains(mode)) {
      throw DuetException.illegalArgument("Illegal rebalance.enable value [" + mode + "]");
    }
  }

  /** {@code index.mapping.ignore_malformed}: the default of every field's own parameter. */
  public static boolean ignoreMalformed(IndexSettings settings) {
    return "true".equals(settings.get("mapping.ignore_malformed"));
  }

  /** {@code index.translog.durability: async}: fsync on a timer instead of before each ack. */
  public static boolean asyncDurability(IndexSettings settings) {
    return "async".equalsIgnoreCase(settings.get("translog.durability"));
  }

  public static long syncIntervalMillis(IndexSettings settings) {
    String v = settings.get("translog.sync_interval");
    return v == null
        ? DEFAULT_SYNC_INTERVAL_MILLIS
        : TimeValues.parseMillis(v, "index.translog.sync_interval");
  }

  public static long flushThresholdBytes(IndexSettings settings) {
    String v = settings.get("translog.flush_threshold_size");
    return v == null
        ? DEFAULT_FLUSH_THRESHOLD_BYTES
        : ByteSizes.parse(v, "index.translog.flush_threshold_size");
  }

  /**
   * {@code index.routing.allocation.{include,exclude,require}.<attribute>}: where shards may go. A
   * one-node Duet keeps them (shrink asks for {@code include._id}); they move nothing.
   */
  static boolean allocationFilter(String key) {
    for (String kind : new String[] {"include.", "exclude.", "require."}) {
      String prefix = "routing.allocation." + kind;
      if (key.startsWith(prefix) && key.length() > prefix.length()) {
        return true;
      }
    }
    return false;
  }

  /** {@code index.max_slices_per_scroll}: the most slices a scroll or point in time may cut. */
  public static int maxSlicesPerScroll(IndexSettings settings) {
    String v = settings.get("max_slices_per_scroll");
    return v == null ? 1024 : Integer.parseInt(v.trim());
  }

  public static int maxResultWindow(IndexSettings settings) {
    String v = settings.get("max_result_window");
    return v == null ? DEFAULT_MAX_RESULT_WINDOW : Integer.parseInt(v);
  }

  /** {@code index.max_rescore_window}: the largest rescore window; max_result_window if unset. */
  public static int maxRescoreWindow(IndexSettings settings) {
    String v = settings.get("max_rescore_window");
    return v == null ? maxResultWindow(settings) : Integer.parseInt(v.trim());
  }

  /** {@code index.max_inner_result_window}: the largest from + size of inner hits and top hits. */
  public static int maxInnerResultWindow(IndexSettings settings) {
    String v = settings.get("max_inner_result_window");
    return v == null ? DEFAULT_MAX_INNER_RESULT_WINDOW : Integer.parseInt(v.trim());
  }

  /** {@code index.max_docvalue_fields_search}: the most {@code docvalue_fields} one search asks. */
  public static int maxDocvalueFieldsSearch(IndexSettings settings) {
    String v = settings.get("max_docvalue_fields_search");
    return v == null ? DEFAULT_MAX_DOCVALUE_FIELDS_SEARCH : Integer.parseInt(v.trim());
  }

  /** {@code index.max_terms_count}: the most values one terms query may hold. */
  public static int maxTermsCount(IndexSettings settings) {
    String v = settings.get("max_terms_count");
    return v == null ? DEFAULT_MAX_TERMS_COUNT : Integer.parseInt(v.trim());
  }

  /** {@code index.max_regex_length}: the longest regex a query or aggregation may hold. */
  public static int maxRegexLength(IndexSettings settings) {
    String v = settings.get("max_regex_length");
    return v == null ? DEFAULT_MAX_REGEX_LENGTH : Integer.parseInt(v.trim());
  }

  /** {@code index.query_string.lenient}: the {@code lenient} of query strings that set none. */
  public static boolean queryStringLenient(IndexSettings settings) {
    String v = settings.get("query_string.lenient");
    return v != null && v.trim().equals("true");
  }

  /** {@code index.analyze.max_token_count}: the most tokens one {@code _analyze} may list. */
  public static int maxTokenCount(IndexSettings settings) {
    String v = settings.get("analyze.max_token_count");
    return v == null ? DEFAULT_MAX_TOKEN_COUNT : Integer.parseInt(v.trim());
  }

  /** {@code index.highlight.max_analyzed_offset}: the longest text a highlighter analyzes. */
  public static int maxAnalyzedOffset(IndexSettings settings) {
    String v = settings.get("highlight.max_analyzed_offset");
    return v == null ? DEFAULT_MAX_ANALYZED_OFFSET : Integer.parseInt(v.trim());
  }

  private static void parseInt(Map<String, String> settings, String key, int min) {
    parseWhole(settings, key, min, Integer::parseInt);
  }

  /**
   * {@code index.<key>} as a long of at least {@code min}, normalised; 400 in OpenSearch's words.
   */
  static void parseLong(Map<String, String> settings, String key, long min) {
    parseWhole(settings, key, min, Long::parseLong);
  }

  private static void parseWhole(
      Map<String, String> settings, String key, long min, ToLongFunction<String> parser) {
    String value = settings.get(key);
    if (value == null) {
      return;
    }
    long parsed;
    try {
      parsed = parser.applyAsLong(value.trim());
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
    settings.put(key, Long.toString(parsed));
  }
}
