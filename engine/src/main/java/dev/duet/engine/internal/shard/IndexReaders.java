package dev.duet.engine.internal.shard;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.StatsCounter;
import dev.duet.engine.internal.stats.ShardCounters;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ReferenceManager;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.AlreadyClosedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An index's searchers: leases for searches and gets, refreshes on demand and in the background
 * (each emptying the live version map of what it made searchable), and search-idle tracking.
 */
final class IndexReaders implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(IndexReaders.class);

  private final String name;
  private final SearcherManager searchers;
  private final SearchIdle searchIdle = new SearchIdle();
  private final ShardCounters counters;

  IndexReaders(
      String name,
      IndexWriter writer,
      LiveVersionMap versions,
      ShardCounters counters,
      Supplier<Map<String, String>> fieldAliases)
      throws IOException {
    this.name = name;
    this.counters = counters;
    // Field aliases are read through the readers themselves (AliasFieldsReader).
    this.searchers =
        new SearcherManager(
            AliasFieldsReader.wrap(DirectoryReader.open(writer), fieldAliases), null);
    searchers.addListener(
        new ReferenceManager.RefreshListener() {
          @Override
          public void beforeRefresh() {
            versions.beforeRefresh();
          }

          @Override
          public void afterRefresh(boolean didRefresh) {
            versions.afterRefresh();
            if (didRefresh) {
              counters.increment(StatsCounter.WARMER_TOTAL); // a new reader, as OpenSearch warms
            }
          }
        });
  }

  SearchIdle searchIdle() {
    return searchIdle;
  }

  /** Makes every acknowledged write visible to search before returning. */
  void refresh() {
    long start = System.nanoTime();
    try {
      searchers.maybeRefreshBlocking();
      long took = System.nanoTime() - start;
      counters.increment(StatsCounter.REFRESH_TOTAL);
      counters.add(StatsCounter.REFRESH_TIME, took);
      counters.increment(StatsCounter.REFRESH_EXTERNAL_TOTAL);
      counters.add(StatsCounter.REFRESH_EXTERNAL_TIME, took);
    } catch (AlreadyClosedException e) {
      throw DuetException.indexNotFound(name);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A refresh off the request path: failures are logged, a closed index ignored. */
  void backgroundRefresh() {
    long start = System.nanoTime();
    try {
      if (searchers.maybeRefresh()) {
        counters.increment(StatsCounter.REFRESH_TOTAL);
        counters.add(StatsCounter.REFRESH_TIME, System.nanoTime() - start);
      }
    } catch (AlreadyClosedException e) {
      // The index was closed or deleted while this refresh was queued.
    } catch (IOException | RuntimeException e) {
      LOG.warn("refresh of index [{}] failed", name, e);
    }
  }

  /** The searcher of a search: if the index was search-idle, it refreshes first. */
  IndexSearcher acquireSearcher() {
    if (searchIdle.searched()) {
      counters.increment(StatsCounter.SEARCH_IDLE_REACTIVATE_TOTAL);
      refresh();
    }
    return currentSearcher();
  }

  /** The current searcher without blocking, or null when a search must refresh first. */
  IndexSearcher acquireSearcherIfRefreshed() {
    return searchIdle.searchedWithoutRefresh() ? currentSearcher() : null;
  }

  /** The current searcher, no refresh and no search counted (stats, gets). */
  IndexSearcher currentSearcher() {
    try {
      return searchers.acquire();
    } catch (AlreadyClosedException e) {
      throw DuetException.indexNotFound(name);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The current searcher, failures as they come (the write path's id look-ups). */
  IndexSearcher acquire() throws IOException {
    return searchers.acquire();
  }

  /** Returns a searcher from any of the acquire methods. */
  void release(IndexSearcher searcher) throws IOException {
    searchers.release(searcher);
  }

  /** Returns a searcher, failures unchecked. */
  void releaseSearcher(IndexSearcher searcher) {
    try {
      searchers.release(searcher);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() throws IOException {
    searchers.close();
  }
}
