package dev.duet.engine.internal.admin;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.document.GetResult;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.IndexFailure;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.IndexTemplate;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.internal.analysis.IndexAnalysis;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.document.TimeBasedIds;
import dev.duet.engine.internal.knn.KnnSettings;
import dev.duet.engine.internal.meta.FailedIndices;
import dev.duet.engine.internal.meta.IndexMetadata;
import dev.duet.engine.internal.meta.IndexNames;
import dev.duet.engine.internal.meta.IndexResolver;
import dev.duet.engine.internal.meta.IndexSettingsRules;
import dev.duet.engine.internal.meta.MappingLimits;
import dev.duet.engine.internal.shard.ClauseLimit;
import dev.duet.engine.internal.shard.IndexSorting;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.internal.translog.FsyncObserver;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.AliasFilterDecoder;
import dev.duet.engine.search.Query;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node's indices: a folder per index under {@code <data>/indices/<uuid>/}, opened at start,
 * created and deleted under one lock, and the failed ones kept red until deleted.
 */
public final class NodeIndices implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(NodeIndices.class);

  /** The open indices a request names, each with its alias filter (same order). */
  public record Targets(List<LuceneIndex> indices, List<Query> filters) {}

  private final Path indicesDir;
  private final Map<String, LuceneIndex> indices = new ConcurrentHashMap<>();
  // Closed indices: their folders and metadata, no Lucene index open.
  private final Map<String, ClosedIndex> closed = new ConcurrentHashMap<>();
  private final FailedIndices failed = new FailedIndices();
  private final Object lock = new Object();
  private final ScheduledExecutorService scheduler;
  // Translog work off the write path: timed syncs (async durability) and size-triggered flushes.
  private final ScheduledExecutorService translogTasks;
  private final ClauseLimit clauseLimit;
  private final IndexAdmin admin;
  private final IndexResolver resolver;
  private final IndexTemplates templates;
  private volatile Consumer<LuceneIndex> onDelete = index -> {};

  /** Creates the registry and its refresh and translog threads; {@link #openAll} loads the disk. */
  // Every index's translog reports its fsyncs here: the node's metrics listen.
  private final FsyncObserver fsyncs = new FsyncObserver();

  public NodeIndices(Path dataDir, AliasFilterDecoder filterDecoder, ClauseLimit clauseLimit)
      throws IOException {
    this.clauseLimit = clauseLimit;
    this.admin = new IndexAdmin(indices, closed, filterDecoder);
    this.resolver = admin.resolver();
    this.indicesDir = dataDir.resolve("indices");
    Files.createDirectories(indicesDir);
    this.templates = new IndexTemplates(dataDir);
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
  }

  /** Where this node's translogs report each fsync's duration. */
  public FsyncObserver fsyncs() {
    return fsyncs;
  }

  /** Opens every index found on disk. */
  public void openAll() throws IOException {
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(indicesDir)) {
      for (Path dir : dirs) {
        openAtStart(dir);
      }
    }
  }

  /** Runs {@code listener} on each index deleted, after it leaves the registry. */
  public void onDelete(Consumer<LuceneIndex> listener) {
    this.onDelete = requireNonNull(listener, "listener");
  }

  /** The refresh thread (also runs the node's other periodic chores). */
  public ScheduledExecutorService scheduler() {
    return scheduler;
  }

  /** The lock that index creation, deletion and metadata changes serialize on. */
  Object lock() {
    return lock;
  }

  /** What validates and applies mapping, settings and alias changes. */
  public IndexAdmin admin() {
    return admin;
  }

  /** The node's templates. */
  public IndexTemplates templates() {
    return templates;
  }

  /** Turns index expressions into concrete indices. */
  public IndexResolver resolver() {
    return resolver;
  }

  /** The indices that failed to open. */
  public FailedIndices failed() {
    return failed;
  }

  /**
   * Opens one index found on disk. Whatever is wrong with it (metadata that does not parse, a
   * translog damaged before its tail) fails that index, never the node.
   */
  private void openAtStart(Path dir) throws IOException {
    if (!Files.exists(dir.resolve(IndexMetadata.FILE)) && IndexFolders.isCreationLeftover(dir)) {
      // A creation that crashed before its metadata was written: nothing to keep.
      IndexFolders.deleteRecursively(dir);
      return;
    }
    try {
      IndexMetadata metadata = IndexMetadata.read(dir);
      if (metadata.closed()) {
        if (exists(metadata.name())) {
          throw new IOException("another folder holds an index named [" + metadata.name() + "]");
        }
        closed.put(metadata.name(), new ClosedIndex(dir, metadata));
        return;
      }
      LuceneIndex index = LuceneIndex.open(dir, scheduler, translogTasks, clauseLimit, fsyncs);
      index.documentLookup(this::lookupSource);
      if (indices.containsKey(index.name())
          || failed.contains(index.name())
          || closed.containsKey(index.name())) {
        index.close();
        throw new IOException("another folder holds an index named [" + index.name() + "]");
      }
      indices.put(index.name(), index);
    } catch (IOException | RuntimeException e) {
      String reason = e.getClass().getSimpleName() + ": " + e.getMessage();
      var failure = failed.add(dir, reason, indices.keySet());
      LOG.error(
          "index [{}] (folder [{}]) failed to open and is red; its files are kept as they are."
              + " Delete the index, or repair it offline (a damaged translog: ./duet shard"
              + " remove-corrupted-data) and restart: {}",
          failure.name(),
          dir,
          reason,
          e);
    }
  }

  /** The indices that failed to open, as the API reports them. */
  public List<IndexFailure> failedIndices() {
    return failed.list();
  }

  /** {@code PUT <index>}: validates everything, then creates the index under the lock. */
  public IndexInfo createIndex(
      String name, IndexSettings settings, Mapping mapping, Map<String, AliasMetadata> aliases) {
    requireNonNull(name, "name");
    IndexNames.validate(name);
    IndexTemplate.Resolved fromTemplates = templates.resolve(name, null);
    settings =
        IndexTemplates.merge(
            fromTemplates.settings(), settings == null ? IndexSettings.DEFAULTS : settings);
    if (!fromTemplates.mappings().isEmpty()) {
      mapping =
          Mapping.fromMap(
              IndexTemplates.mergeMappings(
                  fromTemplates.mappings(), mapping == null ? Map.of() : mapping.toMap()),
              null,
              null);
    }
    if (!fromTemplates.aliases().isEmpty()) {
      Map<String, AliasMetadata> all = new LinkedHashMap<>(fromTemplates.aliases());
      if (aliases != null) {
        all.putAll(aliases);
      }
      aliases = all;
    }
    IndexSettings validated = IndexSettingsRules.validate(settings);
    KnnSettings.check(validated, mapping == null ? Mapping.EMPTY : mapping);
    MappingLimits.of(validated).check(mapping == null ? Mapping.EMPTY : mapping);
    MappingLookup.of(mapping == null ? Mapping.EMPTY : mapping).checkAliases();
    IndexAnalysis.validate(validated); // a bad analysis definition fails creation, not a search
    IndexSorting.check(validated, mapping == null ? Mapping.EMPTY : mapping);
    synchronized (lock) {
      if (resolver.isAlias(name)) {
        throw IndexNames.invalid(name, "already exists as alias");
      }
      Map<String, AliasMetadata> checked = new LinkedHashMap<>();
      if (aliases != null) {
        aliases.forEach(
            (alias, meta) ->
                checked.put(
                    alias, AliasUpdates.validate(alias, meta, admin, admin.filterDecoder())));
      }
      if (failed.contains(name)) {
        throw failed.unavailable(name);
      }
      IndexMetadata existing = admin.index(name);
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
      return create(name, validated, mapping == null ? Mapping.EMPTY : mapping, checked).info();
    }
  }

  /** {@code DELETE <expression>}: failed indices by name, open ones as the expression resolves. */
  public void deleteIndices(String expression, IndicesOptions options) {
    List<String> names;
    synchronized (lock) {
      List<String> failedNames = expression.isBlank() ? List.of() : failed.matching(expression);
      List<String> rest = new ArrayList<>();
      for (String part : expression.split(",")) {
        if (!failedNames.contains(part.trim())) {
          rest.add(part);
        }
      }
      names =
          failedNames.isEmpty() || !rest.isEmpty()
              ? resolver.resolveForDelete(List.of(String.join(",", rest)), options)
              : List.of();
      for (String name : failedNames) {
        deleteFailed(name);
      }
    }
    for (String name : names) {
      try {
        deleteIndex(name);
      } catch (DuetException e) {
        // Deleted by a concurrent request: gone either way.
      }
    }
  }

  /** Deletes one index (open or failed) and its folder. */
  public void deleteIndex(String name) {
    LuceneIndex index;
    synchronized (lock) {
      if (failed.contains(name)) {
        deleteFailed(name);
        return;
      }
      ClosedIndex wasClosed = closed.remove(name);
      if (wasClosed != null) {
        try {
          IndexFolders.deleteRecursively(wasClosed.dir());
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        return;
      }
      index = indices.remove(name);
      if (index == null) {
        throw DuetException.indexNotFound(name);
      }
    }
    onDelete.accept(index);
    try {
      index.close();
    } catch (IOException | RuntimeException e) {
      LOG.warn("closing deleted index [{}] failed", name, e);
    }
    try {
      IndexFolders.deleteRecursively(index.dir());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Removes a failed index and its folder: the one request a failed index answers. */
  private void deleteFailed(String name) {
    Path dir = failed.remove(name);
    LOG.warn("deleting failed index [{}] and its folder [{}]", name, dir);
    try {
      IndexFolders.deleteRecursively(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Whether an index of that name exists, open or failed. */
  public boolean exists(String name) {
    return indices.containsKey(name) || failed.contains(name) || closed.containsKey(name);
  }

  /** Whether the index of that name is closed. */
  public boolean isClosed(String name) {
    return closed.containsKey(name);
  }

  /** 400 {@code index_closed_exception} when the index of that name is closed. */
  public void checkNotClosed(String name) {
    ClosedIndex index = name == null ? null : closed.get(name);
    if (index != null) {
      throw DuetException.indexClosed(name, index.metadata().uuid());
    }
  }

  /** The open index of that name, or null. */
  public LuceneIndex get(String name) {
    return indices.get(name);
  }

  /** The open index of that name; 503 for a failed one, 404 for none. */
  public LuceneIndex require(String name) {
    LuceneIndex index = indices.get(name);
    if (index == null) {
      checkNotClosed(name);
    }
    if (index == null && failed.contains(name)) {
      throw failed.unavailable(name);
    }
    if (index == null) {
      throw DuetException.indexNotFound(name);
    }
    return index;
  }

  /** The open indices an expression names (all when null or empty); 404 for a missing name. */
  public List<LuceneIndex> matching(String expression, IndicesOptions options) {
    failed.checkNotNamed(expression == null ? List.of() : List.of(expression));
    List<String> names =
        resolver.resolveNames(
            expression == null || expression.isEmpty() ? List.of() : List.of(expression), options);
    List<LuceneIndex> matched = new ArrayList<>(names.size());
    for (String name : names) {
      LuceneIndex index = indices.get(name);
      if (index != null) {
        matched.add(index);
      } else if (!options.ignoreUnavailable()) {
        checkNotClosed(name);
      }
    }
    return matched;
  }

  /**
   * What the node knows of each index an expression names, closed ones included (without counts):
   * the views (get index, {@code _cat/indices}, health) list them.
   */
  public List<IndexInfo> infos(String expression, IndicesOptions options) {
    failed.checkNotNamed(expression == null ? List.of() : List.of(expression));
    List<String> names =
        resolver.resolveNames(
            expression == null || expression.isEmpty() ? List.of() : List.of(expression), options);
    List<IndexInfo> out = new ArrayList<>(names.size());
    for (String name : names) {
      LuceneIndex index = indices.get(name);
      ClosedIndex shut = index == null ? closed.get(name) : null;
      if (index != null) {
        out.add(index.info());
      } else if (shut != null) {
        IndexMetadata m = shut.metadata();
        out.add(
            new IndexInfo(
                m.name(),
                m.uuid(),
                m.creationDate(),
                m.settings(),
                m.mapping(),
                0,
                0,
                0,
                m.aliases(),
                true));
      }
    }
    return out;
  }

  /**
   * {@code POST <expression>/_close}: each open index the expression names is flushed, released and
   * marked closed on disk; its data stays. The indices it closed, by name.
   */
  public List<String> closeIndices(String expression, IndicesOptions options) {
    failed.checkNotNamed(List.of(expression));
    List<String> done = new ArrayList<>();
    List<LuceneIndex> released = new ArrayList<>();
    synchronized (lock) {
      for (String name : resolver.resolveNames(List.of(expression), options)) {
        LuceneIndex index = indices.get(name);
        if (index == null) {
          continue; // closed already
        }
        index.updateMetadata(m -> m.withClosed(true));
        indices.remove(name);
        closed.put(name, new ClosedIndex(index.dir(), index.metadata()));
        released.add(index);
        done.add(name);
      }
    }
    for (LuceneIndex index : released) {
      onDelete.accept(index); // its scrolls, points in time and cached answers go
      try {
        index.close();
      } catch (IOException | RuntimeException e) {
        LOG.warn("closing index [{}] failed", index.name(), e);
      }
    }
    return done;
  }

  /**
   * {@code POST <expression>/_open}: each closed index the expression names is opened from its
   * folder (its translog replayed as at start) and marked open on disk.
   */
  public List<String> openIndices(String expression, IndicesOptions options) {
    failed.checkNotNamed(List.of(expression));
    List<String> done = new ArrayList<>();
    synchronized (lock) {
      for (String name : resolver.resolveNames(List.of(expression), options)) {
        ClosedIndex shut = closed.get(name);
        if (shut == null) {
          continue; // open already
        }
        try {
          LuceneIndex index =
              LuceneIndex.open(shut.dir(), scheduler, translogTasks, clauseLimit, fsyncs);
          index.documentLookup(this::lookupSource);
          index.updateMetadata(m -> m.withClosed(false));
          closed.remove(name);
          indices.put(name, index);
          done.add(name);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
    return done;
  }

  /**
   * Takes a restored index into the node: the folder {@code staged} (on the data folder's file
   * system, holding the index's Lucene files) becomes the index {@code metadata} describes,
   * replacing a closed index of that name. 400 when an open or failed index or an alias has the
   * name by now; the staged folder is then left to the caller.
   */
  public IndexInfo adopt(Path staged, IndexMetadata metadata) {
    String name = metadata.name();
    synchronized (lock) {
      if (indices.containsKey(name) || failed.contains(name) || resolver.isAlias(name)) {
        throw new DuetException(
            400, "resource_already_exists_exception", "index [" + name + "] already exists");
      }
      try {
        ClosedIndex replaced = closed.remove(name);
        if (replaced != null) {
          IndexFolders.deleteRecursively(replaced.dir());
        }
        metadata.write(staged);
        Path dir = indicesDir.resolve(metadata.uuid());
        Files.move(staged, dir, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        LuceneIndex index = LuceneIndex.open(dir, scheduler, translogTasks, clauseLimit, fsyncs);
        index.documentLookup(this::lookupSource);
        indices.put(name, index);
        return index.info();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** The folder of a closed index of that name, or null. */
  public Path closedFolder(String name) {
    ClosedIndex shut = closed.get(name);
    return shut == null ? null : shut.dir();
  }

  /** The metadata of a closed index of that name, or null. */
  public IndexMetadata closedMetadata(String name) {
    ClosedIndex shut = closed.get(name);
    return shut == null ? null : shut.metadata();
  }

  /** Rewrites a closed index's metadata (a settings change, which a closed index takes). */
  void updateClosed(String name, java.util.function.UnaryOperator<IndexMetadata> change) {
    ClosedIndex shut = closed.get(name);
    if (shut == null) {
      return;
    }
    IndexMetadata next = change.apply(shut.metadata());
    try {
      next.write(shut.dir());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    closed.put(name, new ClosedIndex(shut.dir(), next));
  }

  /** The open indices a search (or by-query) names, each with its alias filter. */
  public Targets targets(List<String> names, IndicesOptions options) {
    failed.checkNotNamed(names);
    return targets(resolver.resolveSearch(names, options), options.ignoreUnavailable());
  }

  /** The open indices of resolved targets, each with its alias filter; 400 for a closed one. */
  public Targets targets(List<IndexResolver.Target> resolved) {
    return targets(resolved, false);
  }

  private Targets targets(List<IndexResolver.Target> resolved, boolean ignoreClosed) {
    List<LuceneIndex> targets = new ArrayList<>(resolved.size());
    List<Query> filters = new ArrayList<>(resolved.size());
    for (IndexResolver.Target target : resolved) {
      LuceneIndex index = indices.get(target.index());
      if (index != null) {
        targets.add(index);
        filters.add(admin.aliasFilter(target.filters()));
      } else if (!ignoreClosed) {
        checkNotClosed(target.index());
      }
    }
    return new Targets(targets, filters);
  }

  /**
   * The index a write to {@code name} goes to, created with defaults under the lock when no index
   * or alias holds it by then.
   */
  public LuceneIndex createForWrite(String name) {
    IndexNames.validate(name);
    synchronized (lock) {
      String concrete = resolver.resolveWrite(name);
      checkNotClosed(concrete);
      LuceneIndex index = concrete == null ? null : indices.get(concrete);
      if (index != null) {
        return index;
      }
    }
    // Created as PUT /{index} would create it, templates applied; a concurrent writer may win.
    try {
      createIndex(name, IndexSettings.DEFAULTS, Mapping.EMPTY, Map.of());
    } catch (DuetException e) {
      if (!"resource_already_exists_exception".equals(e.type())) {
        throw e;
      }
    }
    synchronized (lock) {
      String concrete = resolver.resolveWrite(name);
      checkNotClosed(concrete);
      LuceneIndex index = concrete == null ? null : indices.get(concrete);
      if (index == null) {
        throw DuetException.indexNotFound(name);
      }
      return index;
    }
  }

  /** A document's source by index expression and id (realtime), for queries that fetch one. */
  private byte[] lookupSource(String index, String id, String routing) {
    String concrete = resolver.resolveRead(index);
    GetResult got = require(concrete == null ? index : concrete).get(id);
    return got.found() ? got.source() : null;
  }

  private LuceneIndex create(
      String name, IndexSettings settings, Mapping mapping, Map<String, AliasMetadata> aliases) {
    String uuid = TimeBasedIds.indexUuid();
    IndexMetadata metadata =
        new IndexMetadata(name, uuid, System.currentTimeMillis(), settings, mapping, aliases);
    try {
      LuceneIndex index =
          LuceneIndex.create(
              indicesDir.resolve(uuid), metadata, scheduler, translogTasks, clauseLimit, fsyncs);
      index.documentLookup(this::lookupSource);
      indices.put(name, index);
      return index;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Stops the refresh and translog threads (never interrupting them), then closes every index. */
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
    synchronized (lock) {
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

  /** A closed index: its folder and its metadata. */
  record ClosedIndex(Path dir, IndexMetadata metadata) {}
}
