package dev.duet.engine.internal.sort;

import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.search.NestedSort;
import java.io.IOException;
import java.util.function.Function;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.search.FieldComparator;
import org.apache.lucene.search.FieldComparatorSource;
import org.apache.lucene.search.Pruning;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.comparators.TermOrdValComparator;
import org.apache.lucene.util.BytesRef;

/**
 * A keyword sort key over nested objects: each root sorts by the smallest or largest term of its
 * candidate objects ({@link ModePicker}), compared by ordinal within a segment as Lucene compares
 * keyword sort values; a root without one sorts where {@code missing} says (a term: {@link
 * MissingTermSort}).
 */
public final class KeywordModeSort {
  private KeywordModeSort() {}

  /**
   * @param missingLast whether a root without a term sorts after all terms in their natural order
   * @param missingTerm the term a root without one sorts as, or null to place it by {@code
   *     missingLast}
   */
  static SortField of(
      String name,
      boolean max,
      boolean reverse,
      boolean missingLast,
      BytesRef missingTerm,
      NestedSort nested,
      LuceneIndex index,
      Function<dev.duet.engine.search.Query, org.apache.lucene.search.Query> filters) {
    ModePicker picker =
        ModePicker.of(
            name, max ? "max" : "min", ModePicker.NumberKind.WHOLE, nested, index, filters);
    SortField sort =
        new SortField(
            name,
            new FieldComparatorSource() {
              @Override
              public FieldComparator<?> newComparator(
                  String fieldname, int numHits, Pruning pruning, boolean reversed) {
                return new TermOrdValComparator(
                    numHits, name, missingLast, reversed, Pruning.NONE) {
                  @Override
                  protected SortedDocValues getSortedDocValues(LeafReaderContext ctx, String f)
                      throws IOException {
                    SortedDocValues picked = picked(picker, max, ctx, name);
                    return missingTerm == null
                        ? picked
                        : MissingTermSort.substitute(picked, missingTerm);
                  }
                };
              }
            },
            reverse);
    return sort;
  }

  private static SortedDocValues picked(
      ModePicker picker, boolean max, LeafReaderContext ctx, String name) throws IOException {
    SortedSetDocValues values = DocValues.getSortedSet(ctx.reader(), name);
    ModePicker.Segment segment = picker.segment(ctx);
    return new PositionedDocValues.Sorted(values.cost()) {
      private int ord = -1;

      @Override
      public boolean advanceExact(int target) throws IOException {
        if (target == doc) {
          return ord >= 0;
        }
        doc = target;
        long[] best = {-1};
        picker.forEachObject(
            segment,
            target,
            c -> {
              if (values.advanceExact(c)) {
                for (int i = 0; i < values.docValueCount(); i++) {
                  long o = values.nextOrd();
                  if (best[0] < 0 || (max ? o > best[0] : o < best[0])) {
                    best[0] = o;
                  }
                }
              }
            });
        ord = (int) best[0];
        return ord >= 0;
      }

      @Override
      public int ordValue() {
        return ord;
      }

      @Override
      public BytesRef lookupOrd(int o) throws IOException {
        return values.lookupOrd(o);
      }

      @Override
      public int getValueCount() {
        return (int) values.getValueCount();
      }
    };
  }
}
