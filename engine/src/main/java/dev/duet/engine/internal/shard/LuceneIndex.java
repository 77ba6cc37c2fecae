package dev.duet.engine.internal.shard;

import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.GetResult;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.WriteResult;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.ForceMerge;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.internal.document.DocumentParser;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.document.NestedDocuments;
import dev.duet.engine.internal.document.ParsedDocument;
import dev.duet.engine.internal.knn.KnnCodec;
import dev.duet.engine.internal.knn.PackedVectors;
import dev.duet.engine.internal.meta.IndexMetadata;
import dev.duet.engine.internal.meta.IndexSettingsRules;
import dev.duet.engine.internal.meta.MappingLimits;
import dev.duet.engine.internal.source.JacksonErrors;
import dev.duet.engine.internal.translog.Translog;
import dev.duet.engine.internal.translog.TranslogOperation;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.mapping.Mapping;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.DelegatingAnalyzerWrapper;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ReferenceManager;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.IOUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One Duet index: one Lucene {@link IndexWriter} that many threads write through, a {@link
 * SearcherManager} refreshed on a schedule and on demand, the live version map, and the metadata
 * file. {@link #apply} is the single write path: Lucene first, then the translog; {@link
 * #afterBulk} makes a bulk's operations durable before it is acknowledged.
 *
 * <p>Durability follows OpenSearch: the Lucene commit records the highest seq_no it contains, and
 * on open every translog operation above it is re-applied with its original seq_no and version.
 * {@link #flush} commits and rolls the translog so the covered generations can go.
 */
public final class LuceneIndex implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(LuceneIndex.class);
  static final String LUCENE_DIR = "lucene";
  static final String TRANSLOG_DIR = "translog";
  private static final long PRIMARY_TERM = 1;
  private static final int LOCK_STRIPES = 512;
  // Past this many unrefreshed writes, refresh early so the version map stays small.
  private static final int VERSION_MAP_LIMIT = 250_000;
  // ... or past this many bytes of it (sources held for realtime get): a search-idle index does not
  // refresh on its schedule, so the map may otherwise hold every source written for a long time.
  private static final long VERSION_MAP_BYTES_LIMIT =
      Math.max(16L << 20, Runtime.getRuntime().maxMemory() / 20);

  private final Path dir;
  private final Directory directory;
  private final IndexWriter writer;
  private final SearcherManager searchers;
  private final LiveVersionMap versions = new LiveVersionMap();
  private final AtomicLong nextSeqNo;
  private final AtomicBoolean earlyRefreshQueued = new AtomicBoolean();
  private final Object[] idLocks = new Object[LOCK_STRIPES];
  private final Object mappingLock = new Object();
  private final ScheduledExecutorService scheduler;
  private volatile ScheduledFuture<?> refreshTask; // replaced when refresh_interval changes
  private volatile int shardsTotal; // 1 + number_of_replicas, which is dynamic
  private final VersionRules versionRules;
  private final IndexDurability durability;
  private final long committedSeqNo;
  private long recoveredSeqNo; // only during replay
  private long replayedOperations; // only during replay
  private volatile IndexMetadata metadata;
  private volatile MappingLookup lookup;
  private volatile IdLookup idLookup; // of the latest searcher a write looked an id up in
  private final SearchIdle searchIdle = new SearchIdle();
  private final ClauseLimit clauseLimit;

  private LuceneIndex(
      Path dir,
      IndexMetadata metadata,
      ScheduledExecutorService scheduler,
      ScheduledExecutorService translogTasks,
      ClauseLimit clauseLimit)
      throws IOException {
    this.clauseLimit = clauseLimit;
    this.dir = dir;
    this.metadata = metadata;
    // Replay restores acknowledged operations: no request limit applies to them.
    this.lookup =
        MappingLookup.of(metadata.mapping(), metadata.settings()).withLimits(MappingLimits.REPLAY);
    this.versionRules = new VersionRules(metadata.name(), metadata.uuid());
    this.scheduler = scheduler;
    this.shardsTotal = 1 + metadata.settings().numberOfReplicas();
    for (int i = 0; i < idLocks.length; i++) {
      idLocks[i] = new Object();
    }
    this.directory = FSDirectory.open(dir.resolve(LUCENE_DIR));
    // Each vector field's HNSW parameters and quantization come from the current mapping.
    this.writer =
        new IndexWriter(
            directory,
            WriterSettings.config(
                new FieldAnalyzer(), new KnnCodec(field -> lookup.vector(field))));
    this.committedSeqNo = IndexDurability.committedSeqNo(writer);
    this.recoveredSeqNo = committedSeqNo;
    IndexDurability opened = null;
    try {
      Translog translog = Translog.open(dir.resolve(TRANSLOG_DIR), this::replay);
      lookup = lookup.withLimits(MappingLimits.of(this.metadata.settings()));
      this.nextSeqNo = new AtomicLong(recoveredSeqNo + 1);
      opened =
          new IndexDurability(
              metadata.name(),
              metadata.settings(),
              translog,
              writer,
              () -> nextSeqNo.get() - 1,
              translogTasks);
      this.durability = opened;
      this.searchers = new SearcherManager(writer, null);
      searchers.addListener(
          new ReferenceManager.RefreshListener() {
            @Override
            public void beforeRefresh() {
              versions.beforeRefresh();
            }

            @Override
            public void afterRefresh(boolean didRefresh) {
              versions.afterRefresh();
            }
          });
      if (replayedOperations > 0) {
        LOG.info(
            "index [{}]: replayed {} translog operations above seq_no {}",
            metadata.name(),
            replayedOperations,
            committedSeqNo);
        refresh(); // empties the version map the replay filled
      }
      flush(); // commits what was replayed; the replayed generations go
    } catch (IOException | RuntimeException e) {
      IOUtils.closeWhileHandlingException(opened, writer, directory);
      throw e;
    }
    this.refreshTask = scheduleRefresh(metadata.settings().refreshIntervalMillis());
  }

  private ScheduledFuture<?> scheduleRefresh(long interval) {
    return interval > 0
        ? scheduler.scheduleWithFixedDelay(
            this::scheduledRefresh, interval, interval, TimeUnit.MILLISECONDS)
        : null;
  }

  /**
   * Replaces the metadata (mapping, settings, aliases), durably before it takes effect, and applies
   * the dynamic settings that changed. Serialized with dynamic mapping updates.
   */
  public void updateMetadata(java.util.function.UnaryOperator<IndexMetadata> change) {
    synchronized (mappingLock) {
      IndexMetadata current = metadata;
      IndexMetadata next = change.apply(current);
      if (next.equals(current)) {
        return;
      }
      try {
        next.write(dir);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      // Analysis settings are static: rebuild the analyzers only when the settings differ.
      lookup =
          next.settings().equals(current.settings())
              ? MappingLookup.of(next.mapping(), next.settings(), lookup.analysis())
              : MappingLookup.of(next.mapping(), next.settings());
      metadata = next;
      if (!next.settings().equals(current.settings())) {
        shardsTotal = 1 + next.settings().numberOfReplicas();
        durability.applySettings(next.settings());
        long interval = next.settings().refreshIntervalMillis();
        if (interval != current.settings().refreshIntervalMillis()) {
          ScheduledFuture<?> old = refreshTask;
          if (old != null) {
            old.cancel(false);
          }
          refreshTask = scheduleRefresh(interval);
        }
      }
    }
  }

  public static LuceneIndex create(
      Path dir,
      IndexMetadata metadata,
      ScheduledExecutorService scheduler,
      ScheduledExecutorService translogTasks,
      ClauseLimit clauseLimit)
      throws IOException {
    // A new folder, never an existing one: writing this metadata over another index's would
    // rename that index on the next start.
    Files.createDirectories(dir.getParent());
    Files.createDirectory(dir);
    try {
      metadata.write(dir);
      return new LuceneIndex(dir, metadata, scheduler, translogTasks, clauseLimit);
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
    return new LuceneIndex(dir, IndexMetadata.read(dir), scheduler, translogTasks, clauseLimit);
  }

  public String name() {
    return metadata.name();
  }

  public String uuid() {
    return metadata.uuid();
  }

  public Path dir() {
    return dir;
  }

  public IndexMetadata metadata() {
    return metadata;
  }

  public MappingLookup lookup() {
    return lookup;
  }

  /** The node's {@code indices.query.bool.max_clause_count}, which this index's queries obey. */
  public ClauseLimit clauseLimit() {
    return clauseLimit;
  }

  public int maxResultWindow() {
    return IndexSettingsRules.maxResultWindow(metadata.settings());
  }

  public int maxRescoreWindow() {
    return IndexSettingsRules.maxRescoreWindow(metadata.settings());
  }

  /** Applies one write; failures the client caused come back as the item's failure. */
  public BulkItemResponse apply(BulkItem item, String id, boolean autoId, boolean forcedRefresh) {
    try {
      return switch (item.opType()) {
        case DELETE -> delete(item, id, forcedRefresh);
        case UPDATE -> DocumentUpdater.update(this, item, id, forcedRefresh);
        case INDEX, CREATE -> write(item, id, autoId, forcedRefresh);
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

  private BulkItemResponse write(BulkItem item, String id, boolean autoId, boolean forced)
      throws IOException {
    byte[] source = item.source();
    if (source == null) {
      throw new DuetException(
          400, "action_request_validation_exception", "Validation Failed: 1: source is missing;");
    }
    ParsedDocument parsed;
    if (item.vectors().isEmpty()) {
      parsed = document(id, source, source);
    } else {
      // Packed vectors: the source is parsed without them, and stored and logged with them.
      byte[] stored = PackedVectors.splice(source, item.vectors());
      parsed = document(id, source, stored);
      PackedVectors.index(parsed.fields(), item.vectors(), lookup::vector, id);
      source = stored;
    }
    long version;
    long seqNo;
    boolean existed;
    durability.operationLock().lock();
    try {
      synchronized (lockFor(id)) {
        LiveVersionMap.Entry current = autoId ? null : currentVersion(id);
        existed = current != null && !current.deleted();
        version = versionRules.nextVersion(item.opType(), item.check(), id, current);
        seqNo = nextSeqNo.getAndIncrement();
        addVersionFields(parsed.fields(), seqNo, version, PRIMARY_TERM);
        // No live copy to replace: adding skips the buffered delete-by-term that every later
        // refresh would otherwise apply against all segments (as OpenSearch's engine does).
        boolean add = autoId || current == null || current.deleted();
        NestedDocuments.write(writer, add ? null : new Term(MetaFields.ID, id), parsed);
        // Logged in id-lock order, so replay sees one id's writes in seq_no order.
        durability.log(TranslogOperation.index(id, seqNo, PRIMARY_TERM, version, source));
        versions.put(id, new LiveVersionMap.Entry(version, seqNo, PRIMARY_TERM, source, 0));
      }
    } finally {
      durability.operationLock().unlock();
    }
    refreshIfVersionMapFull();
    WriteResult result =
        new WriteResult(
            existed ? "updated" : "created", version, seqNo, PRIMARY_TERM, forced, shardsTotal, 1);
    return new BulkItemResponse(item.opType(), name(), id, existed ? 200 : 201, result, null);
  }

  private BulkItemResponse delete(BulkItem item, String id, boolean forced) throws IOException {
    long version;
    long seqNo;
    boolean existed;
    durability.operationLock().lock();
    try {
      synchronized (lockFor(id)) {
        LiveVersionMap.Entry current = currentVersion(id);
        existed = current != null && !current.deleted();
        version = versionRules.nextVersion(OpType.DELETE, item.check(), id, current);
        seqNo = nextSeqNo.getAndIncrement();
        if (existed) {
          writer.deleteDocuments(new Term(MetaFields.ID, id));
        }
        durability.log(TranslogOperation.delete(id, seqNo, PRIMARY_TERM, version));
        versions.put(
            id, new LiveVersionMap.Entry(version, seqNo, PRIMARY_TERM, null, System.nanoTime()));
      }
    } finally {
      durability.operationLock().unlock();
    }
    WriteResult result =
        new WriteResult(
            existed ? "deleted" : "not_found",
            version,
            seqNo,
            PRIMARY_TERM,
            forced,
            shardsTotal,
            1);
    return new BulkItemResponse(OpType.DELETE, name(), id, existed ? 200 : 404, result, null);
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
  public GetResult get(String id) {
    return get(id, true);
  }

  /** A get; {@code realtime = false} sees only what the last refresh made searchable. */
  public GetResult get(String id, boolean realtime) {
    LiveVersionMap.Entry e = realtime ? versions.get(id) : null;
    try {
      if (e == null) {
        IndexSearcher searcher = searchers.acquire();
        try {
          e = DocLookup.find(searcher.getIndexReader(), id, true);
        } finally {
          searchers.release(searcher);
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
    return new GetResult(name(), id, true, e.version(), e.seqNo(), e.primaryTerm(), e.source());
  }

  /** Makes every acknowledged write visible to search before returning. */
  public void refresh() {
    try {
      searchers.maybeRefreshBlocking();
    } catch (AlreadyClosedException e) {
      throw DuetException.indexNotFound(name());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The segments {@code _segments} lists: searchable and committed ones. */
  public List<dev.duet.engine.index.SegmentInfo> segments() {
    return SegmentLister.list(this, directory);
  }

  /** The searcher of a search: if the index was search-idle, it refreshes first. */
  public IndexSearcher acquireSearcher() {
    if (searchIdle.searched()) {
      refresh();
    }
    return currentSearcher();
  }

  /**
   * The current searcher without blocking, or null when the index skipped a refresh while
   * search-idle and a search must refresh first ({@link #acquireSearcher}). Counts as a search.
   */
  public IndexSearcher acquireSearcherIfRefreshed() {
    return searchIdle.searchedWithoutRefresh() ? currentSearcher() : null;
  }

  private IndexSearcher currentSearcher() {
    try {
      return searchers.acquire();
    } catch (AlreadyClosedException e) {
      throw DuetException.indexNotFound(name());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public void releaseSearcher(IndexSearcher searcher) {
    try {
      searchers.release(searcher);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public IndexInfo info() {
    IndexSearcher searcher = currentSearcher(); // stats are no search: no refresh, as OpenSearch
    try {
      IndexMetadata m = metadata;
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

  /** Flushes and releases everything; the index can be reopened from its folder. */
  @Override
  public void close() throws IOException {
    if (refreshTask != null) {
      refreshTask.cancel(false);
    }
    try {
      flush();
    } finally {
      IOUtils.close(durability, searchers, writer, directory);
    }
  }

  /** Re-applies one logged operation the last commit does not contain, exactly as acknowledged. */
  private void replay(TranslogOperation op) throws IOException {
    if (op.seqNo() <= committedSeqNo) {
      return;
    }
    recoveredSeqNo = Math.max(recoveredSeqNo, op.seqNo());
    replayedOperations++;
    Term idTerm = new Term(MetaFields.ID, op.id());
    if (op.isDelete()) {
      writer.deleteDocuments(idTerm);
      versions.put(
          op.id(),
          new LiveVersionMap.Entry(
              op.version(), op.seqNo(), op.primaryTerm(), null, System.nanoTime()));
      return;
    }
    try {
      ParsedDocument parsed = document(op.id(), op.source(), op.source());
      addVersionFields(parsed.fields(), op.seqNo(), op.version(), op.primaryTerm());
      NestedDocuments.write(writer, idTerm, parsed);
      versions.put(
          op.id(),
          new LiveVersionMap.Entry(op.version(), op.seqNo(), op.primaryTerm(), op.source(), 0));
    } catch (DuetException | IllegalArgumentException e) {
      // It was accepted once, so this should not happen; losing one document beats not starting.
      LOG.warn(
          "index [{}]: could not replay translog operation for [{}] (seq_no {})",
          metadata.name(),
          op.id(),
          op.seqNo(),
          e);
    }
  }

  /**
   * The Lucene fields of a source, mapping any new fields dynamically first; {@code stored} is what
   * {@code _source} keeps (the source itself, or the source with packed vectors added).
   */
  private ParsedDocument document(String id, byte[] source, byte[] stored) throws IOException {
    ParsedDocument parsed = DocumentParser.parse(id, source, lookup);
    if (!parsed.dynamicFields().isEmpty()) {
      addDynamicFields(parsed.dynamicFields());
      // Parse again against the merged mapping: another writer may have mapped a field first.
      parsed = DocumentParser.parse(id, source, lookup);
    }
    List<IndexableField> doc = parsed.fields();
    doc.add(new StringField(MetaFields.ID, id, Field.Store.YES));
    // Doc values so that a search can sort on _id, as OpenSearch allows.
    doc.add(new SortedDocValuesField(MetaFields.ID, new BytesRef(id)));
    doc.add(new StoredField(MetaFields.SOURCE, stored));
    return parsed;
  }

  private static void addVersionFields(
      List<IndexableField> doc, long seqNo, long version, long primaryTerm) {
    doc.add(new NumericDocValuesField(MetaFields.SEQ_NO, seqNo));
    doc.add(new NumericDocValuesField(MetaFields.VERSION, version));
    doc.add(new NumericDocValuesField(MetaFields.PRIMARY_TERM, primaryTerm));
  }

  private void addDynamicFields(Map<String, FieldMapping> fields) throws IOException {
    synchronized (mappingLock) {
      IndexMetadata current = metadata;
      Mapping merged = MappingLookup.withDynamicFields(current.mapping(), fields);
      if (merged.equals(current.mapping())) {
        return;
      }
      lookup.limits().check(merged); // a document may not grow the mapping past its limits
      IndexMetadata next = current.withMapping(merged);
      next.write(dir);
      lookup =
          MappingLookup.of(merged, current.settings(), lookup.analysis())
              .withLimits(lookup.limits());
      metadata = next;
    }
  }

  private LiveVersionMap.Entry currentVersion(String id) throws IOException {
    LiveVersionMap.Entry e = versions.get(id);
    if (e != null) {
      return e;
    }
    IndexSearcher searcher = searchers.acquire();
    try {
      IdLookup ids = IdLookup.of(idLookup, searcher.getIndexReader());
      idLookup = ids;
      return ids.find(id);
    } finally {
      searchers.release(searcher);
    }
  }

  private Object lockFor(String id) {
    return idLocks[(id.hashCode() & 0x7fffffff) % LOCK_STRIPES];
  }

  VersionRules versionRules() {
    return versionRules;
  }

  int shardsTotal() {
    return shardsTotal;
  }

  private void refreshIfVersionMapFull() {
    if ((versions.size() > VERSION_MAP_LIMIT || versions.ramBytes() > VERSION_MAP_BYTES_LIMIT)
        && earlyRefreshQueued.compareAndSet(false, true)) {
      try {
        scheduler.execute(
            () -> {
              earlyRefreshQueued.set(false);
              backgroundRefresh(); // even when search-idle: the version map must not grow unbounded
            });
      } catch (RejectedExecutionException e) {
        earlyRefreshQueued.set(false); // the engine is closing; close() commits anyway
      }
    }
  }

  private void scheduledRefresh() {
    if (searchIdle.skipScheduledRefresh(metadata.settings())) {
      return;
    }
    backgroundRefresh();
  }

  private void backgroundRefresh() {
    try {
      searchers.maybeRefresh();
    } catch (AlreadyClosedException e) {
      // The index was closed or deleted while this refresh was queued.
    } catch (IOException | RuntimeException e) {
      LOG.warn("refresh of index [{}] failed", name(), e);
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
      return lookup.indexAnalyzer(fieldName);
    }
  }
}
