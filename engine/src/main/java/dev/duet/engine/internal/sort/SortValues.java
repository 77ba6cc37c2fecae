package dev.duet.engine.internal.sort;

import dev.duet.engine.internal.field.DocValuesType;
import org.apache.lucene.search.SortField;
import org.apache.lucene.util.BytesRef;

/** A hit's sort values as OpenSearch returns them. */
public final class SortValues {
  private SortValues() {}

  /**
   * One Lucene sort value of sort key {@code key} as OpenSearch renders it: {@code unsigned_long}
   * values as their numbers, the rest as {@link #render(Object)} says.
   */
  public static Object render(SortField key, Object value) {
    if (value instanceof Long raw && unsigned(key)) {
      return DocValuesType.unsigned(raw);
    }
    return render(value);
  }

  /** Whether {@code key} sorts {@code unsigned_long} values (their sign-flipped longs). */
  public static boolean unsigned(SortField key) {
    return key instanceof UnsignedSortField
        || key instanceof ModeSortField.Numeric n && n.unsigned();
  }

  /** One Lucene sort value as OpenSearch renders it: terms as strings, ints as longs. */
  public static Object render(Object value) {
    if (value instanceof BytesRef b) {
      return b.utf8ToString();
    }
    if (value instanceof Float f) {
      // Through the decimal form, so 1.1f is reported as 1.1 like OpenSearch's float rendering.
      return Double.parseDouble(Float.toString(f));
    }
    if (value instanceof Integer i) {
      return i.longValue();
    }
    return value;
  }
}
