package dev.duet.engine.internal.agg;

import org.apache.lucene.internal.hppc.LongArrayList;
import org.apache.lucene.internal.hppc.LongIntHashMap;
import org.apache.lucene.internal.hppc.LongObjectHashMap;

/**
 * Maps (owning bucket, key) to a dense bucket ordinal, the key being a long (a term id, a number, a
 * rounded date). Allocates only when a new owning bucket is seen; the top level (owning bucket 0)
 * skips the outer lookup.
 */
final class BucketOrds {
  private final LongIntHashMap top = new LongIntHashMap();
  private final LongObjectHashMap<LongIntHashMap> nested = new LongObjectHashMap<>();
  private final LongArrayList keys = new LongArrayList();

  /** The ordinal of the key in the owning bucket, created on first sight. */
  int add(long owningBucket, long key) {
    LongIntHashMap map = owningBucket == 0 ? top : nested(owningBucket);
    int index = map.indexOf(key);
    if (map.indexExists(index)) {
      return map.indexGet(index);
    }
    int ord = keys.size();
    keys.add(key);
    map.indexInsert(index, key, ord);
    return ord;
  }

  private LongIntHashMap nested(long owningBucket) {
    LongIntHashMap map = nested.get(owningBucket);
    if (map == null) {
      map = new LongIntHashMap();
      nested.put(owningBucket, map);
    }
    return map;
  }

  /** The keys and ordinals of one owning bucket; null when it has none. */
  LongIntHashMap of(long owningBucket) {
    if (owningBucket < 0) {
      return null;
    }
    return owningBucket == 0 ? top : nested.get(owningBucket);
  }

  /** How many ordinals were handed out, over every owning bucket. */
  int size() {
    return keys.size();
  }

  long key(int ord) {
    return keys.get(ord);
  }
}
