package dev.duet.engine.internal.sort;

import org.apache.lucene.util.BytesRef;

/** A hit's sort values as OpenSearch returns them. */
public final class SortValues {
  private SortValues() {}

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
