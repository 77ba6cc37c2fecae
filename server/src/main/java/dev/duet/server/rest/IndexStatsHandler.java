package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndexStats;
import dev.duet.server.action.Actions;
import dev.duet.server.action.ShardCounts;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * {@code GET /_stats}, {@code /{index}/_stats} and {@code /{index}/_stats/{metric}} in OpenSearch's
 * shape ({@code _shards}, {@code _all} and per index {@code uuid}, {@code primaries}, {@code
 * total}, with {@code level=shards} each index's one shard), from the engine's counters ({@link
 * IndexStatsWriter}). On one node the replicas are unassigned, so {@code total} is {@code
 * primaries}.
 */
final class IndexStatsHandler implements RestHandler {
  /** OpenSearch 3.8's metric names ({@code CommonStatsFlags.Flag}), for "did you mean". */
  static final Set<String> METRICS =
      Set.of(
          "store",
          "indexing",
          "get",
          "search",
          "merge",
          "flush",
          "refresh",
          "query_cache",
          "fielddata",
          "docs",
          "warmer",
          "completion",
          "segments",
          "translog",
          "request_cache",
          "recovery");

  private final Actions actions;

  IndexStatsHandler(Actions actions) {
    this.actions = actions;
  }

  @Override
  public RestResponse handle(RestRequest request) throws IOException {
    String index = request.pathParam("index");
    // OpenSearch reads the path's {metric} and a metric= parameter alike.
    String inPath = request.pathParam("metric");
    String metric = inPath != null ? inPath : request.param("metric");
    String path = path(index, inPath);
    Set<String> metrics = metrics(path, metric);
    checkConditionalParams(request, path, metrics);
    String level = request.param("level", "indices");
    boolean indicesLevel = level(level);
    boolean shardsLevel = level.equals("shards");
    IndexStatsWriter.Options options = options(request, metrics);
    List<IndexStats> indices =
        actions
            .indexAdmin()
            .indexStats(
                index,
                RestIndicesOptions.of(request),
                request.paramAsBoolean("include_unloaded_segments", false));
    List<IndexInfo> infos = new ArrayList<>(indices.size());
    Sum all = new Sum();
    for (IndexStats stats : indices) {
      infos.add(stats.info());
      all.add(stats);
    }
    ShardCounts shards = ShardCounts.of(infos);
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    IndexStatsWriter writer = new IndexStatsWriter(g, options);
    g.writeStartObject();
    IndexHandlers.writeShards(g, shards);
    g.writeObjectFieldStart("_all");
    for (String copies : List.of("primaries", "total")) {
      g.writeObjectFieldStart(copies);
      if (!indices.isEmpty()) {
        all.write(writer, metrics);
      }
      g.writeEndObject();
    }
    g.writeEndObject();
    if (indicesLevel) {
      g.writeObjectFieldStart("indices");
      for (IndexStats stats : indices) {
        g.writeObjectFieldStart(stats.info().name());
        g.writeStringField("uuid", stats.info().uuid());
        for (String copies : List.of("primaries", "total")) {
          g.writeObjectFieldStart(copies);
          write(writer, metrics, stats);
          g.writeEndObject();
        }
        if (shardsLevel) {
          g.writeObjectFieldStart("shards");
          writeShard(g, writer, metrics, stats, actions.nodeId());
          g.writeEndObject();
        }
        g.writeEndObject();
      }
      g.writeEndObject();
    }
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  static void write(IndexStatsWriter writer, Set<String> metrics, IndexStats stats)
      throws IOException {
    writer.write(
        metrics,
        stats.values(),
        stats.searchGroups(),
        stats.fileSizes(),
        stats.fielddataFields(),
        stats.completionFields());
  }

  /**
   * Shard {@code 0}, the index's one Lucene index, as its primary copy: routing, the sections, the
   * last commit, and its sequence numbers.
   */
  static void writeShard(
      JsonGenerator g,
      IndexStatsWriter writer,
      Set<String> metrics,
      IndexStats stats,
      String nodeId)
      throws IOException {
    g.writeArrayFieldStart("0");
    g.writeStartObject();
    g.writeObjectFieldStart("routing");
    g.writeStringField("state", stats.info().closed() ? "CLOSED" : "STARTED");
    g.writeBooleanField("primary", true);
    g.writeStringField("node", nodeId);
    g.writeNullField("relocating_node");
    g.writeEndObject();
    write(writer, metrics, stats);
    IndexStats.Commit commit = stats.commit();
    if (commit != null) {
      g.writeObjectFieldStart("commit");
      g.writeStringField("id", commit.id());
      g.writeNumberField("generation", commit.generation());
      g.writeObjectFieldStart("user_data");
      for (Map.Entry<String, String> e : commit.userData().entrySet()) {
        g.writeStringField(e.getKey(), e.getValue());
      }
      g.writeEndObject();
      g.writeNumberField("num_docs", commit.numDocs());
      g.writeEndObject();
    }
    g.writeEndObject();
    g.writeEndArray();
  }

  /** Several indices' figures added up, for {@code _all} and a node's {@code indices}. */
  static final class Sum {
    private IndexStats.Values values = IndexStats.Values.ZERO;
    private final Map<String, IndexStats.Values> groups = new java.util.TreeMap<>();
    private Map<String, Long> fileSizes = Map.of();
    private Map<String, Long> fielddata = Map.of();
    private Map<String, Long> completion = Map.of();

    void add(IndexStats stats) {
      values = values.plus(stats.values());
      stats.searchGroups().forEach((name, v) -> groups.merge(name, v, IndexStats.Values::plus));
      fileSizes = IndexStats.sum(fileSizes, stats.fileSizes());
      fielddata = IndexStats.sum(fielddata, stats.fielddataFields());
      completion = IndexStats.sum(completion, stats.completionFields());
    }

    void write(IndexStatsWriter writer, Set<String> metrics) throws IOException {
      writer.write(metrics, values, groups, fileSizes, fielddata, completion);
    }
  }

  /**
   * {@code human}, and the parameters that pick what some sections list: {@code groups} (search),
   * {@code fielddata_fields}/{@code completion_fields} (or {@code fields} for both), {@code
   * include_segment_file_sizes}.
   */
  static IndexStatsWriter.Options options(RestRequest request, Set<String> metrics) {
    String fields = request.param("fields");
    String fielddata = request.param("fielddata_fields", fields);
    String completion = request.param("completion_fields", fields);
    return new IndexStatsWriter.Options(
        request.paramAsBoolean("human", false),
        patterns(request.param("groups")),
        patterns(fielddata),
        patterns(completion),
        metrics.contains("segments")
            && request.paramAsBoolean("include_segment_file_sizes", false));
  }

  /** Names and simple wildcards ({@code *}, {@code *r}) as a test; null when none are given. */
  static Predicate<String> patterns(String list) {
    if (list == null || list.isEmpty()) {
      return null;
    }
    List<String> items = IndexHandlers.split(list);
    return name -> {
      for (String item : items) {
        if (item.equals("_all") || glob(item, name)) {
          return true;
        }
      }
      return false;
    };
  }

  /** OpenSearch's simple match: {@code *} stands for any run of characters. */
  static boolean glob(String pattern, String name) {
    int star = pattern.indexOf('*');
    if (star < 0) {
      return pattern.equals(name);
    }
    String prefix = pattern.substring(0, star);
    if (!name.startsWith(prefix)) {
      return false;
    }
    String rest = pattern.substring(star + 1);
    for (int i = prefix.length(); i <= name.length(); i++) {
      if (glob(rest, name.substring(i))) {
        return true;
      }
    }
    return false;
  }

  /**
   * OpenSearch reads {@code include_segment_file_sizes}, {@code fielddata_fields}, {@code
   * completion_fields} and {@code fields} only when the metrics include their section: given
   * otherwise, they are unrecognized.
   */
  private static void checkConditionalParams(
      RestRequest request, String path, Set<String> metrics) {
    TreeSet<String> unknown = new TreeSet<>();
    boolean fieldSections = metrics.contains("fielddata") || metrics.contains("completion");
    conditional(request, unknown, "include_segment_file_sizes", metrics.contains("segments"));
    conditional(request, unknown, "include_unloaded_segments", metrics.contains("segments"));
    conditional(request, unknown, "fielddata_fields", metrics.contains("fielddata"));
    conditional(request, unknown, "completion_fields", metrics.contains("completion"));
    conditional(request, unknown, "fields", fieldSections);
    conditional(request, unknown, "groups", metrics.contains("search"));
    if (!unknown.isEmpty()) {
      throw DuetException.illegalArgument(AcceptedParams.message(path, unknown, Set.of()));
    }
  }

  private static void conditional(
      RestRequest request, Set<String> unknown, String name, boolean read) {
    if (!read && request.param(name) != null) {
      unknown.add(name);
    }
  }

  /** The metrics asked for: all without {@code metric} or with {@code _all}. */
  private static Set<String> metrics(String path, String metric) {
    if (metric == null || metric.isEmpty()) {
      return METRICS;
    }
    Set<String> asked = new LinkedHashSet<>(IndexHandlers.split(metric));
    if (asked.contains("_all")) {
      if (asked.size() > 1) {
        throw DuetException.illegalArgument(
            "request [" + path + "] contains _all and individual metrics [" + metric + "]");
      }
      return METRICS;
    }
    TreeSet<String> unknown = new TreeSet<>();
    for (String name : asked) {
      if (!METRICS.contains(name)) {
        unknown.add(name);
      }
    }
    if (!unknown.isEmpty()) {
      throw DuetException.illegalArgument(AcceptedParams.message(path, unknown, METRICS, "metric"));
    }
    return asked;
  }

  /**
   * True for {@code indices} and {@code shards}, false for {@code cluster}, which shows {@code
   * _all} alone.
   */
  private static boolean level(String level) {
    return switch (level) {
      case "cluster" -> false;
      case "indices", "shards" -> true;
      default ->
          throw DuetException.illegalArgument(
              "level parameter must be one of [cluster] or [indices] or [shards] but was ["
                  + level
                  + "]");
    };
  }

  private static String path(String index, String metric) {
    return (index == null ? "" : "/" + index) + "/_stats" + (metric == null ? "" : "/" + metric);
  }
}
