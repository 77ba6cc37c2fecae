package dev.duet.engine.internal.sort;

import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.mapping.FieldMapping;
import java.util.function.Function;
import org.apache.lucene.search.SortField;
import org.apache.lucene.util.BytesRef;

/** A hit's sort values as OpenSearch returns them. */
public final class SortValues {
  private SortValues() {}

  /**
   * One Lucene sort value of {@code key} as OpenSearch renders it: a term as its field's type shows
   * it ({@code leaf} finds the field's mapping), else as {@link #render(Object)}.
   */
  public static Object render(Object value, SortField key, Function<String, FieldMapping> leaf) {
    if (value instanceof BytesRef b && key.getField() != null) {
      FieldMapping field = leaf.apply(key.getField());
      if (field != null && !field.isObject()) {
        return FieldTypes.of(field).docValue(b, field, null);
      }
    }
    return render(value);
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
