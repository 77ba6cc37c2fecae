package dev.duet.engine.internal.shard;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.document.NestedDocuments;
import dev.duet.engine.internal.document.ParsedDocument;
import dev.duet.engine.internal.translog.Translog;
import dev.duet.engine.internal.translog.TranslogOperation;
import java.io.IOException;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.Query;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Recovery on open: re-applies every translog operation above the seq_no the Lucene commit records,
 * with its original seq_no and version, as it was acknowledged.
 */
final class TranslogRecovery implements Translog.OperationVisitor {
  private static final Logger LOG = LoggerFactory.getLogger(TranslogRecovery.class);

  private final String name;
  private final IndexWriter writer;
  private final LiveVersionMap versions;
  private final WritePath.Documents documents;
  private final DocKeys keys;
  private final long committedSeqNo;
  private DirectoryReader committed; // what the commit holds: the documents a replay may replace
  private long recoveredSeqNo;
  private long replayedOperations;

  TranslogRecovery(
      String name,
      IndexWriter writer,
      LiveVersionMap versions,
      WritePath.Documents documents,
      DocKeys keys)
      throws IOException {
    this.name = name;
    this.writer = writer;
    this.versions = versions;
    this.documents = documents;
    this.keys = keys;
    this.committedSeqNo = IndexDurability.committedSeqNo(writer);
    this.recoveredSeqNo = committedSeqNo;
  }

  /** The seq_no the last Lucene commit contains everything up to. */
  long committedSeqNo() {
    return committedSeqNo;
  }

  /** The highest seq_no the index holds after replay. */
  long recoveredSeqNo() {
    return recoveredSeqNo;
  }

  /** How many operations the replay re-applied. */
  long replayedOperations() {
    return replayedOperations;
  }

  /** Re-applies one logged operation the last commit does not contain, exactly as acknowledged. */
  @Override
  public void visit(TranslogOperation op) throws IOException {
    if (op.seqNo() <= committedSeqNo) {
      return;
    }
    recoveredSeqNo = Math.max(recoveredSeqNo, op.seqNo());
    replayedOperations++;
    String key = keys.key(op.id(), op.routing());
    Term idTerm = keys.sharded() ? null : new Term(MetaFields.ID, op.id());
    Query replaced = keys.sharded() ? replaced(key, op) : null;
    if (op.isDelete()) {
      if (idTerm != null) {
        writer.deleteDocuments(idTerm);
      } else if (replaced != null) {
        writer.deleteDocuments(replaced);
      }
      versions.put(
          key,
          new LiveVersionMap.Entry(
              op.version(), op.seqNo(), op.primaryTerm(), null, System.nanoTime()));
      return;
    }
    try {
      ParsedDocument parsed = documents.parse(op.id(), op.source(), op.source());
      WritePath.addVersionFields(parsed.fields(), op.seqNo(), op.version(), op.primaryTerm());
      MetaFields.addRouting(parsed.fields(), op.routing());
      keys.addTo(parsed, op.id(), op.routing());
      if (replaced == null) {
        NestedDocuments.write(writer, idTerm, parsed); // one shard: by _id, as always
      } else {
        NestedDocuments.write(writer, replaced, parsed);
      }
      versions.put(
          key,
          new LiveVersionMap.Entry(
              op.version(), op.seqNo(), op.primaryTerm(), op.source(), 0, op.routing()));
    } catch (DuetException | IllegalArgumentException e) {
      // It was accepted once, so this should not happen; losing one document beats not starting.
      LOG.warn(
          "index [{}]: could not replay translog operation for [{}] (seq_no {})",
          name,
          op.id(),
          op.seqNo(),
          e);
    }
  }

  /** Closes what the replay read the commit with. */
  void finish() throws IOException {
    if (committed != null) {
      committed.close();
      committed = null;
    }
  }

  /**
   * On an index of several shards, the term of the document an operation replaces or deletes: the
   * same shard's copy of its id, as replayed so far or as committed (its routing may differ from
   * the operation's); null when there is none.
   */
  private Query replaced(String key, TranslogOperation op) throws IOException {
    LiveVersionMap.Entry e = versions.get(key);
    if (e == null) {
      if (committed == null) {
        committed = DirectoryReader.open(writer.getDirectory());
      }
      e = DocLookup.find(committed, op.id(), false, keys, keys.shardOf(op.id(), op.routing()));
    }
    return e == null || e.deleted() ? null : keys.replaced(op.id(), e.routing());
  }
}
