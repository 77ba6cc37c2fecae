package dev.duet.engine.internal.session;

import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.util.BytesRef;

/**
 * Where a scroll's next page starts: after the last hit it returned. Pages are merged in (sort
 * values or score, target, doc) order, so on each target the next page starts after the last hit's
 * sort values, with its ties excluded on earlier targets (already returned), kept on later ones
 * (not yet returned) and, on the last hit's own target, cut at its doc id.
 */
public final class ScrollCursor implements ReaderLease.Cursor {
  private boolean started;
  private ScoreDoc last;

  @Override
  public ScoreDoc after(int shard) {
    if (last == null) {
      return null;
    }
    int doc = shard < last.shardIndex ? Integer.MAX_VALUE : shard > last.shardIndex ? -1 : last.doc;
    if (last instanceof FieldDoc fd) {
      return new FieldDoc(doc, fd.score, fd.fields, shard);
    }
    return new ScoreDoc(doc, last.score, shard);
  }

  @Override
  public void advance(TopDocs page) {
    started = true;
    if (page.scoreDocs.length == 0) {
      return;
    }
    ScoreDoc end = page.scoreDocs[page.scoreDocs.length - 1];
    if (end instanceof FieldDoc fd) {
      Object[] fields = fd.fields.clone();
      for (int i = 0; i < fields.length; i++) {
        if (fields[i] instanceof BytesRef b) {
          fields[i] = BytesRef.deepCopyOf(b);
        }
      }
      last = new FieldDoc(fd.doc, fd.score, fields, fd.shardIndex);
    } else {
      last = new ScoreDoc(end.doc, end.score, end.shardIndex);
    }
  }

  /**
   * True once a page has been returned: later pages start from the cursor, not from {@code from}.
   */
  boolean started() {
    return started;
  }

  /** True when no page had a hit: nothing is left to return. */
  boolean exhausted() {
    return started && last == null;
  }
}
