package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexInfo;
import dev.duet.server.action.Actions;
import dev.duet.server.action.ShardCounts;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code GET /_stats}, {@code /{index}/_stats} and {@code /{index}/_stats/{metric}} in OpenSearch's
 * shape ({@code _shards}, {@code _all} and per index {@code uuid}, {@code primaries}, {@code
 * total}). Duet computes the {@code docs} and {@code store} metrics; OpenSearch's other metric
 * names are accepted and left out, unknown ones are OpenSearch's 400. On one node the replicas are
 * unassigned, so {@code total} is {@code primaries}.
 */
final class IndexStatsHandler implements RestHandler {
  /** OpenSearch 3.8's metric names ({@code CommonStatsFlags.Flag}), for "did you mean". */
  private static final Set<String> METRICS =
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
    Set<String> metrics = metrics(path(index, inPath), metric);
    boolean indicesLevel = level(request.param("level", "indices"));
    List<IndexInfo> indices = actions.indexAdmin().stats(index, RestIndicesOptions.of(request));
    boolean human = request.paramAsBoolean("human", false);
    ShardCounts shards = ShardCounts.of(indices);
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    IndexHandlers.writeShards(g, shards);
    long docs = 0;
    long deleted = 0;
    long bytes = 0;
    String completionFields = request.param("completion_fields", request.param("fields"));
    List<String> patterns = completionFields == null ? null : IndexHandlers.split(completionFields);
    java.util.Map<String, CompletionStatsJson> completion = new java.util.HashMap<>();
    CompletionStatsJson allCompletion = CompletionStatsJson.NONE;
    for (IndexInfo info : indices) {
      docs += info.docsCount();
      deleted += info.docsDeleted();
      bytes += info.storeSizeBytes();
      if (metrics.contains("completion")) {
        CompletionStatsJson one =
            CompletionStatsJson.of(actions.indexAdmin().completionSizes(info.name()), patterns);
        completion.put(info.name(), one);
        allCompletion = allCompletion.plus(one);
      }
    }
    g.writeObjectFieldStart("_all");
    writeCopies(g, metrics, human, indices.isEmpty(), docs, deleted, bytes, allCompletion);
    g.writeEndObject();
    if (indicesLevel) {
      g.writeObjectFieldStart("indices");
      for (IndexInfo info : indices) {
        g.writeObjectFieldStart(info.name());
        g.writeStringField("uuid", info.uuid());
        writeCopies(
            g,
            metrics,
            human,
            false,
            info.docsCount(),
            info.docsDeleted(),
            info.storeSizeBytes(),
            completion.getOrDefault(info.name(), CompletionStatsJson.NONE));
        g.writeEndObject();
      }
      g.writeEndObject();
    }
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /**
   * {@code primaries} and {@code total}, the same on one node; with no index at all, OpenSearch
   * shows both empty.
   */
  private static void writeCopies(
      JsonGenerator g,
      Set<String> metrics,
      boolean human,
      boolean none,
      long docs,
      long deleted,
      long bytes,
      CompletionStatsJson completion)
      throws IOException {
    for (String copies : List.of("primaries", "total")) {
      g.writeObjectFieldStart(copies);
      if (!none) {
        if (metrics.contains("docs")) {
          g.writeObjectFieldStart("docs");
          g.writeNumberField("count", docs);
          g.writeNumberField("deleted", deleted);
          g.writeEndObject();
        }
        if (metrics.contains("store")) {
          g.writeObjectFieldStart("store");
          if (human) {
            g.writeStringField("size", ClusterHandlers.size(bytes, false));
          }
          g.writeNumberField("size_in_bytes", bytes);
          if (human) {
            g.writeStringField("reserved", "0b");
          }
          g.writeNumberField("reserved_in_bytes", 0);
          g.writeEndObject();
        }
        if (metrics.contains("completion")) {
          completion.write(g, human);
        }
      }
      g.writeEndObject();
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
   * True for {@code indices} (and {@code shards}, whose per-shard section Duet leaves out), false
   * for {@code cluster}, which shows {@code _all} alone.
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
