package dev.duet.engine.internal.agg;

import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.util.IdentityHashMap;
import java.util.Map;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PointValues;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.CollectionTerminatedException;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.FieldExistsQuery;
import org.apache.lucene.search.IndexOrDocValuesQuery;
import org.apache.lucene.search.IndexSortSortedNumericDocValuesRangeQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.PointRangeQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.util.NumericUtils;

/**
 * OpenSearch's filter rewrite of a top-level {@code date_histogram}, {@code auto_date_histogram},
 * {@code range} or single date_histogram-source {@code composite} without sub-aggregations: when
 * the query keeps every document of a segment (or is a range on the aggregated field), the
 * segment's documents are counted per bucket from the field's points, whole BKD cells at a time,
 * instead of one document at a time from doc values. The walk is OpenSearch's (ranges sorted and
 * disjoint, one active range moving forward with the tree's values), so {@code profile} reports
 * what OpenSearch reports for it: the segments counted this way and not, and the tree's leaves and
 * inner nodes visited. Bounds are raw doc-value longs (a date's millis, a long, a double's sortable
 * bits), inclusive at both ends, which the points encode for the types that say so ({@link
 * dev.duet.engine.internal.field.FieldType#pointsEncodeDocValues}).
 */
final class FilterRewrite {
  /** OpenSearch's default {@code search.max_aggregation_rewrite_filters}. */
  static final int MAX_RANGES = 3000;

  private static final String DOC_COUNT_FIELD = "_doc_count";

  /** Receives the documents counted in one range. */
  interface Counts {
    void add(int range, long count);
  }

  /** Sorted, disjoint ranges of raw values, inclusive at both ends. */
  record Ranges(long[] lowers, long[] uppers) {
    int size() {
      return lowers.length;
    }
  }

  private final Map<AggregationTarget, long[]> queryBounds = new IdentityHashMap<>();
  private int segments;
  private int optimizedSegments;
  private int leafVisited;
  private int innerVisited;

  /**
   * Whether {@code field} of the segment's index can be counted from points at all: mapped to a
   * type whose points encode its doc values, and indexed.
   */
  static boolean countable(Segment segment, String field) {
    FieldMapping mapping = segment.target.fields().apply(field);
    return mapping != null
        && FieldTypes.of(mapping).pointsEncodeDocValues()
        && FieldTypes.of(mapping).searchable(mapping);
  }

  /**
   * The bounds of the values the segment's query can match in its whole index, when the query is
   * one OpenSearch prepares its ranges for once per shard (everything, the field's existence, or a
   * range of the field): the index's smallest and largest points, cut by the range; null otherwise,
   * or when nothing can match.
   */
  long[] queryBounds(Segment segment, String field) throws IOException {
    if (segment.query == null) {
      return null;
    }
    if (queryBounds.containsKey(segment.target)) {
      return queryBounds.get(segment.target);
    }
    long[] bounds = null;
    Query q = unwrap(segment.query.query);
    if (q instanceof MatchAllDocsQuery
        || (q instanceof FieldExistsQuery e && e.getField().equals(field))) {
      bounds = indexBounds(segment, field);
    } else if (q instanceof PointRangeQuery r
        && r.getField().equals(field)
        && r.getNumDims() == 1
        && r.getBytesPerDim() == Long.BYTES) {
      long[] index = indexBounds(segment, field);
      if (index != null) {
        long lo = Math.max(NumericUtils.sortableBytesToLong(r.getLowerPoint(), 0), index[0]);
        long hi = Math.min(NumericUtils.sortableBytesToLong(r.getUpperPoint(), 0), index[1]);
        bounds = lo > hi ? null : new long[] {lo, hi};
      }
    }
    queryBounds.put(segment.target, bounds);
    return bounds;
  }

  /**
   * The ranges of a date rounding's buckets over what the segment's query can match: prepared from
   * the query's bounds in the whole index when it is a query OpenSearch prepares them for, else
   * from the segment's own values when the query keeps all of them; null when neither holds or the
   * buckets would be more than {@link #MAX_RANGES}.
   */
  Ranges dateRanges(Segment segment, String field, Rounding rounding) throws IOException {
    long[] bounds = queryBounds(segment, field);
    Ranges ranges = bounds == null ? null : dateRanges(rounding, bounds[0], bounds[1]);
    if (ranges != null || segment.query == null || !segment.query.matchesAll(segment.context)) {
      return ranges;
    }
    bounds = segmentBounds(segment, field);
    return bounds == null ? null : dateRanges(rounding, bounds[0], bounds[1]);
  }

