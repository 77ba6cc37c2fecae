package dev.duet.engine.internal.search;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.field.DocValuesType;
import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.Collapse;
import dev.duet.engine.search.HitDetails;
import dev.duet.engine.search.SearchHit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;

/**
 * Field collapsing over hits already merged in sort order across the indices: the first hit of each
 * value wins, then {@code from}/{@code size} apply to the collapsed list, as OpenSearch pages
 * collapsed results. The query phase therefore collects every match when collapsing.
 */
public final class Collapsing {
  private Collapsing() {}

  /** Checks the field on every target before any search runs. */
  static void validate(Collapse collapse, List<LuceneIndex> targets) {
    for (LuceneIndex target : targets) {
      FieldMapping field = target.lookup().leaf(collapse.field());
      if (field == null) {
        throw DuetException.illegalArgument(
            "no mapping found for `" + collapse.field() + "` in order to collapse on");
      }
      DocValuesType values = FieldTypes.of(field).docValuesType();
      if (values != DocValuesType.ORDINALS && !values.number()) {
        throw DuetException.illegalArgument(
            "unknown type for collapse field `"
                + collapse.field()
                + "`, only keywords and numbers are accepted");
      }
    }
  }

  /**
   * The page of collapsed hits; {@code values} receives each kept hit's collapse value by its
   * position in the page.
   */
  static TopDocs page(
      TopDocs all,
      int from,
      int size,
      Collapse collapse,
      List<LuceneIndex> targets,
      IndexSearcher[] searchers,
      List<Object> values)
      throws IOException {
    Set<Object> seen = new HashSet<>();
    List<ScoreDoc> kept = new ArrayList<>();
    int skipped = 0;
    for (ScoreDoc sd : all.scoreDocs) {
      if (kept.size() >= size) {
        break;
      }
      Object value =
          value(searchers[sd.shardIndex], sd.doc, collapse.field(), targets.get(sd.shardIndex));
      if (!seen.add(value == null ? NullKey.INSTANCE : value)) {
        continue;
      }
      if (skipped < from) {
        skipped++;
        continue;
      }
      kept.add(sd);
      values.add(value);
    }
    return new TopDocs(all.totalHits, kept.toArray(new ScoreDoc[0]));
  }

  /** The hits with their collapse value as the first of their {@code fields}. */
  static List<SearchHit> withValues(List<SearchHit> hits, String field, List<Object> values) {
    List<SearchHit> out = new ArrayList<>(hits.size());
    for (int i = 0; i < hits.size(); i++) {
      SearchHit hit = hits.get(i);
      HitDetails details = hit.details();
      Map<String, List<Object>> fields = new LinkedHashMap<>();
      if (values.get(i) != null) {
        // A hit without a value shows none, as OpenSearch leaves out a field without values.
        fields.put(field, List.of(values.get(i)));
      }
      details.fields().forEach(fields::putIfAbsent);
      out.add(
          hit.withDetails(
              new HitDetails(
                  fields,
                  details.highlight(),
                  details.explanation(),
                  details.node(),
                  details.versions(),
                  details.innerHits(),
                  details.nested(),
                  details.matchedQueries())));
    }
    return out;
  }

  private static Object value(IndexSearcher searcher, int doc, String field, LuceneIndex index)
      throws IOException {
    List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
    LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
    int local = doc - leaf.docBase;
    FieldMapping mapping = index.lookup().leaf(field);
    FieldType fieldType = FieldTypes.of(mapping);
    DocValuesType type = fieldType.docValuesType();
    if (type == DocValuesType.ORDINALS) {
      SortedSetDocValues values = DocValues.getSortedSet(leaf.reader(), field);
      if (!values.advanceExact(local)) {
        return null;
      }
      if (values.docValueCount() > 1) {
        throw singleValued(doc);
      }
      return fieldType.docValue(values.lookupOrd(values.nextOrd()), mapping, null);
    }
    SortedNumericDocValues values = DocValues.getSortedNumeric(leaf.reader(), field);
    if (!values.advanceExact(local)) {
      return null;
    }
    if (values.docValueCount() > 1) {
      throw singleValued(doc);
    }
    return type.decode(values.nextValue());
  }

  private static DuetException singleValued(int doc) {
    // OpenSearch fails this as an illegal state (500); a 400 says whose mistake it is.
    return DuetException.illegalArgument(
        "failed to collapse " + doc + ", the collapse field must be single valued");
  }

  /** The group of hits without a value. */
  private enum NullKey {
    INSTANCE
  }
}
