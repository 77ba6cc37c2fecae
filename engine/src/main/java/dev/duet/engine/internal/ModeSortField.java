package dev.duet.engine.internal;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.NestedSort;
import dev.duet.engine.search.SortSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FieldComparator;
import org.apache.lucene.search.FieldComparatorSource;
import org.apache.lucene.search.LeafFieldComparator;
import org.apache.lucene.search.Pruning;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.comparators.LongComparator;
import org.apache.lucene.search.join.BitSetProducer;
import org.apache.lucene.search.join.QueryBitSetProducer;
import org.apache.lucene.util.BitSet;

/**
 * A whole-number field's sort key with a {@code mode} (min, max, sum, avg) over a document's values
 * or, with {@code nested}, over the values of its nested objects at a path (those matching the
 * filter), as OpenSearch's {@code MultiValueMode} picks them; a root without values sorts as the
 * type's extreme, last.
 */
final class ModeSortField {
  private static final java.util.Set<String> MODES =
      java.util.Set.of("min", "max", "sum", "avg", "median");

  private ModeSortField() {}

  /** Whether {@code spec} needs this sort field rather than a plain Lucene one. */
  static boolean applies(SortSpec spec) {
    return spec.mode() != null || spec.nested() != null;
  }

  static SortField of(SortSpec spec, FieldMapping field, LuceneIndex index) {
    String name = spec.field();
    boolean reverse = spec.effectiveOrder() == SortSpec.SortOrder.DESC;
    String mode = spec.mode() == null ? (reverse ? "max" : "min") : spec.mode();
    if (mode.equals("median") && spec.nested() != null || !MODES.contains(mode)) {
      throw DuetException.illegalArgument(
          "Unsupported sort mode: " + mode.toUpperCase(Locale.ROOT));
    }
    long missing =
        switch (field.type()) {
          case "long" -> reverse ? Long.MIN_VALUE : Long.MAX_VALUE;
          case "integer" -> reverse ? Integer.MIN_VALUE : Integer.MAX_VALUE;
          case "short" -> reverse ? Short.MIN_VALUE : Short.MAX_VALUE;
          case "byte" -> reverse ? Byte.MIN_VALUE : Byte.MAX_VALUE;
          default ->
              throw DuetException.illegalArgument(
                  "sort [mode] or [nested] on a field of type ["
                      + field.type()
                      + "] is not supported by Duet yet");
        };
    Picker picker = picker(name, mode, spec.nested(), index);
    return new SortField(
        name,
        new FieldComparatorSource() {
          @Override
          public FieldComparator<?> newComparator(
              String fieldname, int numHits, Pruning pruning, boolean reversed) {
            // No pruning: the field's points belong to the values, not to the picked value.
            return new LongComparator(numHits, name, missing, reversed, Pruning.NONE) {
              @Override
              public LeafFieldComparator getLeafComparator(LeafReaderContext context)
                  throws IOException {
                return new LongLeafComparator(context) {
                  @Override
                  protected NumericDocValues getNumericDocValues(LeafReaderContext ctx, String f)
                      throws IOException {
                    return picker.values(ctx);
                  }
                };
              }
            };
          }
        },
        reverse);
  }

  /**
   * The picker for {@code nested} (null: the document's own values): the candidates are the objects
   * at the innermost path that match its filter and whose enclosing objects match theirs.
   */
  private static Picker picker(String name, String mode, NestedSort nested, LuceneIndex index) {
    if (nested == null) {
      return new Picker(name, mode, null, null, List.of(), null);
    }
    List<BitSetProducer[]> enclosing = new ArrayList<>();
    NestedSort level = nested;
    while (true) {
      if (level.path() != null && !index.lookup().isNested(level.path())) {
        Map<String, String> meta = new LinkedHashMap<>();
        meta.put("index", index.name());
        meta.put("index_uuid", index.uuid());
        throw new DuetException(
            400,
            "query_shard_exception",
            "[nested] failed to find nested object under path [" + level.path() + "]",
            meta,
            null);
      }
      if (level.maxChildren() != null && level.nested() != null) {
        throw DuetException.illegalArgument(
            "[max_children] above a deeper [nested] sort is not supported by Duet yet");
      }
      if (level.nested() == null) {
        break;
      }
      if (level.filter() != null && level.path() != null) {
        Query all = NestedDocuments.atPath(level.path());
        enclosing.add(
            new BitSetProducer[] {
              new QueryBitSetProducer(all), new QueryBitSetProducer(matching(all, level, index))
            });
      }
      level = level.nested();
    }
    BitSetProducer roots = new QueryBitSetProducer(NestedDocuments.rootDocuments());
    BitSetProducer children =
        level.path() == null
            ? null
            : new QueryBitSetProducer(matching(NestedDocuments.atPath(level.path()), level, index));
    return new Picker(name, mode, roots, children, enclosing, level.maxChildren());
  }

