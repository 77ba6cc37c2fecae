package dev.duet.engine.internal.session;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.StatsCounter;
import dev.duet.engine.internal.search.SearchPhase;
import dev.duet.engine.internal.search.SearcherSource;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.internal.stats.ShardCounters;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;

/**
 * Searchers held open on fixed readers of some indices, for a point in time or a scroll: every
 * search through the lease sees the same documents, however the indices change. The readers are
 * released once, by {@link #close} or, index by index, by {@link #indexDeleted}; searches hold a
 * read lock, so a release waits for the searches running on the readers it closes.
 */
public final class ReaderLease {
  private final List<LuceneIndex> targets;
  private final List<Query> aliasFilters;
  private final IndexSearcher[] searchers;
  private final ReadWriteLock lock = new ReentrantReadWriteLock();
  private boolean closed;
  // A scroll or a point in time, counted on each target from open to release, as OpenSearch's
  // search stats count a reader context (scroll_* or point_in_time_*, and open_contexts).
  private final StatsCounter current;
  private final StatsCounter total;
  private final StatsCounter time;
  private final long opened = System.nanoTime();

  /**
   * Acquires each target's current searcher for a scroll or a point in time; releases what it took
   * if one fails.
   */
  ReaderLease(List<LuceneIndex> targets, List<Query> aliasFilters, boolean scroll) {
    this.current = scroll ? StatsCounter.SCROLL_CURRENT : StatsCounter.PIT_CURRENT;
    this.total = scroll ? StatsCounter.SCROLL_TOTAL : StatsCounter.PIT_TOTAL;
    this.time = scroll ? StatsCounter.SCROLL_TIME : StatsCounter.PIT_TIME;
    this.targets = List.copyOf(targets);
    this.aliasFilters = new ArrayList<>(aliasFilters);
    this.searchers = new IndexSearcher[targets.size()];
    try {
      for (int i = 0; i < searchers.length; i++) {
        searchers[i] = this.targets.get(i).acquireSearcher();
        this.targets.get(i).counters().increment(current);
        this.targets.get(i).counters().increment(StatsCounter.SEARCH_OPEN_CONTEXTS);
      }
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  int totalShards() {
    int shards = 0;
    for (LuceneIndex target : targets) {
      shards += target.metadata().settings().numberOfShards();
    }
    return shards;
  }

  /** The first index, named in ids so that a failure on a missing context can name it. */
  String firstIndex() {
    return targets.isEmpty() ? null : targets.get(0).name();
  }

  /**
   * Runs {@code request} on the held readers; {@code cursor} (may be null) says where the page
   * starts and learns where it ended. 404 {@code index_not_found_exception} when one of the indices
   * was deleted since the lease was taken, as OpenSearch answers for a point in time. Its
   * aggregations may return at most {@code maxBuckets} buckets, the node's {@code
   * search.max_buckets}.
   */
  SearchResponse search(SearchRequest request, Cursor cursor, int maxBuckets) {
    lock.readLock().lock();
    try {
      for (int i = 0; i < searchers.length; i++) {
        if (searchers[i] == null) {
          LuceneIndex gone = targets.get(i);
          throw new DuetException(
              404,
              "index_not_found_exception",
              "no such index [" + gone.name() + "]",
              Map.of("index", gone.name(), "index_uuid", gone.uuid()),
              null);
        }
      }
      SearcherSource source =
          new SearcherSource() {
            private int next;

            @Override
            public IndexSearcher acquire(LuceneIndex target) {
              return searchers[next++];
            }

            @Override
            public void release(LuceneIndex target, IndexSearcher searcher) {
              // held until the lease ends
            }

            @Override
            public ScoreDoc after(int shard) {
              return cursor == null ? null : cursor.after(shard);
            }

            @Override
            public void emitted(TopDocs page) {
              if (cursor != null) {
                cursor.advance(page);
              }
            }
          };
      return SearchPhase.execute(targets, aliasFilters, request, source, maxBuckets);
    } finally {
      lock.readLock().unlock();
    }
  }

  /** True when the lease holds a reader of {@code index}. */
  boolean holds(LuceneIndex index) {
    lock.readLock().lock();
    try {
      for (int i = 0; i < searchers.length; i++) {
        if (searchers[i] != null && targets.get(i) == index) {
          return true;
        }
      }
      return false;
    } finally {
      lock.readLock().unlock();
    }
  }

  /** Releases the reader of a deleted index; later searches through the lease answer 404. */
  void indexDeleted(LuceneIndex index) {
    lock.writeLock().lock();
    try {
      for (int i = 0; i < searchers.length; i++) {
        if (searchers[i] != null && targets.get(i) == index) {
          releaseQuietly(i);
        }
      }
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** Releases every reader still held; idempotent. */
  void close() {
    lock.writeLock().lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
      for (int i = 0; i < searchers.length; i++) {
        if (searchers[i] != null) {
          releaseQuietly(i);
        }
      }
    } finally {
      lock.writeLock().unlock();
    }
  }

  private void releaseQuietly(int i) {
    IndexSearcher searcher = searchers[i];
    searchers[i] = null;
    ShardCounters counters = targets.get(i).counters();
    counters.end(current, total, time, opened);
    counters.decrement(StatsCounter.SEARCH_OPEN_CONTEXTS);
    try {
      targets.get(i).releaseSearcher(searcher);
    } catch (RuntimeException e) {
      // The reader is already closed with its index; nothing is left to free.
    }
  }

  /** Where a scroll's next page starts on each target, and how it moves on. */
  interface Cursor {
    ScoreDoc after(int shard);

    void advance(TopDocs page);
  }
}
