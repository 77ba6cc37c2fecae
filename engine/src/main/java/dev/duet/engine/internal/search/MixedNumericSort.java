package dev.duet.engine.internal.search;

import java.util.IdentityHashMap;
import java.util.Map;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopFieldDocs;

/**
 * Merges the indices' sorted hits when a sort key is a number of different types in different
 * indices ({@code long} in one, {@code double} in another), as OpenSearch does since 2.7: the
 * values are compared as doubles, and each hit keeps its own index's value to show.
 */
final class MixedNumericSort {
  private MixedNumericSort() {}

  /** The merged hits, or null when a key mixes a number with something that is not one. */
  static TopDocs merge(Sort sort, int from, int size, TopFieldDocs[] results) {
    SortField[] fields = sort.getSort();
    SortField[] widened = new SortField[fields.length];
    for (int i = 0; i < fields.length; i++) {
      widened[i] = numeric(fields[i]) ? widen(fields[i]) : fields[i];
    }
    Map<ScoreDoc, FieldDoc> originals = new IdentityHashMap<>();
    TopFieldDocs[] converted = new TopFieldDocs[results.length];
    for (int r = 0; r < results.length; r++) {
      TopFieldDocs docs = results[r];
      FieldDoc[] copies = new FieldDoc[docs.scoreDocs.length];
      for (int d = 0; d < copies.length; d++) {
        FieldDoc original = (FieldDoc) docs.scoreDocs[d];
        Object[] values = original.fields.clone();
        for (int i = 0; i < values.length; i++) {
          if (widened[i] != fields[i]) {
            if (values[i] != null && !(values[i] instanceof Number)) {
              return null;
            }
            values[i] = values[i] == null ? null : ((Number) values[i]).doubleValue();
          }
        }
        copies[d] = new FieldDoc(original.doc, original.score, values, original.shardIndex);
        originals.put(copies[d], original);
      }
      converted[r] = new TopFieldDocs(docs.totalHits, copies, widened);
    }
    TopDocs merged;
    try {
      merged = TopDocs.merge(new Sort(widened), from, size, converted);
    } catch (ClassCastException | IllegalArgumentException e) {
      return null;
    }
    ScoreDoc[] hits = new ScoreDoc[merged.scoreDocs.length];
    for (int i = 0; i < hits.length; i++) {
      FieldDoc original = originals.get(merged.scoreDocs[i]);
      original.shardIndex = merged.scoreDocs[i].shardIndex;
      hits[i] = original;
    }
    return new TopFieldDocs(merged.totalHits, hits, fields);
  }

  private static boolean numeric(SortField field) {
    SortField.Type type =
        field instanceof org.apache.lucene.search.SortedNumericSortField n
            ? n.getNumericType()
            : field.getType();
    return type == SortField.Type.LONG
        || type == SortField.Type.INT
        || type == SortField.Type.DOUBLE
        || type == SortField.Type.FLOAT;
  }

  private static SortField widen(SortField field) {
    SortField out = new SortField(field.getField(), SortField.Type.DOUBLE, field.getReverse());
    if (field.getMissingValue() instanceof Number n) {
      out.setMissingValue(n.doubleValue());
    }
    return out;
  }
}
