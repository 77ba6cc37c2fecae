package dev.duet.server.rest;

import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.mapping.Patterns;
import dev.duet.server.action.Actions;
import dev.duet.server.pool.WorkPool;
import dev.duet.server.rest.CatTable.Column;
import dev.duet.server.rest.CatTable.Kind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code _cat} tables of the node and its shards: {@code allocation}, {@code nodes}, {@code
 * shards}, {@code cluster_manager} (and {@code master}), {@code thread_pool}, {@code repositories}
 * (the snapshot repositories), and those a one-node Duet answers empty ({@code nodeattrs}, {@code
 * plugins}, {@code fielddata}, {@code tasks}), in OpenSearch's columns through {@link CatTable}.
 */
final class CatNodeHandlers {
  private static final Column HOST = col("host", Kind.TEXT, List.of("h"), "host name");
  private static final Column IP = col("ip", Kind.TEXT, List.of(), "ip address");
  private static final Column NODE = col("node", Kind.TEXT, List.of("n"), "node name");
  private static final Column NODE_ID = col("id", Kind.TEXT, List.of(), "node id");

  private static final List<Column> ALLOCATION =
      List.of(
          rcol("shards", Kind.NUMBER, List.of("s"), "number of shards on node"),
          rcol("disk.indices", Kind.BYTES, List.of("di", "diskIndices"), "disk used by indices"),
          rcol(
              "disk.used",
              Kind.BYTES,
              List.of("du", "diskUsed"),
              "disk used (total, not just OpenSearch)"),
          rcol("disk.avail", Kind.BYTES, List.of("da", "diskAvail"), "disk available"),
          rcol(
              "disk.total",
              Kind.BYTES,
              List.of("dt", "diskTotal"),
              "total capacity of all volumes"),
          rcol("disk.percent", Kind.NUMBER, List.of("dp", "diskPercent"), "percent disk used"),
          col("host", Kind.TEXT, List.of("h"), "host of node"),
          col("ip", Kind.TEXT, List.of(), "ip of node"),
          col("node", Kind.TEXT, List.of("n"), "name of node"));

  private static final List<Column> NODES =
      List.of(
          new Column("id", Kind.TEXT, false, false, List.of("nodeId"), "unique node id", true),
          new Column("pid", Kind.NUMBER, true, false, List.of("p"), "process id", true),
          col("ip", Kind.TEXT, List.of("i"), "ip address"),
          new Column("port", Kind.NUMBER, true, false, List.of("po"), "bound transport port", true),
          new Column(
              "http_address", Kind.TEXT, false, false, List.of("http"), "bound http address", true),
          new Column("version", Kind.TEXT, false, false, List.of("v"), "os version", true),
          new Column("jdk", Kind.TEXT, false, false, List.of("j"), "jdk version", true),
          hidden("disk.total", Kind.BYTES, List.of("dt", "diskTotal"), "total disk space"),
          hidden("disk.used", Kind.BYTES, List.of("du", "diskUsed"), "used disk space"),
          hidden(
              "disk.avail",
              Kind.BYTES,
              List.of("d", "da", "disk", "diskAvail"),
              "available disk space"),
          hidden(
              "disk.used_percent",
              Kind.TEXT,
              List.of("dup", "diskUsedPercent"),
              "used disk space percentage"),
          hidden("heap.current", Kind.BYTES, List.of("hc", "heapCurrent"), "used heap"),
          rcol("heap.percent", Kind.NUMBER, List.of("hp", "heapPercent"), "used heap ratio"),
          hidden("heap.max", Kind.BYTES, List.of("hm", "heapMax"), "max configured heap"),
          hidden("ram.current", Kind.BYTES, List.of("rc", "ramCurrent"), "used machine memory"),
          rcol(
              "ram.percent", Kind.NUMBER, List.of("rp", "ramPercent"), "used machine memory ratio"),
          hidden("ram.max", Kind.BYTES, List.of("rm", "ramMax"), "total machine memory"),
          hidden(
              "file_desc.current",
              Kind.NUMBER,
              List.of("fdc", "fileDescriptorCurrent"),
              "used file descriptors"),
          hidden(
              "file_desc.percent",
              Kind.NUMBER,
              List.of("fdp", "fileDescriptorPercent"),
              "used file descriptor ratio"),
          hidden(
              "file_desc.max",
              Kind.NUMBER,
              List.of("fdm", "fileDescriptorMax"),
              "max file descriptors"),
          rcol("cpu", Kind.NUMBER, List.of(), "recent cpu usage"),
          rcol("load_1m", Kind.TEXT, List.of("l"), "1m load avg"),
          rcol("load_5m", Kind.TEXT, List.of("l"), "5m load avg"),
          rcol("load_15m", Kind.TEXT, List.of("l"), "15m load avg"),
          hidden("uptime", Kind.TEXT, List.of("u"), "node uptime"),
          col(
              "node.role",
              Kind.TEXT,
              List.of("r", "role", "nodeRole"),
              "m:master eligible node, d:data node, i:ingest node, -:coordinating node only"),
          col("node.roles", Kind.TEXT, List.of("rs", "all roles"), " -:coordinating node only"),
          col(
              "cluster_manager",
              Kind.TEXT,
              List.of("cm", "m", "master"),
              "*:current cluster manager"),
          col("name", Kind.TEXT, List.of("n"), "node name"));

