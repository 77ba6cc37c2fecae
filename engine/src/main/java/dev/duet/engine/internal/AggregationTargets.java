package dev.duet.engine.internal;

import dev.duet.engine.internal.agg.AggregationPhase;
import dev.duet.engine.internal.agg.AggregationTarget;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.agg.AggregationResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.SortField;
import org.apache.lucene.util.BytesRef;

/**
 * The bridge from a search to {@link AggregationPhase}: each searched index as an {@link
 * AggregationTarget} (mapping, query and sort translation, hit fetching by this engine's rules).
 */
final class AggregationTargets {
  private static final Set<String> FETCH_FIELDS = Set.of(DocLookup.ID, DocLookup.SOURCE);

  private AggregationTargets() {}

  /** The request's aggregations over the indices' matching documents; empty when none asked. */
  static List<AggregationResult> execute(
      List<LuceneIndex> indices, IndexSearcher[] searchers, SearchRequest request)
      throws IOException {
    if (request.aggregations().isEmpty()) {
      return List.of();
    }
    List<AggregationTarget> targets = new ArrayList<>(indices.size());
    List<Query> queries = new ArrayList<>(indices.size());
    for (int i = 0; i < indices.size(); i++) {
      LuceneIndex index = indices.get(i);
      targets.add(of(index, searchers[i]));
      queries.add(new QueryTranslator(index).translate(request.query()));
    }
    return AggregationPhase.execute(
        targets, queries, request.aggregations(), AggregationPhase.DEFAULT_MAX_BUCKETS);
  }

  static AggregationTarget of(LuceneIndex index, IndexSearcher searcher) {
    MappingLookup lookup = index.lookup();
    return new AggregationTarget(
        index.name(),
        searcher,
        lookup::leaf,
        q -> new QueryTranslator(index).translate(q),
        specs -> SortBuilder.build(specs, index),
        (sd, sort, source) -> {
          Document doc = searcher.storedFields().document(sd.doc, FETCH_FIELDS);
          BytesRef stored = doc.getBinaryValue(DocLookup.SOURCE);
          byte[] bytes = null;
          if (stored != null && source.fetch()) {
            bytes = SourceFiltering.filter(BytesRef.deepCopyOf(stored).bytes, source);
          }
          float score = sd.score;
          List<Object> sortValues = List.of();
          if (sd instanceof FieldDoc fd) {
            score = Float.NaN;
            SortField[] keys = sort.getSort();
            Object[] values = new Object[fd.fields.length];
            for (int k = 0; k < values.length; k++) {
              values[k] = SearchPhase.sortValue(fd.fields[k]);
              if (keys[k].getType() == SortField.Type.SCORE && fd.fields[k] instanceof Float f) {
                score = f;
              }
            }
            sortValues = Collections.unmodifiableList(Arrays.asList(values));
          }
          return new SearchHit(index.name(), doc.get(DocLookup.ID), score, bytes, sortValues);
        });
  }
}
