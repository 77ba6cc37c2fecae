package dev.duet.engine.internal.search;

import dev.duet.engine.breaker.RequestMemory;
import dev.duet.engine.internal.document.FieldIndexer;
import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.fetch.FetchSubPhases;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.internal.sort.SortValues;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.util.BytesRef;

/**
 * The fetch phase of a search: the merged page's hits read from their indices, as OpenSearch's
 * fetch phase returns them; {@link FetchSubPhases} adds highlights, fields, inner hits and
 * explanations.
 */
final class FetchPhase {
  private static final Set<String> FETCH_FIELDS =
      Set.of(MetaFields.ID, MetaFields.SOURCE, FieldIndexer.IGNORED);

  private FetchPhase() {}

  /**
   * The hits of {@code merged}, in order: each one's index, {@code _id}, filtered {@code _source}
   * (reserved on the request's breaker), score and sort values, plus what {@code subPhases} adds;
   * the caller is checked between hits.
   */
  static List<SearchHit> fetch(
      List<LuceneIndex> targets,
      IndexSearcher[] searchers,
      TopDocs merged,
      Sort sort,
      SearchRequest request,
      FetchSubPhases subPhases,
      SearchGuard guard)
      throws IOException {
    if (merged.scoreDocs.length == 0) {
      return List.of();
    }
    StoredFields[] storedFields = new StoredFields[searchers.length];
    List<SearchHit> hits = new ArrayList<>(merged.scoreDocs.length);
    for (ScoreDoc sd : merged.scoreDocs) {
      guard.throwIfCancelled();
      int shard = sd.shardIndex;
      if (storedFields[shard] == null) {
        storedFields[shard] = searchers[shard].storedFields();
      }
      Document doc = storedFields[shard].document(sd.doc, FETCH_FIELDS);
      BytesRef stored = doc.getBinaryValue(MetaFields.SOURCE);
      RequestMemory.reserve(stored == null ? 0 : stored.length, "<fetch>");
      byte[] source = null;
      boolean idAndSource = subPhases == null || subPhases.idAndSource();
      if (stored != null && request.source().fetch() && idAndSource) {
        source =
            stored.offset == 0 && stored.length == stored.bytes.length
                ? stored.bytes
                : BytesRef.deepCopyOf(stored).bytes;
        source = request.source().apply(source);
      }
      float score = sd.score; // NaN under a field sort unless track_scores filled it in
      List<Object> sortValues = List.of();
      if (sort != null) {
        FieldDoc fd = (FieldDoc) sd;
        SortField[] keys = sort.getSort();
        Object[] values = new Object[fd.fields.length];
        for (int k = 0; k < values.length; k++) {
          values[k] = SortValues.render(fd.fields[k], keys[k], targets.get(shard).lookup()::leaf);
          if (keys[k].getType() == SortField.Type.SCORE && fd.fields[k] instanceof Float f) {
            score = f;
          }
        }
        sortValues = Collections.unmodifiableList(Arrays.asList(values));
      }
      String[] ignored = doc.getValues(FieldIndexer.IGNORED);
      String routing = idAndSource ? routing(searchers[shard], sd.doc) : null;
      hits.add(
          new SearchHit(
              targets.get(shard).name(),
              idAndSource ? doc.get(MetaFields.ID) : null,
              score,
              source,
              sortValues,
              ignored.length == 0 ? List.of() : Arrays.stream(ignored).sorted().toList(),
              subPhases == null
                  ? null
                  : subPhases.details(shard, sd.doc, doc.get(MetaFields.ID), stored),
              routing));
    }
    return hits;
  }

  /** The {@code _routing} of a searcher-wide doc, or null. */
  private static String routing(IndexSearcher searcher, int doc) throws IOException {
    List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
    LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
    return MetaFields.routing(leaf.reader(), doc - leaf.docBase);
  }
}
