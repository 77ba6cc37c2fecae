package dev.duet.engine.internal.sort;

import dev.duet.engine.internal.field.DocValuesType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.mapping.FieldMapping;
import java.util.function.Function;
import org.apache.lucene.search.SortField;
import org.apache.lucene.util.BytesRef;

/** A hit's sort values as OpenSearch returns them. */
public final class SortValues {
  private SortValues() {}

  /**
   * One Lucene sort value of {@code key} as OpenSearch renders it: {@code unsigned_long} values as
   * their numbers, a term as its field's type shows it ({@code leaf} finds the field's mapping),
   * else as {@link #render(Object)}.
   */
  public static Object render(Object value, SortField key, Function<String, FieldMapping> leaf) {
    if (value instanceof Long raw && unsigned(key)) {
      return DocValuesType.unsigned(raw);
    }
    if (value instanceof BytesRef b && key.getField() != null) {
      FieldMapping field = leaf.apply(key.getField());
      if (field != null && !field.isObject()) {
        return FieldTypes.of(field).docValue(b, field, null);
      }
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
