package dev.duet.engine.internal;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.BulkResponse;
import dev.duet.engine.document.GetResult;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link Engine} on Lucene: a folder per index under {@code <data>/indices/<uuid>/}, reloaded
 * on open. Index creation and deletion serialize on one lock; writes and searches do not.
 */
public final class LuceneEngine implements Engine {
  private static final Logger LOG = LoggerFactory.getLogger(LuceneEngine.class);
  private static final int MAX_ID_BYTES = 512;

  private final Path indicesDir;
  private final Map<String, LuceneIndex> indices = new ConcurrentHashMap<>();
  private final Object adminLock = new Object();
  private final ScheduledExecutorService scheduler;
  // Translog work off the write path: timed syncs (async durability) and size-triggered flushes.
  private final ScheduledExecutorService translogTasks;

  private LuceneEngine(Path dataDir) throws IOException {
    this.indicesDir = dataDir.resolve("indices");
    Files.createDirectories(indicesDir);
    ScheduledThreadPoolExecutor refresher =
        new ScheduledThreadPoolExecutor(
            1, Thread.ofPlatform().name("duet-refresh").daemon(true).factory());
    refresher.setRemoveOnCancelPolicy(true); // deleted indices leave no task behind
    this.scheduler = refresher;
    ScheduledThreadPoolExecutor translogThread =
        new ScheduledThreadPoolExecutor(
            1, Thread.ofPlatform().name("duet-translog").daemon(true).factory());
    translogThread.setRemoveOnCancelPolicy(true);
    this.translogTasks = translogThread;
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(indicesDir)) {
      for (Path dir : dirs) {
        if (!Files.exists(dir.resolve(IndexMetadata.FILE))) {
          // A creation that crashed before its metadata was written: nothing to keep.
          deleteRecursively(dir);
          continue;
        }
        LuceneIndex index = LuceneIndex.open(dir, scheduler, translogTasks);
        indices.put(index.name(), index);
      }
    }
  }

  /** Opens (creating if needed) the engine whose data lives under {@code dataDir}. */
  public static LuceneEngine open(Path dataDir) {
    requireNonNull(dataDir, "dataDir");
    try {
      return new LuceneEngine(dataDir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public IndexInfo createIndex(String name, IndexSettings settings, Mapping mapping) {
    requireNonNull(name, "name");
    IndexNames.validate(name);
    IndexSettings validated =
        IndexSettingsRules.validate(settings == null ? IndexSettings.DEFAULTS : settings);
    IndexAnalysis.of(validated); // a bad analysis definition fails creation, not the first search
    synchronized (adminLock) {
      LuceneIndex existing = indices.get(name);
      if (existing != null) {
        Map<String, String> meta = new LinkedHashMap<>();
        meta.put("index", name);
        meta.put("index_uuid", existing.uuid());
        throw new DuetException(
            400,
            "resource_already_exists_exception",
            "index [" + name + "/" + existing.uuid() + "] already exists",
            meta,
            null);
      }
      return create(name, validated, mapping == null ? Mapping.EMPTY : mapping).info();
    }
  }

  @Override
  public void deleteIndex(String name) {
    LuceneIndex index;
    synchronized (adminLock) {
      index = indices.remove(name);
      if (index == null) {
        throw DuetException.indexNotFound(name);
      }
    }
    try {
      index.close();
    } catch (IOException | RuntimeException e) {
      LOG.warn("closing deleted index [{}] failed", name, e);
    }
    try {
      deleteRecursively(index.dir());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public boolean indexExists(String name) {
    return indices.containsKey(name);
  }

  @Override
  public IndexInfo index(String name) {
    return require(name).info();
  }

  @Override
  public Mapping mapping(String name) {
    return require(name).metadata().mapping();
  }

  @Override
  public List<IndexInfo> indices(String expression) {
    List<String> names =
        IndexNames.resolve(
            expression == null || expression.isEmpty() ? List.of() : List.of(expression),
            indices.keySet());
    List<IndexInfo> out = new ArrayList<>(names.size());
    for (String name : names.stream().sorted().toList()) {
      LuceneIndex index = indices.get(name);
      if (index != null) {
        out.add(index.info());
      }
    }
    return out;
  }

  @Override
  public BulkResponse bulk(BulkRequest request) {
    long start = System.nanoTime();
    boolean forced = request.refresh() == RefreshPolicy.IMMEDIATE;
    List<BulkItemResponse> responses = new ArrayList<>(request.items().size());
    List<LuceneIndex> touched = new ArrayList<>(1);
    boolean errors = false;
    for (BulkItem item : request.items()) {
      BulkItemResponse response = applyItem(item, forced, touched);
      errors |= response.failed();
      responses.add(response);
    }
    for (LuceneIndex index : touched) {
      try {
        index.afterBulk(); // durable before acknowledged
      } catch (DuetException e) {
        // Deleted while the bulk ran; nothing of it is left to make durable.
      }
    }
    if (request.refresh() != RefreshPolicy.NONE) {
      for (LuceneIndex index : touched) {
        try {
          index.refresh();
        } catch (DuetException e) {
          // Deleted while the bulk ran; its items already say what happened.
        }
      }
    }
    return new BulkResponse(
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start), errors, responses);
  }

  @Override
  public GetResult get(String index, String id) {
    return require(index).get(id);
  }

  @Override
  public dev.duet.engine.analysis.AnalyzeResponse analyze(
      dev.duet.engine.analysis.AnalyzeRequest request) {
    return AnalyzeService.analyze(
        request, request.index() == null ? null : require(request.index()));
  }

  @Override
  public void refresh(String expression) {
    matching(expression).forEach(LuceneIndex::refresh);
  }

  @Override
  public void flush(String expression) {
    matching(expression).forEach(LuceneIndex::flush);
  }

  /** The open indices an expression names (all when null or empty); 404 for a missing name. */
  private List<LuceneIndex> matching(String expression) {
    List<String> names =
        IndexNames.resolve(
            expression == null || expression.isEmpty() ? List.of() : List.of(expression),
            indices.keySet());
    List<LuceneIndex> matched = new ArrayList<>(names.size());
    for (String name : names) {
      LuceneIndex index = indices.get(name);
      if (index != null) {
        matched.add(index);
      }
    }
    return matched;
  }

  @Override
  public SearchResponse search(SearchRequest request) {
    List<String> names = IndexNames.resolve(request.indices(), indices.keySet());
    List<LuceneIndex> targets = new ArrayList<>(names.size());
    for (String name : names) {
      LuceneIndex index = indices.get(name);
      if (index != null) {
        targets.add(index);
      }
    }
    return SearchPhase.execute(targets, request);
  }

  @Override
  public void close() {
    // Never interrupt a running refresh: an interrupt closes Lucene's NIO channels mid-write and
    // invalidates the index's write lock. Periodic refreshes are cancelled by shutdown().
    scheduler.shutdown();
    translogTasks.shutdown();
    try {
      if (!scheduler.awaitTermination(30, TimeUnit.SECONDS)
          || !translogTasks.awaitTermination(30, TimeUnit.SECONDS)) {
        LOG.warn("refresh or translog thread still busy after 30s; closing indices anyway");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (adminLock) {
      for (LuceneIndex index : indices.values()) {
        try {
          index.close();
        } catch (IOException | RuntimeException e) {
          LOG.error("closing index [{}] failed", index.name(), e);
        }
      }
      indices.clear();
    }
  }

  private BulkItemResponse applyItem(BulkItem item, boolean forced, List<LuceneIndex> touched) {
    boolean autoId = item.id() == null;
    String id = autoId ? TimeBasedIds.nextId() : item.id();
    LuceneIndex index;
    try {
      if (id.getBytes(StandardCharsets.UTF_8).length > MAX_ID_BYTES) {
        throw new DuetException(
            400,
            "action_request_validation_exception",
            "Validation Failed: 1: id ["
                + id
                + "] is too long, must be no longer than 512 bytes but was: "
                + id.getBytes(StandardCharsets.UTF_8).length
                + ";");
      }
      index =
          item.opType() == OpType.DELETE
              ? existingForDelete(item.index())
              : indexForWrite(item.index());
    } catch (DuetException e) {
      return new BulkItemResponse(item.opType(), item.index(), id, e.status(), null, e);
    }
    if (!touched.contains(index)) {
      touched.add(index);
    }
    return index.apply(item, id, autoId, forced);
  }

  /** Deletes never create their index, as in OpenSearch; the item fails instead. */
  private LuceneIndex existingForDelete(String name) {
    LuceneIndex index = indices.get(name);
    if (index != null) {
      return index;
    }
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("index", name);
    meta.put("resource.id", name);
    meta.put("resource.type", "index_expression");
    meta.put("index_uuid", "_na_");
    throw new DuetException(
        404, "index_not_found_exception", "no such index [" + name + "]", meta, null);
  }

  private LuceneIndex indexForWrite(String name) {
    LuceneIndex index = indices.get(name);
    if (index != null) {
      return index;
    }
    IndexNames.validate(name);
    synchronized (adminLock) {
      index = indices.get(name);
      return index != null ? index : create(name, IndexSettings.DEFAULTS, Mapping.EMPTY);
    }
  }

  private LuceneIndex create(String name, IndexSettings settings, Mapping mapping) {
    String uuid = TimeBasedIds.indexUuid();
    IndexMetadata metadata =
        new IndexMetadata(name, uuid, System.currentTimeMillis(), settings, mapping);
    try {
      LuceneIndex index =
          LuceneIndex.create(indicesDir.resolve(uuid), metadata, scheduler, translogTasks);
      indices.put(name, index);
      return index;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private LuceneIndex require(String name) {
    LuceneIndex index = indices.get(name);
    if (index == null) {
      throw DuetException.indexNotFound(name);
    }
    return index;
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    Files.walkFileTree(
        dir,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            Files.delete(file);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path d, IOException exc) throws IOException {
            Files.delete(d);
            return FileVisitResult.CONTINUE;
          }
        });
  }
}
