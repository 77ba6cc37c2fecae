package dev.duet.engine.internal.query;

import java.io.IOException;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LongValues;
import org.apache.lucene.search.LongValuesSource;

/**
 * A numeric field's smallest value per document, from the sorted-numeric doc values Duet writes for
 * every number (Lucene's own {@code fromLongField} reads single-valued doc values only).
 */
public final class SortedNumericMinimum extends LongValuesSource {
  private final String field;

  SortedNumericMinimum(String field) {
    this.field = field;
  }

  @Override
  public LongValues getValues(LeafReaderContext ctx, org.apache.lucene.search.DoubleValues scores)
      throws IOException {
    SortedNumericDocValues values = DocValues.getSortedNumeric(ctx.reader(), field);
    return new LongValues() {
      @Override
      public long longValue() throws IOException {
        return values.nextValue();
      }

      @Override
      public boolean advanceExact(int doc) throws IOException {
        return values.advanceExact(doc);
      }
    };
  }

  @Override
  public boolean needsScores() {
    return false;
  }

  @Override
  public LongValuesSource rewrite(IndexSearcher searcher) {
    return this;
  }

  @Override
  public boolean isCacheable(LeafReaderContext ctx) {
    return DocValues.isCacheable(ctx, field);
  }

  @Override
  public String toString() {
    return "min(" + field + ")";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SortedNumericMinimum other && field.equals(other.field);
  }

  @Override
  public int hashCode() {
    return field.hashCode();
  }
}
