package dev.duet.engine.internal.sort;

import org.apache.lucene.search.SortedNumericSelector;
import org.apache.lucene.search.SortedNumericSortField;

/**
 * A plain sort key on {@code unsigned_long} values: Lucene sorts their sign-flipped longs (see
 * {@link dev.duet.engine.internal.field.DocValuesType#UNSIGNED}), whose order is the values'; the
 * key tells {@link SortValues} and {@code search_after} to translate between the two.
 */
public final class UnsignedSortField extends SortedNumericSortField {
  UnsignedSortField(String field, boolean reverse, SortedNumericSelector.Type selector) {
    super(field, Type.LONG, reverse, selector);
  }
}
