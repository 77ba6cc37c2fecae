package dev.duet.engine.internal.agg;

import dev.duet.engine.search.Aggregation.BucketOrder;
import dev.duet.engine.search.AggregationResult.Bucket;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * OpenSearch's bucket orders: {@code _count}, {@code _key}, or a path into a sub-aggregation,
 * compounded in request order; a key ascending tie-break follows any order that is not by key.
 */
final class BucketOrdering {
  private BucketOrdering() {}

  static boolean readsSubAggregations(List<BucketOrder> order) {
    for (BucketOrder o : order) {
      if (!o.path().equals("_count") && !o.path().equals("_key")) {
        return true;
      }
    }
    return false;
  }

  static Comparator<Bucket> comparator(List<BucketOrder> order) {
    return comparator(order, BucketOrdering::compareKeys);
  }

  /** The comparator of {@code order}, comparing keys by {@code keys}. */
  static Comparator<Bucket> comparator(List<BucketOrder> order, Comparator<Bucket> keys) {
    Comparator<Bucket> out = null;
    boolean byKey = false;
    for (BucketOrder o : order) {
      Comparator<Bucket> one =
          switch (o.path()) {
            case "_count" -> Comparator.comparingLong(Bucket::docCount);
            case "_key" -> keys;
            default -> comparingPath(o.path());
          };
      byKey |= o.path().equals("_key");
      if (!o.ascending()) {
        one = one.reversed();
      }
      out = out == null ? one : out.thenComparing(one);
    }
    if (out == null) {
      out = Comparator.comparingLong(Bucket::docCount).reversed();
    }
    return byKey ? out : out.thenComparing(keys);
  }

  /** The buckets sorted by {@code order}, the first {@code size} of them. */
  static List<Bucket> sortAndLimit(List<Bucket> buckets, List<BucketOrder> order, int size) {
    return sortAndLimit(buckets, order, size, BucketOrdering::compareKeys);
  }

  /** The buckets sorted by {@code order} with keys compared by {@code keys}, the first size. */
  static List<Bucket> sortAndLimit(
      List<Bucket> buckets, List<BucketOrder> order, int size, Comparator<Bucket> keys) {
    List<Bucket> sorted = new ArrayList<>(buckets);
    sorted.sort(comparator(order, keys));
    return sorted.size() > size ? List.copyOf(sorted.subList(0, size)) : sorted;
  }

  private static Comparator<Bucket> comparingPath(String path) {
    return (a, b) ->
        Double.compare(
            Pipelines.resolve(a.subAggregations(), path, a.docCount()),
            Pipelines.resolve(b.subAggregations(), path, b.docCount()));
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  static int compareKeys(Bucket a, Bucket b) {
    Object x = a.key();
    Object y = b.key();
    if (x instanceof Number n && y instanceof Number m) {
      return x instanceof Long && y instanceof Long
          ? Long.compare(n.longValue(), m.longValue())
          : Double.compare(n.doubleValue(), m.doubleValue());
    }
    if (x instanceof List<?> l && y instanceof List<?> r) {
      for (int i = 0; i < Math.min(l.size(), r.size()); i++) {
        int c = compareValues(l.get(i), r.get(i));
        if (c != 0) {
          return c;
        }
      }
      return Integer.compare(l.size(), r.size());
    }
    return compareValues(x, y);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compareValues(Object x, Object y) {
    if (x instanceof Number n && y instanceof Number m) {
      return Double.compare(n.doubleValue(), m.doubleValue());
    }
    if (x instanceof Comparable c && y != null && x.getClass() == y.getClass()) {
      return c.compareTo(y);
    }
    return String.valueOf(x).compareTo(String.valueOf(y));
  }
}
