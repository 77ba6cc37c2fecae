package dev.duet.engine.internal.sort;

import java.io.IOException;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.search.FieldComparator;
import org.apache.lucene.search.FieldComparatorSource;
import org.apache.lucene.search.Pruning;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.SortedSetSelector;
import org.apache.lucene.search.comparators.TermOrdValComparator;
import org.apache.lucene.util.BytesRef;

/**
 * A keyword sort key whose {@code missing} is a value: a document without a term sorts, and reports
 * its sort value, as if it had that term, as OpenSearch does. Lucene's keyword sorts only place
 * missing documents first or last, so the term is slotted into each segment's ordinals instead
 * ({@link #substitute}): compared by ordinal like any other term, and found by {@code search_after}
 * like one.
 */
public final class MissingTermSort {
  private MissingTermSort() {}

  /**
   * The sort of {@code name}'s smallest or largest term ({@code selector}), missing as {@code
   * term}.
   */
  static SortField of(
      String name, boolean reverse, SortedSetSelector.Type selector, BytesRef term) {
    return new SortField(
        name,
        new FieldComparatorSource() {
          @Override
          public FieldComparator<?> newComparator(
              String fieldname, int numHits, Pruning pruning, boolean reversed) {
            // No pruning: the competitive iterator would walk the field's own terms, not these.
            return new TermOrdValComparator(numHits, name, true, reversed, Pruning.NONE) {
              @Override
              protected SortedDocValues getSortedDocValues(LeafReaderContext ctx, String f)
                  throws IOException {
                SortedDocValues own =
                    SortedSetSelector.wrap(DocValues.getSortedSet(ctx.reader(), name), selector);
                return substitute(own, term);
              }
            };
          }
        },
        reverse);
  }

  /**
   * {@code values} with {@code term} given to every document that has none: the term's own ordinal
   * when the segment has it, else a new one at its place in term order (later ordinals shift up by
   * one).
   */
  static SortedDocValues substitute(SortedDocValues values, BytesRef term) throws IOException {
    int found = values.lookupTerm(term);
    boolean present = found >= 0;
    int termOrd = present ? found : -found - 1;
    return new PositionedDocValues.Sorted(values.cost()) {
      private int ord;

      @Override
      public boolean advanceExact(int target) throws IOException {
        doc = target;
        if (!values.advanceExact(target)) {
          ord = termOrd;
        } else {
          int own = values.ordValue();
          ord = present || own < termOrd ? own : own + 1;
        }
        return true;
      }

      @Override
      public int ordValue() {
        return ord;
      }

      @Override
      public BytesRef lookupOrd(int o) throws IOException {
        if (present || o < termOrd) {
          return values.lookupOrd(o);
        }
        return o == termOrd ? term : values.lookupOrd(o - 1);
      }

      @Override
      public int getValueCount() {
        return values.getValueCount() + (present ? 0 : 1);
      }
    };
  }
}
