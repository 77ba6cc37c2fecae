package dev.duet.engine.internal.shard;

import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.WriteResult;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.document.NestedDocuments;
import dev.duet.engine.internal.document.ParsedDocument;
import dev.duet.engine.internal.knn.PackedVectors;
import dev.duet.engine.internal.meta.IndexMetadata;
import dev.duet.engine.internal.translog.TranslogOperation;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.search.IndexSearcher;

/**
 * An index's one write path: an index or delete of one id, under that id's lock, gets its version
 * and seq_no, goes to Lucene, then to the translog, and into the live version map.
 */
final class WritePath {
  static final long PRIMARY_TERM = 1;
  private static final int LOCK_STRIPES = 512;

  /** A source as Lucene fields, mapping new fields dynamically first. */
  @FunctionalInterface
  interface Documents {
    /** {@code stored} is what {@code _source} keeps. */
    ParsedDocument parse(String id, byte[] source, byte[] stored) throws IOException;
  }

  private final String name;
  private final IndexWriter writer;
  private final LiveVersionMap versions;
  private final VersionRules versionRules;
  private final IndexDurability durability;
  private final AtomicLong nextSeqNo;
  private final IndexReaders readers;
  private final RefreshSchedule refreshes;
  private final Documents documents;
  private final Supplier<MappingLookup> lookup;
  private final IntSupplier shardsTotal;
  private final Supplier<IndexMetadata> metadata;
  private final DocKeys keys;
  private final Object[] idLocks = new Object[LOCK_STRIPES];
  private volatile IdLookup idLookup; // of the latest searcher a write looked an id up in

  WritePath(
      String name,
      IndexWriter writer,
      LiveVersionMap versions,
      VersionRules versionRules,
      IndexDurability durability,
      AtomicLong nextSeqNo,
      IndexReaders readers,
      RefreshSchedule refreshes,
      Documents documents,
      Supplier<MappingLookup> lookup,
      IntSupplier shardsTotal,
      Supplier<IndexMetadata> metadata,
      DocKeys keys) {
    this.name = name;
    this.writer = writer;
    this.versions = versions;
    this.versionRules = versionRules;
    this.durability = durability;
    this.nextSeqNo = nextSeqNo;
    this.readers = readers;
    this.refreshes = refreshes;
    this.documents = documents;
    this.lookup = lookup;
    this.shardsTotal = shardsTotal;
    this.metadata = metadata;
    this.keys = keys;
    for (int i = 0; i < idLocks.length; i++) {
      idLocks[i] = new Object();
    }
  }

  /** An {@code index} or {@code create}. */
  BulkItemResponse write(BulkItem item, String id, boolean autoId, boolean forced)
      throws IOException {
    byte[] source = item.source();
    if (source == null) {
      throw new DuetException(
          400, "action_request_validation_exception", "Validation Failed: 1: source is missing;");
    }
    checkRouting(item, id);
    ParsedDocument parsed;
    if (item.vectors().isEmpty()) {
      parsed = documents.parse(id, source, source);
    } else {
      // Packed vectors: the source is parsed without them, and stored and logged with them.
      byte[] stored = PackedVectors.splice(source, item.vectors());
      parsed = documents.parse(id, source, stored);
      PackedVectors.index(parsed.fields(), item.vectors(), lookup.get()::vector, id);
      source = stored;
    }
    String routing = item.routing();
    String key = keys.key(id, routing);
    long version;
    long seqNo;
    boolean existed;
    durability.operationLock().lock();
    try {
      synchronized (lockFor(id)) {
        LiveVersionMap.Entry current = autoId ? null : currentVersion(key, id, routing);
        existed = current != null && !current.deleted();
        version = versionRules.nextVersion(item.opType(), item.check(), id, current);
        seqNo = nextSeqNo.getAndIncrement();
        addVersionFields(parsed.fields(), seqNo, version, PRIMARY_TERM);
        MetaFields.addRouting(parsed.fields(), routing);
        keys.addTo(parsed, id, routing);
        // No live copy to replace: adding skips the buffered delete-by-term that every later
        // refresh would otherwise apply against all segments (as OpenSearch's engine does).
        boolean add = autoId || current == null || current.deleted();
        if (add || !keys.sharded()) {
          NestedDocuments.write(writer, add ? null : keys.term(id, null), parsed);
        } else {
          NestedDocuments.write(writer, keys.replaced(id, current.routing()), parsed);
        }
        // Logged in id-lock order, so replay sees one id's writes in seq_no order.
        durability.log(TranslogOperation.index(id, seqNo, PRIMARY_TERM, version, source, routing));
        versions.put(
            key,
            new LiveVersionMap.Entry(
                version, seqNo, PRIMARY_TERM, lookup.get().keptSource(source), 0, routing));
      }
    } finally {
      durability.operationLock().unlock();
    }
    refreshes.refreshIfVersionMapFull();
    WriteResult result =
        new WriteResult(
            existed ? "updated" : "created",
            version,
            seqNo,
            PRIMARY_TERM,
            forced,
            shardsTotal.getAsInt(),
            1);
    return new BulkItemResponse(item.opType(), name, id, existed ? 200 : 201, result, null);
  }

