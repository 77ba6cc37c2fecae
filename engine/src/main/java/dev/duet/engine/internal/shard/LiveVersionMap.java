package dev.duet.engine.internal.shard;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The latest version of every document written since the last refresh, so that writes see versions
 * and gets see documents before search does (OpenSearch's live version map).
 *
 * <p>A refresh first moves the current entries aside ({@link #beforeRefresh}), then drops them once
 * the new searcher is published ({@link #afterRefresh}): at every instant an entry is either here
 * or visible to the current searcher. Deletes are also kept as tombstones for {@link
 * #TOMBSTONE_TTL_NANOS} so that re-creating a deleted id continues its version, as OpenSearch's
 * {@code gc_deletes} does.
 */
public final class LiveVersionMap {
  static final long TOMBSTONE_TTL_NANOS = TimeUnit.SECONDS.toNanos(60);

  /** A rough per-entry cost beside the source: map node, key, entry record. */
  static final int ENTRY_OVERHEAD_BYTES = 128;

  /**
   * One document's latest state; {@code source} is null for a delete, {@code routing} null for a
   * document stored without one.
   */
  record Entry(
      long version,
      long seqNo,
      long primaryTerm,
      byte[] source,
      long createdNanos,
      String routing) {
    Entry(long version, long seqNo, long primaryTerm, byte[] source, long createdNanos) {
      this(version, seqNo, primaryTerm, source, createdNanos, null);
    }

    boolean deleted() {
      return source == null;
    }
  }

  private volatile Map<String, Entry> current = new ConcurrentHashMap<>();
  private volatile Map<String, Entry> old = Map.of();
  private final Map<String, Entry> tombstones = new ConcurrentHashMap<>();
  // Bytes the current entries hold (their sources and an overhead each); a replaced entry stays
  // counted until the next refresh, which errs on the side of refreshing early.
  private volatile LongAdder currentBytes = new LongAdder();

  /** The latest entry for an id, or null when search's view is the latest. */
  Entry get(String id) {
    Entry e = current.get(id);
    if (e == null) {
      e = old.get(id);
    }
    if (e == null) {
      e = tombstones.get(id);
    }
    return e;
  }

  /** Records a write; callers hold the id's lock. */
  void put(String id, Entry entry) {
    current.put(id, entry);
    currentBytes.add(
        ENTRY_OVERHEAD_BYTES
            + 2L * id.length()
            + (entry.source() == null ? 0 : entry.source().length));
    if (entry.deleted()) {
      tombstones.put(id, entry);
    } else {
      tombstones.remove(id);
    }
  }

  int size() {
    return current.size();
  }

  /** Roughly the heap the entries written since the last refresh hold. */
  long ramBytes() {
    return currentBytes.sum();
  }

  void beforeRefresh() {
    old = current;
    current = new ConcurrentHashMap<>();
    currentBytes = new LongAdder();
  }

  void afterRefresh() {
    old = Map.of();
    long now = System.nanoTime();
    tombstones.values().removeIf(e -> now - e.createdNanos() > TOMBSTONE_TTL_NANOS);
  }
}