  private static final List<Column> SHARDS =
      List.of(
          col("index", Kind.TEXT, List.of("i", "idx"), "index name"),
          rcol("shard", Kind.NUMBER, List.of("s", "sh"), "shard name"),
          col("prirep", Kind.TEXT, List.of("p", "pr", "primaryOrReplica"), "primary or replica"),
          col("state", Kind.TEXT, List.of("st"), "shard state"),
          rcol("docs", Kind.NUMBER, List.of("d", "dc"), "number of docs in shard"),
          rcol("store", Kind.BYTES, List.of("sto"), "store size of shard (how much disk it uses)"),
          col("ip", Kind.TEXT, List.of(), "ip of node where it lives"),
          new Column(
              "id", Kind.TEXT, false, false, List.of(), "unique id of node where it lives", true),
          col("node", Kind.TEXT, List.of("n"), "name of node where it lives"));

  private static final List<Column> CLUSTER_MANAGER =
      List.of(
          col("id", Kind.TEXT, List.of(), "node id"),
          col("host", Kind.TEXT, List.of("h"), "host name"),
          col("ip", Kind.TEXT, List.of(), "ip address"),
          col("node", Kind.TEXT, List.of("n"), "node name"));

  private static final List<Column> NODEATTRS =
      List.of(
          col("node", Kind.TEXT, List.of("name"), "node name"),
          new Column(
              "id", Kind.TEXT, false, false, List.of("id", "nodeId"), "unique node id", true),
          new Column("pid", Kind.NUMBER, true, false, List.of("p"), "process id", true),
          col("host", Kind.TEXT, List.of("h"), "host name"),
          col("ip", Kind.TEXT, List.of("i"), "ip address"),
          new Column("port", Kind.NUMBER, true, false, List.of("po"), "bound transport port", true),
          col("attr", Kind.TEXT, List.of("attr.name"), "attribute description"),
          col("value", Kind.TEXT, List.of("attr.value"), "attribute value"));

  private static final List<Column> PLUGINS =
      List.of(
          new Column("id", Kind.TEXT, false, false, List.of(), "unique node id", true),
          col("name", Kind.TEXT, List.of("n"), "node name"),
          col("component", Kind.TEXT, List.of("c"), "component"),
          col("version", Kind.TEXT, List.of("v"), "component version"),
          new Column("description", Kind.TEXT, false, false, List.of("d"), "plugin details", true));

