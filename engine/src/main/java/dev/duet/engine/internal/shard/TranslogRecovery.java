package dev.duet.engine.internal.shard;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.document.NestedDocuments;
import dev.duet.engine.internal.document.ParsedDocument;
import dev.duet.engine.internal.translog.Translog;
import dev.duet.engine.internal.translog.TranslogOperation;
import java.io.IOException;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.Term;
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
  private final long committedSeqNo;
  private long recoveredSeqNo;
  private long replayedOperations;

  TranslogRecovery(
      String name, IndexWriter writer, LiveVersionMap versions, WritePath.Documents documents)
      throws IOException {
    this.name = name;
    this.writer = writer;
    this.versions = versions;
    this.documents = documents;
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
      ParsedDocument parsed = documents.parse(op.id(), op.source(), op.source());
      WritePath.addVersionFields(parsed.fields(), op.seqNo(), op.version(), op.primaryTerm());
      MetaFields.addRouting(parsed.fields(), op.routing());
      NestedDocuments.write(writer, idTerm, parsed);
      versions.put(
          op.id(),
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
}
