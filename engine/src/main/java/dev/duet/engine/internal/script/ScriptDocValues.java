package dev.duet.engine.internal.script;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.AbstractList;
import java.util.Arrays;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.util.NumericUtils;

/**
 * One field's values in the current document, as {@code doc['field']} shows them to a script
 * (OpenSearch's {@code ScriptDocValues}): a list, sorted as doc values sort them, with {@code
 * value} the first.
 */
public abstract class ScriptDocValues<T> extends AbstractList<T> {
  private final String field;

  ScriptDocValues(String field) {
    this.field = field;
  }

  /** Moves to a document of the segment, in increasing order. */
  abstract void setNextDocId(int doc) throws IOException;

  /** {@code doc['f'].value}: the first value; fails as OpenSearch's does when there is none. */
  public T getValue() {
    if (isEmpty()) {
      throw new IllegalStateException(
          "A document doesn't have a value for a field! Use doc["
              + field
              + "].size()==0 to check if a document is missing a field!");
    }
    return get(0);
  }

  void checkIndex(int index) {
    if (index < 0 || index >= size()) {
      throw new IndexOutOfBoundsException("Index " + index + " out of bounds for length " + size());
    }
  }

  /** Sorted numerics read as raw longs, decoded by the subclass. */
  abstract static class Numeric<T> extends ScriptDocValues<T> {
    private final SortedNumericDocValues values;
    long[] raw = new long[1];
    int count;

    Numeric(String field, SortedNumericDocValues values) {
      super(field);
      this.values = values;
    }

    @Override
    final void setNextDocId(int doc) throws IOException {
      count = 0;
      if (values != null && values.advanceExact(doc)) {
        count = values.docValueCount();
        if (raw.length < count) {
          raw = Arrays.copyOf(raw, Math.max(count, raw.length * 2));
        }
        for (int i = 0; i < count; i++) {
          raw[i] = values.nextValue();
        }
      }
    }

    @Override
    public final int size() {
      return count;
    }
  }

  /** Whole numbers ({@code long}, {@code integer}, ...). */
  public static final class Longs extends Numeric<Long> {
    @Override
    public Long getValue() {
      return super.getValue();
    }

    Longs(String field, SortedNumericDocValues values) {
      super(field, values);
    }

    @Override
    public Long get(int index) {
      checkIndex(index);
      return raw[index];
    }
  }

  /** Floating-point numbers, kept as sortable longs or ints. */
  public static final class Doubles extends Numeric<Double> {
    @Override
    public Double getValue() {
      return super.getValue();
    }

    private final boolean floats;

    Doubles(String field, SortedNumericDocValues values, boolean floats) {
      super(field, values);
      this.floats = floats;
    }

    @Override
    public Double get(int index) {
      checkIndex(index);
      return floats
          ? (double) NumericUtils.sortableIntToFloat((int) raw[index])
          : NumericUtils.sortableLongToDouble(raw[index]);
    }
  }

  /** Booleans, kept as 0 and 1. */
  public static final class Booleans extends Numeric<Boolean> {
    @Override
    public Boolean getValue() {
      return super.getValue();
    }

    Booleans(String field, SortedNumericDocValues values) {
      super(field, values);
    }

    @Override
    public Boolean get(int index) {
      checkIndex(index);
      return raw[index] != 0;
    }
  }

  /** Dates, kept as epoch millis (or nanos), shown as UTC {@code ZonedDateTime}s. */
  public static final class Dates extends Numeric<ZonedDateTime> {
    @Override
    public ZonedDateTime getValue() {
      return super.getValue();
    }

    private final boolean nanos;

    Dates(String field, SortedNumericDocValues values, boolean nanos) {
      super(field, values);
      this.nanos = nanos;
    }

    @Override
    public ZonedDateTime get(int index) {
      checkIndex(index);
      long v = raw[index];
      Instant instant =
          nanos
              ? Instant.ofEpochSecond(
                  Math.floorDiv(v, 1_000_000_000L), Math.floorMod(v, 1_000_000_000L))
              : Instant.ofEpochMilli(v);
      return ZonedDateTime.ofInstant(instant, ZoneOffset.UTC);
    }
  }

  /** Terms ({@code keyword}), by ordinal. */
  public static final class Strings extends ScriptDocValues<String> {
    @Override
    public String getValue() {
      return super.getValue();
    }

    private final SortedSetDocValues values;
    private long[] ords = new long[1];
    private int count;

    Strings(String field, SortedSetDocValues values) {
      super(field);
      this.values = values;
    }

    @Override
    void setNextDocId(int doc) throws IOException {
      count = 0;
      if (values != null && values.advanceExact(doc)) {
        count = values.docValueCount();
        if (ords.length < count) {
          ords = Arrays.copyOf(ords, Math.max(count, ords.length * 2));
        }
        for (int i = 0; i < count; i++) {
          ords[i] = values.nextOrd();
        }
      }
    }

    @Override
    public String get(int index) {
      checkIndex(index);
      try {
        return values.lookupOrd(ords[index]).utf8ToString();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public int size() {
      return count;
    }
  }
}