  private static final List<Column> FIELDDATA =
      List.of(
          NODE_ID,
          HOST,
          IP,
          NODE,
          col("field", Kind.TEXT, List.of("f"), "field name"),
          rcol("size", Kind.BYTES, List.of("s"), "field data usage"));

  private static final List<Column> REPOSITORIES =
      List.of(
          col("id", Kind.TEXT, List.of("id", "repoId"), "unique repository id"),
          col("type", Kind.TEXT, List.of("t", "type"), "repository type"));

  private static final List<Column> THREAD_POOL =
      List.of(
          col("node_name", Kind.TEXT, List.of("nn"), "node name"),
          hidden("node_id", Kind.TEXT, List.of("id"), "persistent node id"),
          hidden("ephemeral_node_id", Kind.TEXT, List.of("eid"), "ephemeral node id"),
          hidden("pid", Kind.NUMBER, List.of("p"), "process id"),
          hidden("host", Kind.TEXT, List.of("h"), "host name"),
          hidden("ip", Kind.TEXT, List.of("i"), "ip address"),
          hidden("port", Kind.NUMBER, List.of("po"), "bound transport port"),
          col("name", Kind.TEXT, List.of("n"), "thread pool name"),
          hidden("type", Kind.TEXT, List.of("t"), "thread pool type"),
          rcol("active", Kind.NUMBER, List.of("a"), "number of active threads"),
          hidden("pool_size", Kind.NUMBER, List.of("psz"), "number of threads"),
          rcol("queue", Kind.NUMBER, List.of("q"), "number of tasks currently in queue"),
          hidden(
              "queue_size",
              Kind.NUMBER,
              List.of("qs"),
              "maximum number of tasks permitted in queue"),
          rcol("rejected", Kind.NUMBER, List.of("r"), "number of rejected tasks"),
          hidden("largest", Kind.NUMBER, List.of("l"), "highest number of seen active threads"),
          hidden("completed", Kind.NUMBER, List.of("c"), "number of completed tasks"),
          hidden(
              "total_wait_time",
              Kind.TEXT,
              List.of("twt"),
              "total time tasks spent waiting in thread_pool queue"),
          hidden(
              "core", Kind.TEXT, List.of("cr"), "core number of threads in a scaling thread pool"),
          hidden(
              "max",
              Kind.TEXT,
              List.of("mx"),
              "maximum number of threads in a scaling thread pool"),
          hidden("size", Kind.NUMBER, List.of("sz"), "number of threads in a fixed thread pool"),
          hidden("keep_alive", Kind.TEXT, List.of("ka"), "thread keep alive time"));

  private final Actions actions;
  private final NodeIdentity node;

  CatNodeHandlers(Actions actions, NodeIdentity node) {
    this.actions = actions;
    this.node = node;
  }

  /**
   * {@code GET /_cat/allocation[/{node_id}]}: the node's shards and disk, and a row of the
   * unassigned replicas when there are some.
   */
  RestResponse allocation(RestRequest request) throws IOException {
    List<Comparable<?>[]> rows = new ArrayList<>();
    if (NodeSelection.selects(request.pathParam("node_id"), node)) {
      long shards = 0;
      long unassigned = 0;
      long indices = 0;
      for (IndexInfo info : actions.indices().list(null)) {
        shards += info.settings().numberOfShards();
        unassigned += (long) info.settings().numberOfShards() * info.settings().numberOfReplicas();
        indices += info.storeSizeBytes();
      }
      long[] disk = NodeMetrics.disk(node.dataDir());
      long used = disk[0] - disk[1];
      rows.add(
          new Comparable<?>[] {
            shards,
            indices,
            used,
            disk[1],
            disk[0],
            disk[0] == 0 ? 0 : Math.round(100.0 * used / disk[0]),
            node.host(),
            node.host(),
            node.nodeName()
          });
      if (unassigned > 0) {
        rows.add(
            new Comparable<?>[] {
              unassigned, null, null, null, null, null, null, null, "UNASSIGNED"
            });
      }
    }
    return table(request, ALLOCATION, rows);
  }