  /** The buckets of {@code rounding} from {@code lo} to {@code hi}, cut to them; null: too many. */
  static Ranges dateRanges(Rounding rounding, long lo, long hi) {
    int count = 0;
    for (long start = rounding.round(lo); start <= hi; start = rounding.next(start)) {
      if (++count > MAX_RANGES) {
        return null;
      }
    }
    long[] lowers = new long[count];
    long[] uppers = new long[count];
    long start = rounding.round(lo);
    for (int i = 0; i < count; i++) {
      long next = rounding.next(start);
      lowers[i] = Math.max(start, lo);
      uppers[i] = Math.min(next - 1, hi);
      start = next;
    }
    return new Ranges(lowers, uppers);
  }

  /**
   * The smallest and largest value among the documents the segment's query keeps, when they are
   * known from points: those of the whole index when the query keeps every document with the field
   * (everything, or the field's existence), else the segment's own when the query keeps all of its
   * documents; null otherwise.
   */
  long[] matchedBounds(Segment segment, String field) throws IOException {
    if (segment.query == null) {
      return null;
    }
    Query q = unwrap(segment.query.query);
    if (q instanceof MatchAllDocsQuery
        || (q instanceof FieldExistsQuery e && e.getField().equals(field))) {
      return queryBounds(segment, field);
    }
    return segment.query.matchesAll(segment.context) ? segmentBounds(segment, field) : null;
  }

  /** The smallest and largest value of the segment's points of {@code field}, or null. */
  static long[] segmentBounds(Segment segment, String field) throws IOException {
    PointValues points = segment.context.reader().getPointValues(field);
    return points == null || points.size() == 0 || points.getBytesPerDimension() != Long.BYTES
        ? null
        : new long[] {
          NumericUtils.sortableBytesToLong(points.getMinPackedValue(), 0),
          NumericUtils.sortableBytesToLong(points.getMaxPackedValue(), 0)
        };
  }

  private static long[] indexBounds(Segment segment, String field) throws IOException {
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (LeafReaderContext leaf : segment.target.searcher().getIndexReader().leaves()) {
      PointValues points = leaf.reader().getPointValues(field);
      if (points != null && points.size() > 0 && points.getBytesPerDimension() == Long.BYTES) {
        min = Math.min(min, NumericUtils.sortableBytesToLong(points.getMinPackedValue(), 0));
        max = Math.max(max, NumericUtils.sortableBytesToLong(points.getMaxPackedValue(), 0));
      }
    }
    return min > max ? null : new long[] {min, max};
  }

  private static Query unwrap(Query q) {
    while (true) {
      switch (q) {
        case ConstantScoreQuery c -> q = c.getQuery();
        case BoostQuery b -> q = b.getQuery();
        case IndexOrDocValuesQuery i -> q = i.getIndexQuery();
        case IndexSortSortedNumericDocValuesRangeQuery i -> q = i.getFallbackQuery();
        default -> {
          return q;
        }
      }
    }
  }

  /**
   * Counts the segment's values of {@code field} in {@code ranges} into {@code counts}, as
   * OpenSearch's filter rewrite does, unless the segment cannot be counted from its points (it has
   * deleted documents, documents with several values or none in the points, or {@code
   * _doc_count}s), or {@code ranges} is null. Stops once {@code maxRanges} ranges beyond the first
   * have been entered (a composite's size).
   *
   * @return whether the segment was counted
   */
  boolean tryCount(Segment segment, String field, Ranges ranges, int maxRanges, Counts counts)
      throws IOException {
    segments++;
    LeafReader reader = segment.context.reader();
    if (reader.hasDeletions()) {
      return false;
    }
    PointValues points = reader.getPointValues(field);
    if (points == null
        || points.getNumDimensions() != 1
        || points.getBytesPerDimension() != Long.BYTES
        || points.getDocCount() != points.size()) {
      return false;
    }
    if (DocValues.getNumeric(reader, DOC_COUNT_FIELD).nextDoc() != DocIdSetIterator.NO_MORE_DOCS) {
      return false;
    }
    if (ranges == null || ranges.size() == 0) {
      return false;
    }
    optimizedSegments++;
    PointValues.PointTree tree = points.getPointTree();
    long min = NumericUtils.sortableBytesToLong(tree.getMinPackedValue(), 0);
    long max = NumericUtils.sortableBytesToLong(tree.getMaxPackedValue(), 0);
    int first = firstRange(ranges, min, max);
    if (first < 0) {
      return true; // no range holds a value of this segment
    }
    Walk walk = new Walk(ranges, first, maxRanges, counts);
    try {
      traverse(tree, walk);
      walk.flush();
    } catch (CollectionTerminatedException e) {
      // every range that can hold a value has been counted
    }
    return true;
  }