  private static Query matching(Query objects, NestedSort level, LuceneIndex index) {
    if (level.filter() == null) {
      return objects;
    }
    return new BooleanQuery.Builder()
        .add(objects, BooleanClause.Occur.FILTER)
        .add(new QueryTranslator(index).translate(level.filter()), BooleanClause.Occur.FILTER)
        .build();
  }

  /** Picks each document's value by the mode, from its own values or its nested objects'. */
  private record Picker(
      String field,
      String mode,
      BitSetProducer roots,
      BitSetProducer children,
      List<BitSetProducer[]> enclosing,
      Integer maxChildren) {
    NumericDocValues values(LeafReaderContext ctx) throws IOException {
      SortedNumericDocValues values = DocValues.getSortedNumeric(ctx.reader(), field);
      BitSet rootBits = roots == null ? null : roots.getBitSet(ctx);
      BitSet childBits = children == null ? null : children.getBitSet(ctx);
      BitSet[][] outer = new BitSet[enclosing.size()][];
      for (int i = 0; i < outer.length; i++) {
        outer[i] =
            new BitSet[] {enclosing.get(i)[0].getBitSet(ctx), enclosing.get(i)[1].getBitSet(ctx)};
      }
      return new NumericDocValues() {
        private int doc = -1;
        private long value;

        @Override
        public boolean advanceExact(int target) throws IOException {
          doc = target;
          Accumulator acc = new Accumulator();
          if (roots == null) {
            if (values.advanceExact(target)) {
              acc.addAll(values);
            }
          } else if (rootBits != null && childBits != null && rootBits.get(target)) {
            int start = target == 0 ? 0 : rootBits.prevSetBit(target - 1) + 1;
            int seen = 0;
            for (int c = start; c < target; c++) {
              c = childBits.nextSetBit(c);
              if (c >= target || maxChildren != null && seen >= maxChildren) {
                break;
              }
              seen++;
              if (enclosedByMatches(outer, c) && values.advanceExact(c)) {
                acc.addAll(values);
              }
            }
          }
          if (acc.count == 0) {
            return false;
          }
          value = acc.pick(mode);
          return true;
        }

        /** Whether the object's enclosing objects (one per filtered level) match their filter. */
        private boolean enclosedByMatches(BitSet[][] outer, int object) {
          for (BitSet[] level : outer) {
            if (level[0] == null || level[1] == null) {
              return false;
            }
            int parent = level[0].nextSetBit(object);
            if (parent == org.apache.lucene.search.DocIdSetIterator.NO_MORE_DOCS
                || !level[1].get(parent)) {
              return false;
            }
          }
          return true;
        }

        @Override
        public long longValue() {
          return value;
        }

        @Override
        public int docID() {
          return doc;
        }

        @Override
        public int nextDoc() {
          throw new UnsupportedOperationException();
        }

        @Override
        public int advance(int target) {
          throw new UnsupportedOperationException();
        }

        @Override
        public long cost() {
          return values.cost();
        }
      };
    }
  }

  /** The values seen for one document, reduced as OpenSearch's modes reduce them. */
  private static final class Accumulator {
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    long total;
    int count;
    // A document's own values, in order, for the median (never over nested objects).
    long[] own = new long[0];

    void addAll(SortedNumericDocValues values) throws IOException {
      own = new long[values.docValueCount()];
      for (int i = 0; i < own.length; i++) {
        long v = values.nextValue();
        own[i] = v;
        min = Math.min(min, v);
        max = Math.max(max, v);
        total += v;
        count++;
      }
    }

    private long median() {
      int mid = own.length / 2;
      return own.length % 2 == 1 ? own[mid] : Math.round((own[mid - 1] + own[mid]) / 2.0);
    }

    long pick(String mode) {
      return switch (mode) {
        case "min" -> min;
        case "max" -> max;
        case "sum" -> total;
        case "median" -> median();
        default -> Math.round((double) total / count);
      };
    }
  }
}