  /** {@code GET /_cat/nodes}: the node's row. */
  RestResponse nodes(RestRequest request) throws IOException {
    NodeMetrics.Snapshot s = NodeMetrics.snapshot();
    long[] disk = NodeMetrics.disk(node.dataDir());
    long used = disk[0] - disk[1];
    boolean fullId = request.paramAsBoolean("full_id", false);
    String id = fullId ? node.nodeId() : node.nodeId().substring(0, 4);
    Comparable<?>[] row = {
      id,
      ProcessHandle.current().pid(),
      node.host(),
      node.transportPort(),
      node.httpAddress(),
      DuetVersion.OPENSEARCH,
      System.getProperty("java.version"),
      disk[0],
      used,
      disk[1],
      String.format(Locale.ROOT, "%.2f", disk[0] == 0 ? 0.0 : 100.0 * used / disk[0]),
      s.heapUsed(),
      s.heapPercent(),
      s.heapMax(),
      s.ramUsed(),
      s.ramPercent(),
      s.ramTotal(),
      s.openFiles(),
      s.filesPercent(),
      s.maxFiles(),
      s.cpu(),
      load(s, 0),
      load(s, 1),
      load(s, 2),
      uptime(s.uptimeMillis()),
      "dimr",
      String.join(",", NodeSelection.ROLES),
      "*",
      node.nodeName()
    };
    return table(request, NODES, List.<Comparable<?>[]>of(row));
  }

  /**
   * {@code GET /_cat/shards[/{index}]}: each index's primaries on this node and its replicas
   * unassigned. Duet keeps an index's documents together, so per-shard documents and store are
   * known only for one-shard indices; with more shards those cells are blank.
   */
  RestResponse shards(RestRequest request) throws IOException {
    List<Comparable<?>[]> rows = new ArrayList<>();
    for (IndexInfo info :
        actions.indices().list(request.pathParam("index"), RestIndicesOptions.of(request))) {
      int shards = info.settings().numberOfShards();
      for (int shard = 0; shard < shards; shard++) {
        rows.add(
            new Comparable<?>[] {
              info.name(),
              shard,
              "p",
              "STARTED",
              shards == 1 ? info.docsCount() : null,
              shards == 1 ? info.storeSizeBytes() : null,
              node.host(),
              node.nodeId(),
              node.nodeName()
            });
        for (int r = 0; r < info.settings().numberOfReplicas(); r++) {
          rows.add(
              new Comparable<?>[] {
                info.name(), shard, "r", "UNASSIGNED", null, null, null, null, null
              });
        }
      }
    }
    return table(request, SHARDS, rows);
  }

  /** {@code GET /_cat/cluster_manager} and {@code /_cat/master}: this node. */
  RestResponse clusterManager(RestRequest request) throws IOException {
    return table(
        request,
        CLUSTER_MANAGER,
        List.<Comparable<?>[]>of(
            new Comparable<?>[] {node.nodeId(), node.host(), node.host(), node.nodeName()}));
  }