  private static int firstRange(Ranges ranges, long min, long max) {
    if (ranges.lowers[0] > max) {
      return -1;
    }
    int i = 0;
    while (ranges.uppers[i] < min) {
      if (++i >= ranges.size()) {
        return -1;
      }
    }
    return i;
  }

  private void traverse(PointValues.PointTree tree, Walk walk) throws IOException {
    switch (walk.compare(tree.getMinPackedValue(), tree.getMaxPackedValue())) {
      case CELL_INSIDE_QUERY -> {
        walk.counter += tree.size();
        innerVisited++;
      }
      case CELL_CROSSES_QUERY -> {
        if (tree.moveToChild()) {
          do {
            traverse(tree, walk);
          } while (tree.moveToSibling());
          tree.moveToParent();
        } else {
          tree.visitDocValues(walk);
          leafVisited++; // as OpenSearch counts: not a leaf whose walk ended the ranges
        }
      }
      case CELL_OUTSIDE_QUERY -> {}
    }
  }

  /** OpenSearch's debug keys, once a segment has been counted from points. */
  void profileDebug(Map<String, Object> debug) {
    if (optimizedSegments > 0) {
      debug.put("optimized_segments", optimizedSegments);
      debug.put("unoptimized_segments", segments - optimizedSegments);
      debug.put("leaf_visited", leafVisited);
      debug.put("inner_visited", innerVisited);
    }
  }

  /** The active range moving forward with the values of the tree, left to right. */
  private static final class Walk implements PointValues.IntersectVisitor {
    private final Ranges ranges;
    private final int maxRanges;
    private final Counts counts;
    private int active;
    private int entered;
    long counter;

    Walk(Ranges ranges, int active, int maxRanges, Counts counts) {
      this.ranges = ranges;
      this.active = active;
      this.maxRanges = maxRanges;
      this.counts = counts;
    }

    @Override
    public PointValues.Relation compare(byte[] minPacked, byte[] maxPacked) {
      long min = NumericUtils.sortableBytesToLong(minPacked, 0);
      long max = NumericUtils.sortableBytesToLong(maxPacked, 0);
      if (min > ranges.uppers[active]) {
        flush();
        if (advance(min)) {
          throw new CollectionTerminatedException();
        }
      }
      if (max < ranges.lowers[active]) {
        return PointValues.Relation.CELL_OUTSIDE_QUERY;
      }
      return within(min) && within(max)
          ? PointValues.Relation.CELL_INSIDE_QUERY
          : PointValues.Relation.CELL_CROSSES_QUERY;
    }

    @Override
    public void visit(int docID) {
      throw new UnsupportedOperationException("a filter rewrite visits values: " + docID);
    }

    @Override
    public void visit(int docID, byte[] packedValue) {
      if (onValue(packedValue)) {
        counter++;
      }
    }

    @Override
    public void visit(DocIdSetIterator iterator, byte[] packedValue) throws IOException {
      if (onValue(packedValue)) {
        for (int doc = iterator.nextDoc();
            doc != DocIdSetIterator.NO_MORE_DOCS;
            doc = iterator.nextDoc()) {
          counter++;
        }
      }
    }

    /** Moves to the range of a value (values come in order); whether the value is in it. */
    private boolean onValue(byte[] packedValue) {
      long value = NumericUtils.sortableBytesToLong(packedValue, 0);
      if (value > ranges.uppers[active]) {
        flush();
        if (advance(value)) {
          throw new CollectionTerminatedException();
        }
      }
      return within(value);
    }

    private boolean within(long value) {
      return value >= ranges.lowers[active] && value <= ranges.uppers[active];
    }

    /** Moves to the first range not below {@code value}; whether the walk is over. */
    private boolean advance(long value) {
      while (value > ranges.uppers[active]) {
        if (++active >= ranges.size()) {
          return true;
        }
      }
      entered++;
      return entered > maxRanges;
    }

    void flush() {
      if (counter > 0) {
        counts.add(active, counter);
        counter = 0;
      }
    }
  }
}
