package dev.duet.engine.internal.shard;

import dev.duet.engine.internal.document.MetaFields;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.BytesRef;

/**
 * The version lookup of writes with an explicit {@code _id} against one point-in-time reader: the
 * {@link DocLookup#find} a write makes when the live version map does not know the id, without
 * opening a terms enum per segment for every document. Like OpenSearch's per-thread id lookup, the
 * enums of each segment's {@code _id} terms are opened once per reader and reused; here they are
 * pooled rather than kept per thread, so they go with the reader once a refresh replaces it.
 */
public final class IdLookup {
  private final IndexReader reader;
  private final List<LeafReaderContext> leaves;
  private final ConcurrentLinkedQueue<Enums> idle = new ConcurrentLinkedQueue<>();

  private IdLookup(IndexReader reader) {
    this.reader = reader;
    this.leaves = reader.leaves();
  }

  /** {@code cached} if it reads {@code reader}, else a lookup for {@code reader}. */
  static IdLookup of(IdLookup cached, IndexReader reader) {
    return cached != null && cached.reader == reader ? cached : new IdLookup(reader);
  }

  /**
   * The live document with {@code id}, its source not loaded, or null; the caller keeps the reader
   * open (holds its searcher) for the duration of the call.
   */
  LiveVersionMap.Entry find(String id) throws IOException {
    return find(id, null, 0);
  }

  /**
   * The live document with {@code id} in shard {@code shard}'s copy when {@code keys} is of an
   * index of several shards; else as {@link #find(String)}.
   */
  LiveVersionMap.Entry find(String id, DocKeys keys, int shard) throws IOException {
    boolean sharded = keys != null && keys.sharded();
    Enums enums = idle.poll();
    if (enums == null) {
      enums = new Enums(leaves);
    }
    try {
      BytesRef term = new BytesRef(id);
      // Newest segments last: a document written again is most likely in one of them.
      for (int i = leaves.size() - 1; i >= 0; i--) {
        TermsEnum te = enums.terms[i];
        if (te == null || !te.seekExact(term)) {
          continue;
        }
        LeafReader r = leaves.get(i).reader();
        PostingsEnum postings = te.postings(enums.postings[i], PostingsEnum.NONE);
        enums.postings[i] = postings;
        int doc =
            sharded
                ? DocLookup.lastLiveIn(postings, r, keys, id, shard)
                : DocLookup.lastLive(postings, r.getLiveDocs());
        if (doc != DocIdSetIterator.NO_MORE_DOCS) {
          return DocLookup.entry(r, doc, false);
        }
      }
      return null;
    } finally {
      idle.offer(enums);
    }
  }

  /** One user's enums, one per segment (null where a segment has no {@code _id} terms). */
  private static final class Enums {
    final TermsEnum[] terms;
    final PostingsEnum[] postings;

    Enums(List<LeafReaderContext> leaves) throws IOException {
      terms = new TermsEnum[leaves.size()];
      postings = new PostingsEnum[leaves.size()];
      for (int i = 0; i < terms.length; i++) {
        Terms t = leaves.get(i).reader().terms(MetaFields.ID);
        terms[i] = t == null ? null : t.iterator();
      }
    }
  }
}