  /** {@code GET /_cat/thread_pool[/{thread_pool_patterns}]}: the node's search and write pools. */
  RestResponse threadPool(RestRequest request) throws IOException {
    List<String> patterns = IndexHandlers.split(request.pathParam("thread_pool_patterns"));
    List<Comparable<?>[]> rows = new ArrayList<>();
    List<WorkPool> real =
        node.pools() == null ? List.of() : List.of(node.pools().search(), node.pools().write());
    for (WorkPool pool : real) {
      if (selected(patterns, pool.name())) {
        WorkPool.Stats s = pool.stats();
        rows.add(
            threadPoolRow(
                pool.name(),
                "search".equals(pool.name()) ? "resizable" : "fixed",
                s.active(),
                s.threads(),
                s.queue(),
                pool.queueCapacity(),
                s.rejected(),
                s.largest(),
                s.completed(),
                null,
                null,
                pool.size(),
                null));
      }
    }
    // OpenSearch's other pools, idle on a Duet node (its work runs elsewhere), with the sizes a
    // one-node OpenSearch 3.8 reports.
    for (String[] p : OTHER_POOLS) {
      boolean realPool = real.stream().anyMatch(w -> w.name().equals(p[0]));
      if (!realPool && selected(patterns, p[0])) {
        boolean scaling = p[1].equals("scaling");
        rows.add(
            threadPoolRow(
                p[0],
                p[1],
                0,
                0,
                0,
                Integer.parseInt(p[3]),
                0,
                0,
                0,
                scaling ? p[4] : null,
                scaling ? p[5] : null,
                scaling ? null : Integer.parseInt(p[2]),
                scaling ? p[6] : null));
      }
    }
    rows.sort((a, b) -> ((String) a[7]).compareTo((String) b[7]));
    return table(request, THREAD_POOL, rows);
  }

  /** OpenSearch 3.8's pools: name, type, size, queue_size, core, max, keep_alive. */
  private static final String[][] OTHER_POOLS = {
    {"analyze", "fixed", "1", "16", "", "", ""},
    {"fetch_shard_started", "scaling", "", "-1", "1", "4", "5m"},
    {"fetch_shard_store", "scaling", "", "-1", "1", "4", "5m"},
    {"flush", "scaling", "", "-1", "1", "1", "5m"},
    {"force_merge", "fixed", "1", "-1", "", "", ""},
    {"generic", "scaling", "", "-1", "4", "128", "30s"},
    {"get", "fixed", "2", "1000", "", "", ""},
    {"index_searcher", "resizable", "4", "1000", "", "", ""},
    {"listener", "fixed", "1", "-1", "", "", ""},
    {"management", "scaling", "", "-1", "1", "5", "5m"},
    {"merge", "scaling", "", "-1", "1", "2", "5m"},
    {"refresh", "scaling", "", "-1", "1", "1", "5m"},
    {"search_throttled", "resizable", "1", "100", "", "", ""},
    {"snapshot", "scaling", "", "-1", "1", "1", "5m"},
    {"system_read", "fixed", "1", "2000", "", "", ""},
    {"system_write", "fixed", "1", "1000", "", "", ""},
    {"translog_recovery", "fixed", "2", "-1", "", "", ""},
    {"translog_sync", "fixed", "8", "10000", "", "", ""},
    {"warmer", "scaling", "", "-1", "1", "1", "5m"},
  };

  private static boolean selected(List<String> patterns, String name) {
    return patterns.isEmpty() || patterns.stream().anyMatch(p -> Patterns.matches(p, name));
  }

  private Comparable<?>[] threadPoolRow(
      String name,
      String type,
      long active,
      long threads,
      long queue,
      long queueSize,
      long rejected,
      long largest,
      long completed,
      String core,
      String max,
      Integer size,
      String keepAlive) {
    // Queue waits are timed by OpenSearch's resizable (search) pools only; -1 elsewhere.
    String totalWait = type.equals("resizable") ? "0s" : "-1";
    return new Comparable<?>[] {
      node.nodeName(),
      node.nodeId(),
      node.nodeId(),
      ProcessHandle.current().pid(),
      node.host(),
      node.host(),
      node.transportPort(),
      name,
      type,
      active,
      threads,
      queue,
      queueSize,
      rejected,
      largest,
      completed,
      totalWait,
      core,
      max,
      size,
      keepAlive
    };
  }

