package dev.duet.engine.internal.ingest;

import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.OpType;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.ingest.GrokWatchdogSettings;
import dev.duet.engine.ingest.Pipelines;
import dev.duet.engine.internal.source.JsonMaps;
import dev.duet.engine.mapping.Patterns;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The engine's {@link Pipelines}: ingest and search pipelines stored under the data folder ({@code
 * ingest_pipelines.json}, {@code search_pipelines.json}), and the ingest pipelines run on the index
 * and create items of a bulk ({@link #run}), named by the item or by the target index's {@code
 * index.default_pipeline}, then its {@code index.final_pipeline}.
 */
public final class NodePipelines implements Pipelines, AutoCloseable {
  static final String NONE = "_none";

  private final PipelineStore ingestStore;
  private final PipelineStore searchStore;
  private final Map<String, Map<String, Object>> ingestConfigs;
  private final Map<String, Map<String, Object>> searchConfigs;
  private final Map<String, Pipeline> ingest = new ConcurrentHashMap<>();
  private final GrokWatchdog grokWatchdog;
  private final Processors processors;
  private final Map<String, SearchPipeline> search = new ConcurrentHashMap<>();
  private final dev.duet.engine.search.AliasFilterDecoder queries;

  /** The node's pipelines, kept under {@code dataDir} (null: in memory only). */
  public NodePipelines(Path dataDir) {
    this(dataDir, GrokWatchdogSettings.DEFAULTS, dev.duet.engine.search.AliasFilterDecoder.NONE);
  }

  /**
   * The node's pipelines, kept under {@code dataDir} (null: in memory only), their grok matches
   * interrupted as {@code grokWatchdog} says; {@code queries} reads the queries of search
   * pipelines' {@code filter_query} processors. Close to stop the watchdog's thread.
   */
  public NodePipelines(
      Path dataDir,
      GrokWatchdogSettings grokWatchdog,
      dev.duet.engine.search.AliasFilterDecoder queries) {
    this.queries = queries;
    this.grokWatchdog = new GrokWatchdog(grokWatchdog);
    this.processors = new Processors(ingest::get, this.grokWatchdog.matcherWatchdog());
    this.ingestStore =
        new PipelineStore(dataDir == null ? null : dataDir.resolve("ingest_pipelines.json"));
    this.searchStore =
        new PipelineStore(dataDir == null ? null : dataDir.resolve("search_pipelines.json"));
    this.ingestConfigs = ingestStore.load();
    this.searchConfigs = searchStore.load();
    // Pipelines may name each other (the pipeline processor); parse after all are known.
    ingestConfigs.forEach(
        (id, config) -> ingest.put(id, PipelineParser.parse(id, config, processors)));
    searchConfigs.forEach((id, config) -> search.put(id, new SearchPipeline(config, queries)));
  }

  /**
   * The search pipeline a search runs through: the one it names ({@code search_pipeline}; {@code
   * _none} for none), else, when it searches one index, that index's {@code
   * index.search.default_pipeline}; null for none. A name no pipeline has is OpenSearch's 400.
   */
  public SearchPipeline forSearch(String requested, IndexSettings onlyIndex) {
    String id = requested;
    if (id == null && onlyIndex != null) {
      id = onlyIndex.get("search.default_pipeline");
      if (id == null) {
        id = onlyIndex.get("index.search.default_pipeline");
      }
    }
    if (id == null || id.equals("_none")) {
      return null;
    }
    SearchPipeline pipeline = search.get(id);
    if (pipeline == null) {
      throw new dev.duet.engine.error.RequestRefused("Pipeline " + id + " is not defined");
    }
    return pipeline;
  }

  /** Stops the grok watchdog's thread. */
  @Override
  public void close() {
    grokWatchdog.close();
  }

  @Override
  public synchronized void put(Kind kind, String id, Map<String, Object> config) {
    if (id == null || id.isEmpty()) {
      throw DuetException.illegalArgument("pipeline id must not be empty");
    }
    if (kind == Kind.INGEST) {
      Pipeline pipeline = PipelineParser.parse(id, config, processors);
      ingestConfigs.put(id, IngestDocument.deepCopyMap(config));
      ingestStore.save(ingestConfigs);
      ingest.put(id, pipeline);
    } else {
      SearchPipelineParser.validate(id, config);
      searchConfigs.put(id, IngestDocument.deepCopyMap(config));
      searchStore.save(searchConfigs);
      search.put(id, new SearchPipeline(IngestDocument.deepCopyMap(config), queries));
    }
  }

  @Override
  public synchronized Map<String, Map<String, Object>> get(Kind kind, String ids) {
    Map<String, Map<String, Object>> configs = kind == Kind.INGEST ? ingestConfigs : searchConfigs;
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    for (String id : selected(configs, ids)) {
      out.put(id, IngestDocument.deepCopyMap(configs.get(id)));
    }
    return out;
  }

  @Override
  public synchronized void delete(Kind kind, String ids) {
    Map<String, Map<String, Object>> configs = kind == Kind.INGEST ? ingestConfigs : searchConfigs;
    List<String> selected = selected(configs, ids);
    if (selected.isEmpty()) {
      throw new DuetException(
          404, "resource_not_found_exception", "pipeline [" + ids + "] is missing");
    }
    for (String id : selected) {
      configs.remove(id);
      if (kind == Kind.INGEST) {
        ingest.remove(id);
      } else {
        search.remove(id);
      }
    }
    (kind == Kind.INGEST ? ingestStore : searchStore).save(configs);
  }

  private static List<String> selected(Map<String, Map<String, Object>> configs, String ids) {
    if (ids == null || ids.isEmpty() || ids.equals("*") || ids.equals("_all")) {
      return new ArrayList<>(configs.keySet());
    }
    List<String> out = new ArrayList<>();
    for (String id : configs.keySet()) {
      for (String pattern : ids.split(",")) {
        if (Patterns.matches(pattern.trim(), id)) {
          out.add(id);
          break;
        }
      }
    }
    return out;
  }

  @Override
  public Map<String, Object> simulate(String id, Map<String, Object> body, boolean verbose) {
    return new Simulation(processors, clockNow())
        .run(id, id == null ? null : ingest.get(id), body, verbose);
  }

  @Override
  public Map<String, String> grokPatterns(boolean sorted) {
    return sorted
        ? new TreeMap<>(GrokProcessor.builtinPatterns())
        : GrokProcessor.builtinPatterns();
  }

  @Override
  public List<String> processorTypes() {
    return processors.types();
  }

  @Override
  public Map<String, Object> stats() {
    long count = 0;
    long nanos = 0;
    long current = 0;
    long failed = 0;
    Map<String, Object> perPipeline = new TreeMap<>();
    for (Pipeline p : new TreeMap<>(ingest).values()) {
      long c = p.count.sum();
      long n = p.nanos.sum();
      long cur = p.inFlight.sum();
      long f = p.failed.sum();
      Map<String, Object> s = counters(c, n, cur, f);
      List<Object> procs = new ArrayList<>();
      for (ConfiguredProcessor cp : p.processors()) {
        Map<String, Object> one = new LinkedHashMap<>();
        one.put("type", cp.type());
        one.put("stats", counters(0, 0, 0, 0));
        procs.add(Map.of(cp.tag() == null ? cp.type() : cp.type() + ":" + cp.tag(), one));
      }
      s.put("processors", procs);
      perPipeline.put(p.id(), s);
    }
    // Totals count documents, not pipelines run (a final pipeline does not count twice).
    count = totalCount.sum();
    nanos = totalNanos.sum();
    current = totalCurrent.sum();
    failed = totalFailed.sum();
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("total", counters(count, nanos, current, failed));
    out.put("pipelines", perPipeline);
    return out;
  }

  private final java.util.concurrent.atomic.LongAdder totalCount =
      new java.util.concurrent.atomic.LongAdder();
  private final java.util.concurrent.atomic.LongAdder totalNanos =
      new java.util.concurrent.atomic.LongAdder();
  private final java.util.concurrent.atomic.LongAdder totalCurrent =
      new java.util.concurrent.atomic.LongAdder();
  private final java.util.concurrent.atomic.LongAdder totalFailed =
      new java.util.concurrent.atomic.LongAdder();

  private static Map<String, Object> counters(long count, long nanos, long current, long failed) {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("count", count);
    s.put("time_in_millis", nanos / 1_000_000);
    s.put("current", current);
    s.put("failed", failed);
    return s;
  }

  /** What running an item's pipelines came to: the item to write, a drop, or a failure. */
  public record Outcome(BulkItem item, boolean dropped, DuetException failure) {}

  /**
   * Runs the pipelines an index or create item asks for: its own {@code pipeline} (or, when it
   * names none, the index's {@code default_pipeline}; {@code _none} for neither), then the index's
   * {@code final_pipeline}. {@code settings} gives a write target's settings (null for an index not
   * created yet). Items no pipeline applies to come back unchanged, without parsing their source.
   */
  public Outcome run(BulkItem item, Function<String, IndexSettings> settings) {
    if (item.opType() != OpType.INDEX && item.opType() != OpType.CREATE) {
      return new Outcome(item, false, null);
    }
    IndexSettings target = settings.apply(item.index());
    String requested = item.pipeline();
    String first = requested != null ? requested : setting(target, "default_pipeline");
    String last = setting(target, "final_pipeline");
    if (isNone(first) && isNone(last)) {
      return new Outcome(item, false, null);
    }
    long start = System.nanoTime();
    totalCount.increment();
    totalCurrent.increment();
    try {
      IngestDocument doc = document(item);
      String index = item.index();
      if (!isNone(first)) {
        doc = execute(first, doc);
        if (doc == null) {
          return new Outcome(item, true, null);
        }
        Object newIndex = doc.metadata("_index");
        if (newIndex != null && !newIndex.toString().equals(index)) {
          // A pipeline that moves the document runs the new index's final pipeline instead.
          index = newIndex.toString();
          last = setting(settings.apply(index), "final_pipeline");
        }
      }
      if (!isNone(last)) {
        doc = execute(last, doc);
        if (doc == null) {
          return new Outcome(item, true, null);
        }
      }
      return new Outcome(rebuilt(item, doc), false, null);
    } catch (Exception e) {
      totalFailed.increment();
      return new Outcome(item, false, IngestFailures.of(e));
    } finally {
      totalCurrent.decrement();
      totalNanos.add(System.nanoTime() - start);
    }
  }

  private IngestDocument execute(String id, IngestDocument doc) throws Exception {
    Pipeline pipeline = ingest.get(id);
    if (pipeline == null) {
      throw DuetException.illegalArgument("pipeline with id [" + id + "] does not exist");
    }
    return pipeline.execute(doc, null);
  }

  private static boolean isNone(String id) {
    return id == null || id.equals(NONE);
  }

  private static String setting(IndexSettings settings, String key) {
    return settings == null ? null : settings.get(key);
  }

  @SuppressWarnings("unchecked")
  private static IngestDocument document(BulkItem item) throws IOException {
    Object parsed = JsonMaps.read(item.source());
    Map<String, Object> source =
        parsed instanceof Map<?, ?> ? (Map<String, Object>) parsed : new LinkedHashMap<>();
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("_index", item.index());
    meta.put("_id", item.id());
    return new IngestDocument(source, meta, IngestDocument.ingestMetadata(clockNow()));
  }

  private static BulkItem rebuilt(BulkItem item, IngestDocument doc) {
    Object index = doc.metadata("_index");
    Object id = doc.metadata("_id");
    byte[] source = JsonMaps.writeCompact(doc.source());
    return new BulkItem(
            item.opType(),
            index == null ? item.index() : index.toString(),
            id == null ? null : id.toString(),
            source,
            item.check(),
            null,
            item.vectors(),
            item.requireAlias())
        .withPipeline(null);
  }

  static String clockNow() {
    return Instant.now().toString();
  }

  /** Unmodifiable view, for tests. */
  Map<String, Pipeline> ingestPipelines() {
    return Collections.unmodifiableMap(ingest);
  }
}
