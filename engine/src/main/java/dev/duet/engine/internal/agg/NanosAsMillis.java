package dev.duet.engine.internal.agg;

import java.io.IOException;
import org.apache.lucene.index.FilterSortedNumericDocValues;
import org.apache.lucene.index.SortedNumericDocValues;

/** A {@code date_nanos} field's doc values (epoch nanoseconds) read as epoch milliseconds. */
final class NanosAsMillis extends FilterSortedNumericDocValues {
  NanosAsMillis(SortedNumericDocValues in) {
    super(in);
  }

  @Override
  public long nextValue() throws IOException {
    return Math.floorDiv(in.nextValue(), 1_000_000L);
  }
}