  /** {@code GET /_cat/nodeattrs}: the node's attributes ({@code node.attr.*} at start). */
  RestResponse nodeattrs(RestRequest request) throws IOException {
    List<Comparable<?>[]> rows = new ArrayList<>();
    for (Map.Entry<String, String> attr : node.attributes().entrySet()) {
      rows.add(
          new Comparable<?>[] {
            node.nodeName(),
            node.nodeId().substring(0, Math.min(4, node.nodeId().length())),
            ProcessHandle.current().pid(),
            node.host(),
            node.host(),
            node.transportPort(),
            attr.getKey(),
            attr.getValue()
          });
    }
    return table(request, NODEATTRS, rows);
  }

  /** {@code GET /_cat/plugins}: Duet loads no plugins. */
  RestResponse plugins(RestRequest request) throws IOException {
    return table(request, PLUGINS, List.of());
  }

  /**
   * {@code GET /_cat/fielddata[/{fields}]}: the node's fielddata by field, summed over its indices
   * (their {@code _stats} fielddata figures); {@code fields} (path or parameter) keeps the fields
   * it names, wildcards allowed.
   */
  RestResponse fielddata(RestRequest request) throws IOException {
    String fields = request.pathParam("fields");
    if (fields == null) {
      fields = request.param("fields");
    }
    List<String> wanted =
        fields == null || fields.isEmpty() ? List.of() : List.of(fields.split(","));
    Map<String, Long> sizes = new java.util.TreeMap<>();
    for (var index :
        actions.indexAdmin().indexStats(null, dev.duet.engine.index.IndicesOptions.DEFAULTS)) {
      index.fielddataFields().forEach((field, bytes) -> sizes.merge(field, bytes, Long::sum));
    }
    List<Comparable<?>[]> rows = new java.util.ArrayList<>();
    for (Map.Entry<String, Long> e : sizes.entrySet()) {
      if (wanted.isEmpty()
          || wanted.stream().anyMatch(p -> Patterns.matches(p.trim(), e.getKey()))) {
        rows.add(
            new Comparable<?>[] {
              node.nodeId(), node.host(), node.host(), node.nodeName(), e.getKey(), e.getValue()
            });
      }
    }
    return table(request, FIELDDATA, rows);
  }

  /** {@code GET /_cat/repositories}: the registered snapshot repositories. */
  RestResponse repositories(RestRequest request) throws IOException {
    List<Comparable<?>[]> rows = new java.util.ArrayList<>();
    for (var r : actions.snapshots().repositories(null)) {
      rows.add(new Comparable<?>[] {r.name(), r.type()});
    }
    return table(request, REPOSITORIES, rows);
  }

  private static RestResponse table(
      RestRequest request, List<Column> columns, List<Comparable<?>[]> rows) throws IOException {
    String bytes = request.param("bytes");
    return CatTable.of(columns, rows, request.param("h"), request.param("s"), bytes, true)
        .respond(request);
  }

  private static String load(NodeMetrics.Snapshot s, int i) {
    return s.load() == null ? null : String.format(Locale.ROOT, "%.2f", s.load()[i]);
  }

  private static String uptime(long millis) {
    if (millis >= 86_400_000L) {
      return String.format(Locale.ROOT, "%.1fd", millis / 86_400_000.0);
    }
    if (millis >= 3_600_000L) {
      return String.format(Locale.ROOT, "%.1fh", millis / 3_600_000.0);
    }
    if (millis >= 60_000L) {
      return String.format(Locale.ROOT, "%.1fm", millis / 60_000.0);
    }
    return String.format(Locale.ROOT, "%.1fs", millis / 1000.0);
  }

  private static Column col(String name, Kind kind, List<String> aliases, String description) {
    return new Column(name, kind, false, false, aliases, description);
  }

  private static Column rcol(String name, Kind kind, List<String> aliases, String description) {
    return new Column(name, kind, true, false, aliases, description);
  }

  private static Column hidden(String name, Kind kind, List<String> aliases, String description) {
    return new Column(name, kind, kind != Kind.TEXT, false, aliases, description, true);
  }
}
