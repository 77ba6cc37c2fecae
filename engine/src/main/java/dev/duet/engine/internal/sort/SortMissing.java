package dev.duet.engine.internal.sort;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.search.SortSpec;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.SortedSetSelector;
import org.apache.lucene.search.SortedSetSortField;
import org.apache.lucene.util.BytesRef;

/**
 * Where a sort key puts documents without a value ({@code missing}): last by default, first with
 * {@code _first}, as the type's extreme (numbers: an {@code integer} field's extremes are {@code
 * int}'s, as OpenSearch reports them), or at a value the request gives.
 */
public final class SortMissing {
  private SortMissing() {}

  /** The missing value of a numeric key: a Long, Double or Float by the field's type. */
  static Object numeric(SortSpec spec, FieldType type, boolean reverse) {
    Object custom = spec.missingValue();
    if (custom != null) {
      try {
        return type.docValuesType().parse(custom);
      } catch (NumberFormatException e) {
        // OpenSearch lets the JDK's exception through on the shard.
        throw new DuetException(400, "number_format_exception", e.getMessage());
      }
    }
    return type.sortMissing(reverse == spec.missingFirst());
  }

  /**
   * A keyword key by the smallest or largest of each document's terms ({@code selector}), missing
   * documents placed as {@code spec} says: first, last, or as if they had its value's term.
   */
  static SortField keywordSort(SortSpec spec, boolean reverse, SortedSetSelector.Type selector) {
    BytesRef term = keywordTerm(spec);
    if (term != null) {
      return MissingTermSort.of(spec.field(), reverse, selector, term);
    }
    return new SortedSetSortField(spec.field(), reverse, selector, keyword(spec, reverse));
  }

  /**
   * The term a keyword key's missing documents sort as (a number or boolean as its text), or null.
   */
  static BytesRef keywordTerm(SortSpec spec) {
    Object value = spec.missingValue();
    return value == null ? null : new BytesRef(String.valueOf(value));
  }

  /** Where a keyword key without a missing term puts documents without one: Lucene's marker. */
  static Object keyword(SortSpec spec, boolean reverse) {
    return reverse != spec.missingFirst() ? SortField.STRING_FIRST : SortField.STRING_LAST;
  }
}
