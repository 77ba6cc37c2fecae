package dev.duet.engine.internal.agg;

import java.io.IOException;
import java.util.Collection;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.internal.hppc.LongHashSet;
import org.apache.lucene.internal.hppc.LongIntHashMap;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;

/**
 * The background frequencies of numeric {@code significant_terms} keys: how many live documents of
 * the searched indices hold each value, as OpenSearch counts them with a term query. Values are
 * counted over the field's doc values in one pass for all values not yet known, and remembered, so
 * that many owning buckets cost one pass each time new values show up.
 */
final class NumericBackground {
  private final String field;
  private final Collection<IndexReader> readers;
  private final LongIntHashMap counts = new LongIntHashMap();

  NumericBackground(String field, Collection<IndexReader> readers) {
    this.field = field;
    this.readers = readers;
  }

  /** Makes sure every value in {@code values} has its count. */
  void count(long[] values, int length) throws IOException {
    LongHashSet wanted = new LongHashSet();
    for (int i = 0; i < length; i++) {
      if (!counts.containsKey(values[i])) {
        wanted.add(values[i]);
      }
    }
    if (wanted.isEmpty()) {
      return;
    }
    for (long v : wanted.toArray()) {
      counts.put(v, 0);
    }
    for (IndexReader reader : readers) {
      for (LeafReaderContext leaf : reader.leaves()) {
        SortedNumericDocValues dv = DocValues.getSortedNumeric(leaf.reader(), field);
        Bits live = leaf.reader().getLiveDocs();
        for (int doc = dv.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = dv.nextDoc()) {
          if (live != null && !live.get(doc)) {
            continue;
          }
          long previous = 0;
          for (int i = 0; i < dv.docValueCount(); i++) {
            long v = dv.nextValue();
            // Values come sorted: a document counts once per distinct value.
            if ((i == 0 || v != previous) && wanted.contains(v)) {
              counts.addTo(v, 1);
            }
            previous = v;
          }
        }
      }
    }
  }

  /** The count of a value passed to {@link #count} before. */
  long of(long value) {
    return counts.get(value);
  }
}