  /** A {@code delete}. */
  BulkItemResponse delete(BulkItem item, String id, boolean forced) throws IOException {
    checkRouting(item, id);
    String key = keys.key(id, item.routing());
    long version;
    long seqNo;
    boolean existed;
    durability.operationLock().lock();
    try {
      synchronized (lockFor(id)) {
        // On several shards, only the copy in the shard the routing names.
        LiveVersionMap.Entry current = currentVersion(key, id, item.routing());
        existed = current != null && !current.deleted();
        version = versionRules.nextVersion(OpType.DELETE, item.check(), id, current);
        seqNo = nextSeqNo.getAndIncrement();
        if (existed) {
          if (keys.sharded()) {
            writer.deleteDocuments(keys.replaced(id, current.routing()));
          } else {
            writer.deleteDocuments(keys.term(id, null));
          }
        }
        durability.log(TranslogOperation.delete(id, seqNo, PRIMARY_TERM, version, item.routing()));
        versions.put(
            key, new LiveVersionMap.Entry(version, seqNo, PRIMARY_TERM, null, System.nanoTime()));
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
            shardsTotal.getAsInt(),
            1);
    return new BulkItemResponse(OpType.DELETE, name, id, existed ? 200 : 404, result, null);
  }

  static void addVersionFields(
      List<IndexableField> doc, long seqNo, long version, long primaryTerm) {
    doc.add(new NumericDocValuesField(MetaFields.SEQ_NO, seqNo));
    doc.add(new NumericDocValuesField(MetaFields.VERSION, version));
    doc.add(new NumericDocValuesField(MetaFields.PRIMARY_TERM, primaryTerm));
  }

  /** OpenSearch's refusal of a write without routing to an index whose mapping requires one. */
  void checkRouting(BulkItem item, String id) {
    if (item.routing() == null && metadata.get().mapping().routingRequired()) {
      throw routingMissing(name, id);
    }
  }

  static DuetException routingMissing(String index, String id) {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("index", index);
    meta.put("index_uuid", "_na_");
    return new DuetException(
        400,
        "routing_missing_exception",
        "routing is required for [" + index + "]/[" + id + "]",
        meta,
        null);
  }

  /** The latest state of the document {@code key} names ({@link DocKeys#key}), or null. */
  private LiveVersionMap.Entry currentVersion(String key, String id, String routing)
      throws IOException {
    LiveVersionMap.Entry e = versions.get(key);
    if (e != null) {
      return e;
    }
    IndexSearcher searcher = readers.acquire();
    try {
      IdLookup ids = IdLookup.of(idLookup, searcher.getIndexReader());
      idLookup = ids;
      return keys.sharded() ? ids.find(id, keys, keys.shardOf(id, routing)) : ids.find(id);
    } finally {
      readers.release(searcher);
    }
  }

  private Object lockFor(String id) {
    return idLocks[(id.hashCode() & 0x7fffffff) % LOCK_STRIPES];
  }
}
