package dev.duet.engine.internal.sort;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.document.NestedDocuments;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.search.NestedSort;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.join.BitSetProducer;
import org.apache.lucene.search.join.QueryBitSetProducer;
import org.apache.lucene.util.BitSet;

/**
 * Which values a sort key with a mode looks at, and the one it picks: a document's own values, or
 * those of the root's nested objects at the innermost path of a {@link NestedSort} that match its
 * filter and whose enclosing objects match theirs (the first {@code max_children} only), reduced as
 * OpenSearch's {@code MultiValueMode} reduces them. Values are exposed as the raw bits Lucene's
 * numeric comparators read.
 */
public final class ModePicker {
  private final String field;
  private final String mode;
  private final NumberKind kind;
  // Null: the document's own values.
  private final BitSetProducer roots;
  private final BitSetProducer children;
  // Per filtered enclosing level: all its objects, and those matching its filter.
  private final List<BitSetProducer[]> enclosing;
  private final Integer maxChildren;

  private ModePicker(
      String field,
      String mode,
      NumberKind kind,
      BitSetProducer roots,
      BitSetProducer children,
      List<BitSetProducer[]> enclosing,
      Integer maxChildren) {
    this.field = field;
    this.mode = mode;
    this.kind = kind;
    this.roots = roots;
    this.children = children;
    this.enclosing = enclosing;
    this.maxChildren = maxChildren;
  }

  /** How the field's sorted-numeric doc values encode a number. */
  enum NumberKind {
    WHOLE,
    DOUBLE,
    FLOAT,
    /** {@code unsigned_long}'s sign-flipped longs (see DocValuesType.UNSIGNED). */
    UNSIGNED
  }

  /** The picker for {@code nested} (null: the document's own values) on {@code index}. */
  static ModePicker of(
      String field,
      String mode,
      NumberKind kind,
      NestedSort nested,
      LuceneIndex index,
      Function<dev.duet.engine.search.Query, Query> filters) {
    if (nested == null) {
      return new ModePicker(field, mode, kind, null, null, List.of(), null);
    }
    List<BitSetProducer[]> enclosing = new ArrayList<>();
    NestedSort level = checked(nested, index);
    while (level.nested() != null) {
      if (level.maxChildren() != null) {
        throw DuetException.illegalArgument(
            "[max_children] above a deeper [nested] sort is not supported by Duet yet");
      }
      if (level.filter() != null && level.path() != null) {
        Query all = NestedDocuments.atPath(level.path());
        enclosing.add(
            new BitSetProducer[] {
              new QueryBitSetProducer(all), new QueryBitSetProducer(matching(all, level, filters))
            });
      }
      level = checked(level.nested(), index);
    }
    return new ModePicker(
        field,
        mode,
        kind,
        new QueryBitSetProducer(NestedDocuments.rootDocuments()),
        innermost(level, filters),
        enclosing,
        level.maxChildren());
  }

  /** The objects at the innermost level that match its filter; null when it has no path. */
  static BitSetProducer innermost(
      NestedSort level, Function<dev.duet.engine.search.Query, Query> filters) {
    return level.path() == null
        ? null
        : new QueryBitSetProducer(matching(NestedDocuments.atPath(level.path()), level, filters));
  }

  /** The level, once its path is known to be nested, as OpenSearch checks it on the shard. */
  static NestedSort checked(NestedSort level, LuceneIndex index) {
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
    return level;
  }

  private static Query matching(
      Query objects, NestedSort level, Function<dev.duet.engine.search.Query, Query> filters) {
    if (level.filter() == null) {
      return objects;
    }
    return new BooleanQuery.Builder()
        .add(objects, BooleanClause.Occur.FILTER)
        .add(filters.apply(level.filter()), BooleanClause.Occur.FILTER)
        .build();
  }

  /**
   * Each document's picked value on one segment, as the comparator of the field's kind reads it.
   */
  NumericDocValues values(LeafReaderContext ctx) throws IOException {
    SortedNumericDocValues values = DocValues.getSortedNumeric(ctx.reader(), field);
    Segment segment = segment(ctx);
    return new PositionedDocValues.Numeric(values.cost()) {
      private long value;

      private boolean exists;

      @Override
      public boolean advanceExact(int target) throws IOException {
        if (target == doc) {
          // Comparators ask again for the same document; doc values only move forward.
          return exists;
        }
        doc = target;
        ModeAccumulator acc = new ModeAccumulator(kind);
        if (roots == null) {
          if (values.advanceExact(target)) {
            acc.addAll(values);
          }
        } else {
          forEachObject(
              segment,
              target,
              c -> {
                if (values.advanceExact(c)) {
                  acc.addAll(values);
                }
              });
        }
        exists = acc.count() > 0;
        if (exists) {
          value = acc.pick(mode);
        }
        return exists;
      }

      @Override
      public long longValue() {
        return value;
      }
    };
  }

  /**
   * Segment-level bit sets of the roots, the candidate objects and the filtered enclosing levels.
   */
  record Segment(BitSet roots, BitSet children, BitSet[][] outer) {}

  /** The bit sets this picker's objects are found by, on one segment. */
  Segment segment(LeafReaderContext ctx) throws IOException {
    BitSet[][] outer = new BitSet[enclosing.size()][];
    for (int i = 0; i < outer.length; i++) {
      outer[i] =
          new BitSet[] {enclosing.get(i)[0].getBitSet(ctx), enclosing.get(i)[1].getBitSet(ctx)};
    }
    return new Segment(
        roots == null ? null : roots.getBitSet(ctx),
        children == null ? null : children.getBitSet(ctx),
        outer);
  }

  /** Whether this picker reads a document's own values rather than nested objects'. */
  boolean ownValues() {
    return roots == null;
  }

  /** Calls {@code action} with each candidate object of root {@code root}, in order. */
  void forEachObject(Segment segment, int root, ObjectAction action) throws IOException {
    forEachObject(segment.roots(), segment.children(), segment.outer(), root, action);
  }

  private void forEachObject(
      BitSet rootBits, BitSet childBits, BitSet[][] outer, int root, ObjectAction action)
      throws IOException {
    if (rootBits == null || childBits == null || !rootBits.get(root)) {
      return;
    }
    int start = root == 0 ? 0 : rootBits.prevSetBit(root - 1) + 1;
    int seen = 0;
    for (int c = start; c < root; c++) {
      c = childBits.nextSetBit(c);
      if (c >= root || maxChildren != null && seen >= maxChildren) {
        return;
      }
      seen++;
      if (enclosedByMatches(outer, c)) {
        action.accept(c);
      }
    }
  }

  /** What to do with one candidate object. */
  @FunctionalInterface
  interface ObjectAction {
    void accept(int object) throws IOException;
  }

  /** Whether the object's enclosing objects (one per filtered level) match their filters. */
  private static boolean enclosedByMatches(BitSet[][] outer, int object) {
    for (BitSet[] level : outer) {
      if (level[0] == null || level[1] == null) {
        return false;
      }
      // Objects precede the object that encloses them in a block.
      int parent = level[0].nextSetBit(object);
      if (parent == DocIdSetIterator.NO_MORE_DOCS || !level[1].get(parent)) {
        return false;
      }
    }
    return true;
  }
}
