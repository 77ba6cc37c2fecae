package dev.duet.engine.internal.search;

import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.fetch.HitExplainer;
import dev.duet.engine.internal.query.QueryTranslator;
import dev.duet.engine.internal.shard.DocLookup;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.search.ExplainResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.util.BytesRef;

/** {@code _explain}: one document's score explanation for a query, from the current searcher. */
public final class ExplainPhase {
  private ExplainPhase() {}

  public static ExplainResult explain(
      LuceneIndex index, String id, dev.duet.engine.search.Query query) {
    Query lucene = new QueryTranslator(index).translateRequest(query);
    IndexSearcher searcher = index.acquireSearcher();
    try {
      int doc = find(searcher, id);
      if (doc < 0) {
        return new ExplainResult(index.name(), id, false, null);
      }
      return new ExplainResult(
          index.name(), id, true, HitExplainer.explain(searcher.explain(lucene, doc)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (IndexSearcher.TooManyClauses e) {
      throw index.clauseLimit().searchFailure(e);
    } finally {
      index.releaseSearcher(searcher);
    }
  }

  /** The searcher-wide doc id of the live document {@code id}, or -1. */
  private static int find(IndexSearcher searcher, String id) throws IOException {
    BytesRef term = new BytesRef(id);
    for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
      Terms terms = leaf.reader().terms(MetaFields.ID);
      if (terms == null) {
        continue;
      }
      TermsEnum te = terms.iterator();
      if (!te.seekExact(term)) {
        continue;
      }
      int doc =
          DocLookup.lastLive(te.postings(null, PostingsEnum.NONE), leaf.reader().getLiveDocs());
      if (doc != DocIdSetIterator.NO_MORE_DOCS) {
        return leaf.docBase + doc;
      }
    }
    return -1;
  }
}
