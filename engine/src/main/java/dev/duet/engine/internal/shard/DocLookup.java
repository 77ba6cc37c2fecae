package dev.duet.engine.internal.shard;

import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.search.HitVersions;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;

/** Finds the live document with an {@code _id} in a reader: its version fields and source. */
public final class DocLookup {

  /** Stands for "present, source not loaded" in a {@link LiveVersionMap.Entry}. */
  static final byte[] NOT_LOADED = new byte[0];

  private static final Set<String> SOURCE_ONLY = Set.of(MetaFields.SOURCE);

  private DocLookup() {}

  static LiveVersionMap.Entry find(IndexReader reader, String id, boolean loadSource)
      throws IOException {
    return find(reader, id, loadSource, null, 0);
  }

  /**
   * The live document with {@code id} in shard {@code shard}'s copy, when {@code keys} is of an
   * index of several shards (null or one shard: the one live document with the id).
   */
  static LiveVersionMap.Entry find(
      IndexReader reader, String id, boolean loadSource, DocKeys keys, int shard)
      throws IOException {
    boolean sharded = keys != null && keys.sharded();
    BytesRef term = new BytesRef(id);
    for (LeafReaderContext leaf : reader.leaves()) {
      LeafReader r = leaf.reader();
      Terms terms = r.terms(MetaFields.ID);
      if (terms == null) {
        continue;
      }
      TermsEnum te = terms.iterator();
      if (!te.seekExact(term)) {
        continue;
      }
      PostingsEnum postings = te.postings(null, PostingsEnum.NONE);
      int doc =
          sharded ? lastLiveIn(postings, r, keys, id, shard) : lastLive(postings, r.getLiveDocs());
      if (doc != DocIdSetIterator.NO_MORE_DOCS) {
        return entry(r, doc, loadSource);
      }
    }
    return null;
  }

  /**
   * The last live root document of an id's postings that belongs to shard {@code shard}: on an
   * index of several shards, where each shard may hold its own document with the id.
   */
  static int lastLiveIn(PostingsEnum postings, LeafReader r, DocKeys keys, String id, int shard)
      throws IOException {
    Bits live = r.getLiveDocs();
    int found = DocIdSetIterator.NO_MORE_DOCS;
    for (int doc = postings.nextDoc();
        doc != DocIdSetIterator.NO_MORE_DOCS;
        doc = postings.nextDoc()) {
      if ((live == null || live.get(doc)) && keys.isRootIn(r, doc, id, shard)) {
        found = doc;
      }
    }
    return found;
  }

  /**
   * The last live document of an id's postings: the root document, since the nested documents of a
   * block (which carry the root's id) come before it; NO_MORE_DOCS when none is live.
   */
  public static int lastLive(PostingsEnum postings, Bits live) throws IOException {
    int found = DocIdSetIterator.NO_MORE_DOCS;
    for (int doc = postings.nextDoc();
        doc != DocIdSetIterator.NO_MORE_DOCS;
        doc = postings.nextDoc()) {
      if (live == null || live.get(doc)) {
        found = doc;
      }
    }
    return found;
  }

  /** The version fields (and source, if asked) of a live document. */
  static LiveVersionMap.Entry entry(LeafReader r, int doc, boolean loadSource) throws IOException {
    byte[] source = NOT_LOADED;
    if (loadSource) {
      BytesRef bytes =
          r.storedFields().document(doc, SOURCE_ONLY).getBinaryValue(MetaFields.SOURCE);
      source = bytes == null ? NOT_LOADED : BytesRef.deepCopyOf(bytes).bytes;
    }
    return new LiveVersionMap.Entry(
        value(r, MetaFields.VERSION, doc),
        value(r, MetaFields.SEQ_NO, doc),
        value(r, MetaFields.PRIMARY_TERM, doc),
        source,
        0,
        MetaFields.routing(r, doc));
  }

  /**
   * The {@code _version} and/or {@code _seq_no} and {@code _primary_term} of the searcher-wide doc
   * {@code doc}, each null when not asked.
   */
  public static HitVersions versions(
      IndexSearcher searcher, int doc, boolean version, boolean seqNo) throws IOException {
    List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
    LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
    LeafReader r = leaf.reader();
    int local = doc - leaf.docBase;
    return new HitVersions(
        version ? value(r, MetaFields.VERSION, local) : null,
        seqNo ? value(r, MetaFields.SEQ_NO, local) : null,
        seqNo ? value(r, MetaFields.PRIMARY_TERM, local) : null);
  }

  private static long value(LeafReader reader, String field, int doc) throws IOException {
    NumericDocValues values = reader.getNumericDocValues(field);
    if (values == null || !values.advanceExact(doc)) {
      return 0;
    }
    return values.longValue();
  }
}
