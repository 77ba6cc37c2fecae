package dev.duet.engine.internal.snapshot;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.internal.admin.NodeIndices;
import dev.duet.engine.internal.document.TimeBasedIds;
import dev.duet.engine.internal.meta.IndexMetadata;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.snapshot.CreateSnapshot;
import dev.duet.engine.snapshot.IndexRestore;
import dev.duet.engine.snapshot.Repository;
import dev.duet.engine.snapshot.RestoreResult;
import dev.duet.engine.snapshot.RestoreSnapshot;
import dev.duet.engine.snapshot.SnapshotInfo;
import dev.duet.engine.snapshot.SnapshotStatus;
import dev.duet.engine.snapshot.Snapshots;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's {@link Snapshots}: repositories from the {@link RepositoryRegistry}, snapshots in
 * their {@link FsRepository} folders. Whatever writes or reads a repository's blobs (a snapshot, a
 * delete, a clone, a cleanup, a restore) holds that folder's lock, so a delete never collects the
 * blobs of a snapshot still being written; gets and status read manifests without it. A snapshot
 * asked not to be waited for runs on the node's snapshot thread, reported {@code IN_PROGRESS}.
 */
public final class NodeSnapshots implements Snapshots, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(NodeSnapshots.class);
  private static final String STAGING = "restoring";

  private final NodeIndices indices;
  private final RepositoryRegistry registry;
  private final SnapshotRestore restoring;
  private final ExecutorService background;
  private final Map<Path, ReentrantLock> locks = new ConcurrentHashMap<>();
  // Running snapshots by repository name, then snapshot name.
  private final Map<String, Map<String, SnapshotInfo>> running = new ConcurrentHashMap<>();

  /**
   * The snapshots of the node whose data lives in {@code dataDir}; {@code repoPaths} is {@code
   * path.repo}: where repositories may be.
   */
  public NodeSnapshots(Path dataDir, List<Path> repoPaths, NodeIndices indices) throws IOException {
    this.indices = requireNonNull(indices, "indices");
    this.registry = new RepositoryRegistry(dataDir, repoPaths);
    this.restoring = new SnapshotRestore(indices, dataDir.resolve(STAGING));
    this.background =
        Executors.newSingleThreadExecutor(
            Thread.ofPlatform().name("duet-snapshot").daemon(true).factory());
  }

  @Override
  public void putRepository(Repository repository, boolean verify) {
    registry.check(repository);
    FsRepository fs = registry.open(repository);
    try {
      if (!repository.readonly()) {
        Files.createDirectories(fs.location());
      }
      if (verify) {
        fs.verify(repository.readonly());
      }
    } catch (IOException e) {
      throw SnapshotErrors.cannotCreate(
          repository.name(), "location [" + fs.location() + "] is not accessible: " + e);
    }
    registry.put(repository);
  }

  @Override
  public List<Repository> repositories(String names) {
    return registry.select(names);
  }

  @Override
  public void deleteRepository(String names) {
    registry.remove(names);
  }

  @Override
  public void verifyRepository(String name) {
    Repository repository = registry.require(name);
    FsRepository fs = registry.open(repository);
    try {
      fs.verify(repository.readonly());
    } catch (IOException e) {
      throw new DuetException(
          400,
          "repository_verification_exception",
          "[" + name + "] path [" + fs.location() + "] is not accessible on this node: " + e);
    }
  }

  @Override
  public long[] cleanupRepository(String name) {
    Repository repository = registry.require(name);
    if (repository.readonly()) {
      throw SnapshotErrors.repository(name, "cannot run cleanup on readonly repository");
    }
    FsRepository fs = registry.open(repository);
    return locked(fs, fs::collectGarbage);
  }

  @Override
  public SnapshotInfo create(
      String repository, String snapshot, CreateSnapshot request, boolean waitForCompletion) {
    Repository repo = registry.require(repository);
    if (repo.readonly()) {
      throw SnapshotErrors.repository(
          repository, "cannot create snapshot in a readonly repository");
    }
    SnapshotErrors.validateName(repository, snapshot);
    FsRepository fs = registry.open(repo);
    List<String> names = resolveIndices(request);
    int shards = 0;
    for (String name : names) {
      shards += shardsOf(name);
    }
    SnapshotInfo started =
        new SnapshotInfo(
            snapshot,
            TimeBasedIds.indexUuid(),
            names,
            request.includeGlobalState(),
            request.metadata(),
            SnapshotInfo.State.IN_PROGRESS,
            System.currentTimeMillis(),
            0,
            shards,
            0,
            List.of());
    Map<String, SnapshotInfo> mine =
        running.computeIfAbsent(repository, r -> new ConcurrentHashMap<>());
    synchronized (running) {
      if (fs.exists(snapshot) || mine.containsKey(snapshot)) {
        throw SnapshotErrors.invalidName(
            repository, snapshot, "snapshot with the same name already exists");
      }
      mine.put(snapshot, started);
    }
    if (waitForCompletion) {
      return run(fs, mine, started, request);
    }
    background.execute(
        () -> {
          try {
            run(fs, mine, started, request);
          } catch (RuntimeException e) {
            LOG.warn("snapshot [{}:{}] failed", repository, snapshot, e);
          }
        });
    return null;
  }

  @Override
  public List<SnapshotInfo> snapshots(String repository, String names, boolean ignoreUnavailable) {
    Map<String, SnapshotInfo> all = new LinkedHashMap<>();
    boolean current = Names.split(names).contains("_current");
    if (!current) {
      for (SnapshotManifest m : manifests(repository)) {
        all.put(m.info().name(), m.info());
      }
    } else {
      registry.require(repository);
    }
    running.getOrDefault(repository, Map.of()).forEach(all::putIfAbsent);
    List<String> selected =
        current
            ? List.copyOf(all.keySet())
            : Names.select(
                names,
                all.keySet(),
                missing -> {
                  if (!ignoreUnavailable) {
                    throw SnapshotErrors.snapshotMissing(repository, missing);
                  }
                });
    return selected.stream()
        .map(all::get)
        .sorted(
            java.util.Comparator.comparingLong(SnapshotInfo::startMillis)
                .thenComparing(SnapshotInfo::name))
        .toList();
  }

  @Override
  public List<SnapshotStatus> status(
      String repository, String names, List<String> indexFilter, boolean ignoreUnavailable) {
    List<SnapshotStatus> out = new ArrayList<>();
    if (repository == null || names == null) {
      if (repository != null) {
        registry.require(repository);
      }
      running.forEach(
          (repo, snapshots) -> {
            if (repository == null || repository.equals(repo)) {
              snapshots.values().forEach(info -> out.add(SnapshotStatuses.running(repo, info)));
            }
          });
      return out;
    }
    Map<String, SnapshotManifest> done = new LinkedHashMap<>();
    for (SnapshotManifest m : manifests(repository)) {
      done.put(m.info().name(), m);
    }
    Map<String, SnapshotInfo> live = running.getOrDefault(repository, Map.of());
    List<String> known = new ArrayList<>(done.keySet());
    live.keySet().stream().filter(n -> !done.containsKey(n)).forEach(known::add);
    for (String name :
        Names.select(
            names,
            known,
            missing -> {
              if (!ignoreUnavailable) {
                throw SnapshotErrors.snapshotMissing(repository, missing);
              }
            })) {
      SnapshotManifest m = done.get(name);
      out.add(
          m == null
              ? SnapshotStatuses.running(repository, live.get(name))
              : SnapshotStatuses.of(repository, m, indexFilter));
    }
    return out;
  }

  @Override
  public void delete(String repository, String names) {
    Repository repo = registry.require(repository);
    if (repo.readonly()) {
      throw SnapshotErrors.repository(
          repository, "cannot delete snapshot from a readonly repository");
    }
    FsRepository fs = registry.open(repo);
    locked(
        fs,
        () -> {
          List<String> selected =
              Names.select(
                  names,
                  fs.snapshotNames(),
                  missing -> {
                    throw SnapshotErrors.snapshotMissing(repository, missing);
                  });
          if (selected.isEmpty() && !Names.split(names).isEmpty()) {
            throw SnapshotErrors.snapshotMissing(repository, names);
          }
          for (String name : selected) {
            fs.delete(name);
          }
          return fs.collectGarbage();
        });
  }

  @Override
  public void cloneSnapshot(String repository, String source, String target, String indexNames) {
    Repository repo = registry.require(repository);
    if (repo.readonly()) {
      throw SnapshotErrors.repository(
          repository, "cannot create snapshot in a readonly repository");
    }
    SnapshotErrors.validateName(repository, target);
    FsRepository fs = registry.open(repo);
    locked(
        fs,
        () -> {
          SnapshotManifest from = fs.read(source);
          if (from == null) {
            throw SnapshotErrors.snapshotMissing(repository, source);
          }
          if (fs.exists(target) || running.getOrDefault(repository, Map.of()).containsKey(target)) {
            throw SnapshotErrors.invalidName(
                repository, target, "snapshot with the same name already exists");
          }
          List<String> selected =
              Names.select(
                  indexNames,
                  from.indices().stream().map(SnapshotManifest.IndexEntry::name).toList(),
                  missing -> {
                    throw SnapshotRestore.noSuchIndex(missing);
                  });
          List<SnapshotManifest.IndexEntry> entries = new ArrayList<>();
          for (String name : selected) {
            SnapshotManifest.IndexEntry e = from.index(name);
            long now = System.currentTimeMillis();
            entries.add(
                new SnapshotManifest.IndexEntry(
                    e.name(),
                    e.uuid(),
                    e.metadata(),
                    e.shards(),
                    e.files().stream()
                        .map(
                            f ->
                                new SnapshotManifest.FileEntry(
                                    f.name(), f.blob(), f.length(), f.checksum(), false))
                        .toList(),
                    now,
                    0));
          }
          long now = System.currentTimeMillis();
          // OpenSearch 3.8 reports a clone with no shards and an empty metadata object.
          SnapshotInfo info =
              new SnapshotInfo(
                  target,
                  TimeBasedIds.indexUuid(),
                  selected,
                  from.info().includeGlobalState(),
                  Map.of(),
                  SnapshotInfo.State.SUCCESS,
                  now,
                  now,
                  0,
                  0,
                  List.of());
          fs.write(new SnapshotManifest(info, entries));
          return null;
        });
  }

  @Override
  public RestoreResult restore(String repository, String snapshot, RestoreSnapshot request) {
    Repository repo = registry.require(repository);
    FsRepository fs = registry.open(repo);
    return locked(fs, () -> restoring.restore(repository, fs, snapshot, request));
  }

  @Override
  public Optional<IndexRestore> restoreOf(String index) {
    return restoring.restoreOf(index);
  }

  /** Lets a running snapshot finish (up to 30 s), then stops the snapshot thread. */
  @Override
  public void close() {
    background.shutdown();
    try {
      if (!background.awaitTermination(30, TimeUnit.SECONDS)) {
        LOG.warn("a snapshot still runs after 30s; its repository keeps what it wrote so far");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private SnapshotInfo run(
      FsRepository fs,
      Map<String, SnapshotInfo> mine,
      SnapshotInfo started,
      CreateSnapshot request) {
    try {
      return locked(fs, () -> SnapshotWriter.take(indices, fs, started, request));
    } finally {
      mine.remove(started.name());
    }
  }

  private List<String> resolveIndices(CreateSnapshot request) {
    // OpenSearch's snapshot default: wildcards reach open, closed and hidden indices.
    IndicesOptions options =
        new IndicesOptions(request.ignoreUnavailable(), true, true, true, true);
    String expression = request.indices() == null ? "" : request.indices().strip();
    if (expression.equals("_all") || expression.equals("*")) {
      expression = "";
    }
    return indices
        .resolver()
        .resolveNames(expression.isEmpty() ? List.of() : List.of(expression), options);
  }

  private int shardsOf(String name) {
    LuceneIndex open = indices.get(name);
    if (open != null) {
      return open.metadata().settings().numberOfShards();
    }
    IndexMetadata closed = indices.closedMetadata(name);
    return closed == null ? 1 : closed.settings().numberOfShards();
  }

  private List<SnapshotManifest> manifests(String repository) {
    FsRepository fs = registry.open(registry.require(repository));
    try {
      return fs.readAll();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Work on a repository folder's blobs. */
  @FunctionalInterface
  private interface FolderWork<T> {
    T run() throws IOException;
  }

  private <T> T locked(FsRepository fs, FolderWork<T> work) {
    ReentrantLock lock = locks.computeIfAbsent(fs.location(), l -> new ReentrantLock());
    lock.lock();
    try {
      return work.run();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      lock.unlock();
    }
  }
}
