package dev.duet.server.rest;

import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.mapping.Patterns;
import dev.duet.server.action.Actions;
import dev.duet.server.action.ShardCounts;
import dev.duet.server.rest.CatTable.Column;
import dev.duet.server.rest.CatTable.Kind;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code _cat/count}, {@code _cat/health} and {@code _cat/aliases}: OpenSearch's columns (names,
 * aliases, alignment), answered through {@link CatTable} as {@code _cat/indices} is.
 */
final class CatHandlers {
  private static final DateTimeFormatter HMS =
      DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);

  private static final Column EPOCH =
      new Column(
          "epoch",
          Kind.NUMBER,
          false,
          true,
          List.of("t", "time"),
          "seconds since 1970-01-01 00:00:00");
  private static final Column TIMESTAMP =
      new Column(
          "timestamp", Kind.TEXT, false, true, List.of("ts", "hms", "hhmmss"), "time in HH:MM:SS");

  private static final List<Column> COUNT =
      List.of(
          EPOCH,
          TIMESTAMP,
          new Column(
              "count",
              Kind.NUMBER,
              false,
              List.of("dc", "docs.count", "docsCount"),
              "the document count"));

  private static final List<Column> HEALTH =
      List.of(
          EPOCH,
          TIMESTAMP,
          new Column("cluster", Kind.TEXT, false, List.of("cl"), "cluster name"),
          new Column("status", Kind.TEXT, false, List.of("st"), "health status"),
          new Column(
              "node.total", Kind.NUMBER, true, List.of("nt", "nodeTotal"), "total number of nodes"),
          new Column(
              "node.data",
              Kind.NUMBER,
              true,
              List.of("nd", "nodeData"),
              "number of nodes that can store data"),
          new Column(
              "discovered_cluster_manager",
              Kind.TEXT,
              true,
              List.of("dcm", "dm", "discovered_master"),
              "cluster manager is discovered or not"),
          new Column(
              "shards",
              Kind.NUMBER,
              true,
              List.of("t", "sh", "shards.total", "shardsTotal"),
              "total number of shards"),
          new Column(
              "pri",
              Kind.NUMBER,
              true,
              List.of("p", "shards.primary", "shardsPrimary"),
              "number of primary shards"),
          new Column(
              "relo",
              Kind.NUMBER,
              true,
              List.of("r", "shards.relocating", "shardsRelocating"),
              "number of relocating nodes"),
          new Column(
              "init",
              Kind.NUMBER,
              true,
              List.of("i", "shards.initializing", "shardsInitializing"),
              "number of initializing nodes"),
          new Column(
              "unassign",
              Kind.NUMBER,
              true,
              List.of("u", "shards.unassigned", "shardsUnassigned"),
              "number of unassigned shards"),
          new Column(
              "pending_tasks",
              Kind.NUMBER,
              true,
              List.of("pt", "pendingTasks"),
              "number of pending tasks"),
          new Column(
              "max_task_wait_time",
              Kind.TEXT,
              true,
              List.of("mtwt", "maxTaskWaitTime"),
              "wait time of longest task pending"),
          new Column(
              "active_shards_percent",
              Kind.TEXT,
              true,
              List.of("asp", "activeShardsPercent"),
              "active number of shards in percent"));

  private static final List<Column> ALIASES =
      List.of(
          new Column("alias", Kind.TEXT, false, List.of("a"), "alias name"),
          new Column("index", Kind.TEXT, false, List.of("i", "idx"), "index alias points to"),
          new Column("filter", Kind.TEXT, false, List.of("f", "fi"), "filter"),
          new Column(
              "routing.index", Kind.TEXT, false, List.of("ri", "routingIndex"), "index routing"),
          new Column(
              "routing.search", Kind.TEXT, false, List.of("rs", "routingSearch"), "search routing"),
          new Column(
              "is_write_index", Kind.TEXT, false, List.of("w", "isWriteIndex"), "write index"));

  private final Actions actions;
  private final NodeIdentity node;
  private final Clock clock;

  CatHandlers(Actions actions, NodeIdentity node) {
    this(actions, node, Clock.systemUTC());
  }

  CatHandlers(Actions actions, NodeIdentity node, Clock clock) {
    this.actions = actions;
    this.node = node;
    this.clock = clock;
  }

  /**
   * {@code GET /_cat/count[/{index}]}: the documents a search of the indices counts, with {@code
   * _count}'s query (a body or {@code ?q=}).
   */
  RestResponse count(RestRequest request) throws IOException {
    return table(request, COUNT, withTime(SearchHandler.count(actions, request).count()));
  }

  /** {@code GET /_cat/health}: the cluster health line of one node. */
  RestResponse health(RestRequest request) throws IOException {
    ShardCounts shards = ShardCounts.of(actions.indices().list(null, IndicesOptions.ALL));
    int unassigned = shards.total() - shards.successful();
    double percent = shards.total() == 0 ? 100.0 : 100.0 * shards.successful() / shards.total();
    return table(
        request,
        HEALTH,
        withTime(
            node.clusterName(),
            unassigned > 0 ? "yellow" : "green",
            1,
            1,
            "true",
            shards.successful(),
            shards.successful(),
            0,
            0,
            unassigned,
            0,
            "-",
            String.format(Locale.ROOT, "%1.1f%%", percent)));
  }

  /** {@code GET /_cat/aliases[/{name}]}: one row per alias and index; no match is no row. */
  RestResponse aliases(RestRequest request) throws IOException {
    List<String> names = IndexHandlers.split(request.pathParam("name"));
    List<Comparable<?>[]> rows = new ArrayList<>();
    // Every index by default; an expand_wildcards given keeps the indices it expands to (hidden
    // ones only with "hidden"), as OpenSearch's.
    List<IndexInfo> indices =
        request.param("expand_wildcards") == null
            ? actions.indices().list(null, IndicesOptions.ALL)
            : actions.indices().list("*", RestIndicesOptions.of(request, IndicesOptions.ALL));
    for (IndexInfo info : indices) {
      for (AliasMetadata alias : info.aliases().values()) {
        if (names.isEmpty()
            || names.stream()
                .anyMatch(n -> n.equals("_all") || Patterns.matches(n, alias.name()))) {
          rows.add(
              new Comparable<?>[] {
                alias.name(),
                info.name(),
                alias.filter() == null ? "-" : "*",
                orDash(alias.indexRouting()),
                orDash(alias.searchRouting()),
                alias.isWriteIndex() == null ? "-" : alias.isWriteIndex().toString()
              });
        }
      }
    }
    rows.sort(
        (a, b) ->
            a[0].equals(b[0])
                ? ((String) a[1]).compareTo((String) b[1])
                : ((String) a[0]).compareTo((String) b[0]));
    return CatTable.of(ALIASES, rows, request.param("h"), request.param("s"), false)
        .respond(request);
  }

  private RestResponse table(RestRequest request, List<Column> columns, Comparable<?>[] row)
      throws IOException {
    return CatTable.of(
            columns,
            List.<Comparable<?>[]>of(row),
            request.param("h"),
            request.param("s"),
            false,
            request.paramAsBoolean("ts", true))
        .respond(request);
  }

  /** The row's values after the {@code epoch} and {@code timestamp} of now. */
  private Comparable<?>[] withTime(Comparable<?>... values) {
    Instant now = clock.instant();
    Comparable<?>[] row = new Comparable<?>[values.length + 2];
    row[0] = now.getEpochSecond();
    row[1] = HMS.format(now);
    System.arraycopy(values, 0, row, 2, values.length);
    return row;
  }

  private static String orDash(String value) {
    return value == null ? "-" : value;
  }
}
