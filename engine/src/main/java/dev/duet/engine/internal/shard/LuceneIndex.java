package dev.duet.engine.internal.shard;

import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.GetResult;
import dev.duet.engine.document.OpType;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.ForceMerge;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndexStats;
import dev.duet.engine.index.StatsCounter;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.field.DocValuesType;
import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.knn.KnnCodec;
import dev.duet.engine.internal.meta.IndexMetadata;
import dev.duet.engine.internal.meta.IndexSettingsRules;
import dev.duet.engine.internal.meta.ShardRouting;
import dev.duet.engine.internal.source.JacksonErrors;
import dev.duet.engine.internal.stats.FielddataFields;
import dev.duet.engine.internal.stats.ShardCounters;
import dev.duet.engine.internal.translog.FsyncObserver;
import dev.duet.engine.internal.translog.Translog;
import dev.duet.engine.mapping.FieldMapping;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.DelegatingAnalyzerWrapper;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.SnapshotDeletionPolicy;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.IOUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One Duet index, composed of its jobs: {@link WritePath} (every write, Lucene then translog),
 * {@link TranslogRecovery} (replay on open), {@link IndexReaders} (searcher leases and refreshes),
 * {@link RefreshSchedule} (background refreshes), {@link LiveMetadata} (metadata and mapping) and
 * {@link IndexDurability} (translog syncs and flushes). {@link #apply} is the single write path;
 * {@link #afterBulk} makes a bulk's operations durable before it is acknowledged.
 *
 * <p>Durability follows OpenSearch: the Lucene commit records the highest seq_no it contains, and
 * on open every translog operation above it is re-applied with its original seq_no and version.
 * {@link #flush} commits and rolls the translog so the covered generations can go.
 */
public final class LuceneIndex implements Closeable {
  private volatile DocumentLookup documents;
  private static final Logger LOG = LoggerFactory.getLogger(LuceneIndex.class);
  static final String LUCENE_DIR = "lucene";
  static final String TRANSLOG_DIR = "translog";

  private final Path dir;
  private final Directory directory;
  private final IndexWriter writer;
  private final LiveVersionMap versions = new LiveVersionMap();
  private volatile int shardsTotal; // 1 + number_of_replicas, which is dynamic
  private final VersionRules versionRules;
  private final IndexDurability durability;
  private final IndexReaders readers;
  private final RefreshSchedule refreshes;
  private final WritePath writes;
  private final LiveMetadata live;
  private final ClauseLimit clauseLimit;
  private final ShardCounters counters = new ShardCounters();
  private final FielddataFields fielddata = new FielddataFields();

  private LuceneIndex(
      Path dir,
      IndexMetadata metadata,
      ScheduledExecutorService scheduler,
      ScheduledExecutorService translogTasks,
      ClauseLimit clauseLimit,
      FsyncObserver fsyncs)
      throws IOException {
    this.clauseLimit = clauseLimit;
    this.dir = dir;
    this.live = new LiveMetadata(dir, metadata);
    this.versionRules = new VersionRules(metadata.name(), metadata.uuid());
    this.shardsTotal = 1 + metadata.settings().numberOfReplicas();
    this.directory = FSDirectory.open(dir.resolve(LUCENE_DIR));
    // Each vector field's HNSW parameters and quantization come from the current mapping.
    this.writer =
        new IndexWriter(
            directory,
            WriterSettings.config(
                new FieldAnalyzer(),
                new KnnCodec(
                    field -> live.lookup().vector(field),
                    field -> {
                      var leaf = live.lookup().leaf(field);
                      return leaf != null
                          && dev.duet.engine.internal.field.FieldTypes.of(leaf)
                              instanceof dev.duet.engine.internal.field.CompletionType;
                    }),
                IndexSorting.sort(metadata.settings(), live.lookup()),
                counters));
    TranslogRecovery recovery =
        new TranslogRecovery(metadata.name(), writer, versions, live::document);
    IndexDurability opened = null;
    try {
      Translog translog = Translog.open(dir.resolve(TRANSLOG_DIR), recovery, fsyncs);
      live.applyRequestLimits();
      AtomicLong nextSeqNo = new AtomicLong(recovery.recoveredSeqNo() + 1);
      opened =
          new IndexDurability(
              metadata.name(),
              metadata.settings(),
              translog,
              writer,
              () -> nextSeqNo.get() - 1,
              translogTasks,
              counters);
      this.durability = opened;
      this.readers =
          new IndexReaders(
              metadata.name(), writer, versions, counters, () -> live.lookup().aliases());
      this.refreshes =
          new RefreshSchedule(scheduler, readers, versions, () -> live.metadata().settings());
      this.writes =
          new WritePath(
              metadata.name(),
              writer,
              versions,
              versionRules,
              durability,
              nextSeqNo,
              readers,
              refreshes,
              live::document,
              live::lookup,
              () -> shardsTotal,
              live::metadata);
      if (recovery.replayedOperations() > 0) {
        LOG.info(
            "index [{}]: replayed {} translog operations above seq_no {}",
            metadata.name(),
            recovery.replayedOperations(),
            recovery.committedSeqNo());
        refresh(); // empties the version map the replay filled
      }
      durability.flush(false); // commits what was replayed; the replayed generations go
    } catch (IOException | RuntimeException e) {
      IOUtils.closeWhileHandlingException(opened, writer, directory);
      throw e;
    }
    refreshes.schedule(metadata.settings().refreshIntervalMillis());
  }

  /**
   * Replaces the metadata (mapping, settings, aliases), durably before it takes effect, and applies
   * the dynamic settings that changed. Serialized with dynamic mapping updates.
   */
  public void updateMetadata(java.util.function.UnaryOperator<IndexMetadata> change) {
    live.update(
        change,
        (current, next) -> {
          shardsTotal = 1 + next.settings().numberOfReplicas();
          durability.applySettings(next.settings());
          long interval = next.settings().refreshIntervalMillis();
          if (interval != current.settings().refreshIntervalMillis()) {
            refreshes.schedule(interval);
          }
        });
  }

  public static LuceneIndex create(
      Path dir,
      IndexMetadata metadata,
      ScheduledExecutorService scheduler,
      ScheduledExecutorService translogTasks,
      ClauseLimit clauseLimit)
      throws IOException {
    return create(dir, metadata, scheduler, translogTasks, clauseLimit, new FsyncObserver());
  }

  /** Creates an index whose translog reports each fsync's duration to {@code fsyncs}. */
  public static LuceneIndex create(
      Path dir,
      IndexMetadata metadata,
      ScheduledExecutorService scheduler,
      ScheduledExecutorService translogTasks,
      ClauseLimit clauseLimit,
      FsyncObserver fsyncs)
      throws IOException {
    // A new folder, never an existing one: writing this metadata over another index's would
    // rename that index on the next start.
    Files.createDirectories(dir.getParent());
    Files.createDirectory(dir);
    try {
      metadata.write(dir);
      return new LuceneIndex(dir, metadata, scheduler, translogTasks, clauseLimit, fsyncs);
    } catch (IOException | RuntimeException e) {
      try {
        IOUtils.rm(dir); // ours alone, and not an index: leave nothing half-made behind
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /** Reopens an index, replaying its translog if it was not closed cleanly. */
  public static LuceneIndex open(
      Path dir,
      ScheduledExecutorService scheduler,
      ScheduledExecutorService translogTasks,
      ClauseLimit clauseLimit)
      throws IOException {
    return open(dir, scheduler, translogTasks, clauseLimit, new FsyncObserver());
  }

  /** Reopens an index whose translog reports each fsync's duration to {@code fsyncs}. */
  public static LuceneIndex open(
      Path dir,
      ScheduledExecutorService scheduler,
      ScheduledExecutorService translogTasks,
      ClauseLimit clauseLimit,
      FsyncObserver fsyncs)
      throws IOException {
    return new LuceneIndex(
        dir, IndexMetadata.read(dir), scheduler, translogTasks, clauseLimit, fsyncs);
  }

  public String name() {
    return live.metadata().name();
  }

  public String uuid() {
    return live.metadata().uuid();
  }

  public Path dir() {
    return dir;
  }

  public IndexMetadata metadata() {
    return live.metadata();
  }

  public MappingLookup lookup() {
    return live.lookup();
  }

  /** The node's {@code indices.query.bool.max_clause_count}, which this index's queries obey. */
  public ClauseLimit clauseLimit() {
    return clauseLimit;
  }

  public int maxResultWindow() {
    return IndexSettingsRules.maxResultWindow(live.metadata().settings());
  }

  public int maxRescoreWindow() {
    return IndexSettingsRules.maxRescoreWindow(live.metadata().settings());
  }

  /** Applies one write; failures the client caused come back as the item's failure. */
  public BulkItemResponse apply(BulkItem item, String id, boolean autoId, boolean forcedRefresh) {
    boolean delete = item.opType() == OpType.DELETE;
    StatsCounter current = delete ? StatsCounter.DELETE_CURRENT : StatsCounter.INDEX_CURRENT;
    long start = counters.begin(current);
    BulkItemResponse response = null;
    try {
      response = applyUncounted(item, id, autoId, forcedRefresh);
      return response;
    } finally {
      countWrite(delete, current, start, response);
    }
  }

  /**
   * Counts a write as OpenSearch's {@code indexing} stats do: a delete as a delete, an update that
   * changed nothing as a {@code noop_update}, any other write as an index; failures apart.
   */
  private void countWrite(
      boolean delete, StatsCounter current, long start, BulkItemResponse response) {
    if (response == null || response.failure() != null) {
      counters.decrement(current);
      if (!delete) {
        counters.increment(StatsCounter.INDEX_FAILED);
      }
      return;
    }
    if (delete) {
      counters.end(current, StatsCounter.DELETE_TOTAL, StatsCounter.DELETE_TIME, start);
      return;
    }
    if (response.result() != null && "noop".equals(response.result().result())) {
      counters.decrement(current);
      counters.increment(StatsCounter.NOOP_UPDATE_TOTAL);
      return;
    }
    counters.end(current, StatsCounter.INDEX_TOTAL, StatsCounter.INDEX_TIME, start);
    counters.indexRequest(System.currentTimeMillis());
  }

  private BulkItemResponse applyUncounted(
      BulkItem item, String id, boolean autoId, boolean forcedRefresh) {
    try {
      return switch (item.opType()) {
        case DELETE -> writes.delete(item, id, forcedRefresh);
        case UPDATE -> DocumentUpdater.update(this, item, id, forcedRefresh);
        case INDEX, CREATE -> writes.write(item, id, autoId, forcedRefresh);
      };
    } catch (DuetException e) {
      return new BulkItemResponse(item.opType(), name(), id, e.status(), null, e);
    } catch (AlreadyClosedException e) {
      DuetException missing = DuetException.indexNotFound(name());
      return new BulkItemResponse(item.opType(), name(), id, 404, null, missing);
    } catch (IllegalArgumentException e) {
      // Lucene refusing the document itself, e.g. a keyword term longer than 32766 bytes.
      DuetException cause =
          e.getCause() == null
              ? null
              : new DuetException(
                  400,
                  JacksonErrors.snakeCase(e.getCause().getClass().getSimpleName()),
                  String.valueOf(e.getCause().getMessage()));
      DuetException refused =
          new DuetException(400, "illegal_argument_exception", e.getMessage(), Map.of(), cause);
      return new BulkItemResponse(item.opType(), name(), id, 400, null, refused);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Makes this bulk's writes durable before it is acknowledged (see {@link IndexDurability}). */
  public void afterBulk() {
    durability.afterBulk();
  }

  /** Lucene commit + translog roll; the generations the commit covers are deleted. */
  public void flush() {
    durability.flush();
  }

  /**
   * {@code _forcemerge} ({@link IndexMerges}); with {@code flush}, a commit and a refresh after, so
   * that the merged-away segments are released, as OpenSearch does.
   */
  public void forceMerge(ForceMerge request) {
    try {
      IndexMerges.forceMerge(writer, request);
    } catch (AlreadyClosedException e) {
      throw DuetException.indexNotFound(name());
    }
    if (request.flush()) {
      flush();
      refresh();
    }
  }

  /** Realtime get: the version map first, then the searcher. */
  /** How translated queries read documents of other indices; by default only this one's. */
  public void documentLookup(DocumentLookup lookup) {
    this.documents = lookup;
  }

  /** Reads a document of any index of the node (this one's alone until the node sets more). */
  public DocumentLookup documents() {
    DocumentLookup set = documents;
    return set != null
        ? set
        : (index, id, routing) -> {
          GetResult got = get(id);
          return got.found() ? got.source() : null;
        };
  }

  public GetResult get(String id) {
    return get(id, true);
  }

  /**
   * A get, counted in {@code _stats}' {@code get}; {@code realtime = false} sees only what the last
   * refresh made searchable.
   */
  public GetResult get(String id, boolean realtime) {
    return get(id, null, realtime);
  }

  /**
   * A get with the routing value the document was written with (null: none); on an index of several
   * shards a document routed elsewhere is not found, and an index whose mapping requires routing
   * refuses a get without one, as OpenSearch's.
   */
  public GetResult get(String id, String routing, boolean realtime) {
    if (routing == null && live.metadata().mapping().routingRequired()) {
      throw WritePath.routingMissing(name(), id);
    }
    long start = counters.begin(StatsCounter.GET_CURRENT);
    GetResult result = null;
    try {
      result = find(id, realtime);
      if (result.found()
          && !ShardRouting.reaches(live.metadata().settings(), id, result.routing(), routing)) {
        result = new GetResult(name(), id, false, -1, -2, 0, null);
      }
      return result;
    } finally {
      long took =
          counters.end(
              StatsCounter.GET_CURRENT, StatsCounter.GET_TOTAL, StatsCounter.GET_TIME, start);
      if (result != null && result.found()) {
        counters.increment(StatsCounter.GET_EXISTS_TOTAL);
        counters.add(StatsCounter.GET_EXISTS_TIME, took);
      } else if (result != null) {
        counters.increment(StatsCounter.GET_MISSING_TOTAL);
        counters.add(StatsCounter.GET_MISSING_TIME, took);
      }
    }
  }

  /** A realtime look-up by id that is no client's get (an update reading its document). */
  GetResult find(String id) {
    return find(id, true);
  }

  private GetResult find(String id, boolean realtime) {
    LiveVersionMap.Entry e = realtime ? versions.get(id) : null;
    try {
      if (e == null) {
        IndexSearcher searcher = readers.acquire();
        try {
          e = DocLookup.find(searcher.getIndexReader(), id, true);
        } finally {
          readers.release(searcher);
        }
      }
    } catch (AlreadyClosedException closed) {
      throw DuetException.indexNotFound(name());
    } catch (IOException io) {
      throw new UncheckedIOException(io);
    }
    if (e == null || e.deleted()) {
      return new GetResult(name(), id, false, -1, -2, 0, null);
    }
    // A document whose mapping keeps no _source has none to show.
    byte[] source = e.source() == DocLookup.NOT_LOADED ? null : e.source();
    return new GetResult(
        name(), id, true, e.version(), e.seqNo(), e.primaryTerm(), source, e.routing());
  }

  /**
   * Flushes, then holds the commit that results: its files stay on disk, unchanged, until the hold
   * is closed, however the index goes on writing and merging. What a snapshot copies.
   */
  public CommitHold holdCommit() {
    flush();
    SnapshotDeletionPolicy policy =
        (SnapshotDeletionPolicy) writer.getConfig().getIndexDeletionPolicy();
    try {
      IndexCommit commit = policy.snapshot();
      return new CommitHold(
          luceneFolder(dir),
          List.copyOf(commit.getFileNames()),
          () -> {
            policy.release(commit);
            if (writer.isOpen()) {
              writer.deleteUnusedFiles();
            }
          });
    } catch (AlreadyClosedException e) {
      throw DuetException.indexNotFound(name());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The folder of an index's Lucene files, under its index folder. */
  public static Path luceneFolder(Path indexDir) {
    return indexDir.resolve(LUCENE_DIR);
  }

  /** Makes every acknowledged write visible to search before returning. */
  public void refresh() {
    readers.refresh();
  }

  /** The segments {@code _segments} lists: searchable and committed ones. */
  public List<dev.duet.engine.index.SegmentInfo> segments() {
    return SegmentLister.list(this, directory);
  }

  /**
   * The size of each completion field's suggester in the searchable segments, by field, as
   * OpenSearch's {@code CompletionFieldStats} measures it (loading each segment's suggester).
   */
  public java.util.Map<String, Long> completionSizes() {
    // Stats are no search: no refresh, as OpenSearch.
    IndexSearcher searcher = readers.currentSearcher();
    try {
      java.util.Map<String, Long> sizes = new java.util.TreeMap<>();
      for (org.apache.lucene.index.LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
        for (org.apache.lucene.index.FieldInfo info : leaf.reader().getFieldInfos()) {
          if (leaf.reader().terms(info.name)
              instanceof org.apache.lucene.search.suggest.document.CompletionTerms terms) {
            var suggester = terms.suggester();
            sizes.merge(info.name, suggester == null ? 0L : suggester.ramBytesUsed(), Long::sum);
          }
        }
      }
      return sizes;
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } finally {
      releaseSearcher(searcher);
    }
  }

  /** The searcher of a search: if the index was search-idle, it refreshes first. */
  public IndexSearcher acquireSearcher() {
    return readers.acquireSearcher();
  }

  /**
   * The current searcher without blocking, or null when the index skipped a refresh while
   * search-idle and a search must refresh first ({@link #acquireSearcher}). Counts as a search.
   */
  public IndexSearcher acquireSearcherIfRefreshed() {
    return readers.acquireSearcherIfRefreshed();
  }

  /** Returns a searcher from {@link #acquireSearcher} or {@link #acquireSearcherIfRefreshed}. */
  public void releaseSearcher(IndexSearcher searcher) {
    readers.releaseSearcher(searcher);
  }

  /** The index's metadata with its document counts and store size. */
  public IndexInfo info() {
    // Stats are no search: no refresh, as OpenSearch.
    IndexSearcher searcher = readers.currentSearcher();
    try {
      IndexMetadata m = live.metadata();
      return new IndexInfo(
          m.name(),
          m.uuid(),
          m.creationDate(),
          m.settings(),
          m.mapping(),
          searcher.getIndexReader().numDocs(),
          searcher.getIndexReader().numDeletedDocs(),
          storeSize(),
          m.aliases());
    } finally {
      releaseSearcher(searcher);
    }
  }

  /** The counters this index keeps as it works (searches count themselves into it). */
  public ShardCounters counters() {
    return counters;
  }

  /**
   * This index's figures for {@code _stats}: the running counters completed with what is measured
   * now (documents, store and its files, segments, translog, the last commit).
   */
  public IndexStats stats() {
    IndexInfo info = info();
    long[] values = counters.snapshot();
    values[StatsCounter.DOCS_COUNT.ordinal()] = info.docsCount();
    values[StatsCounter.DOCS_DELETED.ordinal()] = info.docsDeleted();
    Map<String, Long> files = fileSizes();
    values[StatsCounter.STORE_BYTES.ordinal()] = info.storeSizeBytes();
    long segments = 0;
    for (dev.duet.engine.index.SegmentInfo segment : segments()) {
      if (segment.search() || segment.committed()) { // as OpenSearch's engine lists them
        segments++;
      }
    }
    values[StatsCounter.SEGMENT_COUNT.ordinal()] = segments;
    values[StatsCounter.INDEX_WRITER_MEMORY.ordinal()] = writer.ramBytesUsed();
    Translog.Stats translog = durability.translog().stats();
    values[StatsCounter.TRANSLOG_OPERATIONS.ordinal()] = translog.operations();
    values[StatsCounter.TRANSLOG_UNCOMMITTED_OPERATIONS.ordinal()] = translog.operations();
    values[StatsCounter.TRANSLOG_BYTES.ordinal()] = translog.sizeInBytes();
    values[StatsCounter.TRANSLOG_UNCOMMITTED_BYTES.ordinal()] = translog.sizeInBytes();
    values[StatsCounter.TRANSLOG_EARLIEST_LAST_MODIFIED_AGE.ordinal()] =
        translog.earliestLastModifiedAgeMillis();
    // The completion section: the completion fields' suggesters, by field and in all.
    Map<String, Long> completion = completionSizes();
    values[StatsCounter.COMPLETION_BYTES.ordinal()] =
        completion.values().stream().mapToLong(Long::longValue).sum();
    Map<String, Long> fielddataSizes = fielddataSizes();
    values[StatsCounter.FIELDDATA_MEMORY.ordinal()] =
        fielddataSizes.values().stream().mapToLong(Long::longValue).sum();
    return new IndexStats(
        info,
        IndexStats.Values.of(values),
        counters.groupSnapshots(),
        files,
        fielddataSizes,
        completion,
        lastCommit());
  }

  /**
   * Notes that a search read {@code field}'s terms per document: a sort ({@code globalOrdinals}
   * false) or an aggregation over its ordinals (true). What OpenSearch would load for it is what
   * {@code _stats} reports as its fielddata ({@link FielddataFields}).
   */
  public void noteFielddata(String field, boolean globalOrdinals) {
    FieldMapping mapping = live.lookup().leaf(field);
    if (mapping == null) {
      return;
    }
    FieldType type = FieldTypes.of(mapping);
    if (type.textSearch() == FieldType.TextSearch.ANALYZED && type.hasDocValues(mapping)) {
      fielddata.loaded(field, true);
    } else if (globalOrdinals && type.docValuesType() == DocValuesType.ORDINALS) {
      fielddata.loaded(field, false);
    }
  }

  /** Forgets the fields {@link #noteFielddata} noted ({@code _cache/clear}). */
  public void clearFielddata() {
    fielddata.clear();
  }

  private Map<String, Long> fielddataSizes() {
    IndexSearcher searcher = readers.currentSearcher();
    try {
      return fielddata.sizes(searcher.getIndexReader());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      releaseSearcher(searcher);
    }
  }

  /** Flushes and releases everything; the index can be reopened from its folder. */
  @Override
  public void close() throws IOException {
    refreshes.cancel();
    try {
      flush();
    } finally {
      IOUtils.close(durability, readers, writer, directory);
    }
  }

  VersionRules versionRules() {
    return versionRules;
  }

  int shardsTotal() {
    return shardsTotal;
  }

  /** The sizes of the segments' files by extension ({@code include_segment_file_sizes}). */
  private Map<String, Long> fileSizes() {
    Map<String, Long> sizes = new java.util.TreeMap<>();
    try {
      for (String file : directory.listAll()) {
        int dot = file.lastIndexOf('.');
        if (dot < 0 || file.startsWith("segments") || file.equals("write.lock")) {
          continue; // commit points and the lock are no segment's files
        }
        String extension = file.substring(dot + 1);
        try {
          sizes.merge(extension, directory.fileLength(file), Long::sum);
        } catch (NoSuchFileException e) {
          // merged away while we listed
        }
      }
    } catch (IOException | AlreadyClosedException e) {
      return sizes;
    }
    return sizes;
  }

  private IndexStats.Commit lastCommit() {
    try {
      org.apache.lucene.index.SegmentInfos commit =
          org.apache.lucene.index.SegmentInfos.readLatestCommit(directory);
      return new IndexStats.Commit(
          java.util.Base64.getEncoder().encodeToString(commit.getId()),
          commit.getGeneration(),
          commit.getUserData(),
          commit.totalMaxDoc());
    } catch (IOException | AlreadyClosedException e) {
      return null;
    }
  }

  private long storeSize() {
    long total = 0;
    try {
      for (String file : directory.listAll()) {
        try {
          total += directory.fileLength(file);
        } catch (NoSuchFileException e) {
          // merged away while we listed
        }
      }
    } catch (IOException | AlreadyClosedException e) {
      return total;
    }
    return total;
  }

  /** Analyzes each text field with the analyzer its mapping names. */
  private final class FieldAnalyzer extends DelegatingAnalyzerWrapper {
    FieldAnalyzer() {
      super(PER_FIELD_REUSE_STRATEGY);
    }

    @Override
    protected Analyzer getWrappedAnalyzer(String fieldName) {
      return live.lookup().indexAnalyzer(fieldName);
    }
  }
}
