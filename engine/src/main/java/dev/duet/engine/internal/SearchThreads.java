package dev.duet.engine.internal;

import java.io.Closeable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherFactory;

/**
 * The threads that let one search read several slices of a large index at once (Lucene's concurrent
 * search: a slice is up to 250,000 documents or 5 segments, so an index below that is one slice and
 * searched on the calling thread alone). A single client's search over a million documents then
 * uses every core instead of one, the way OpenSearch's concurrent segment search does. The calling
 * thread works on the slices too, so a search never waits behind a busy pool.
 *
 * <p>Collectors that hold one state for the whole search (aggregations, {@code terminate_after})
 * take a {@link #sequential} view of the same reader.
 */
public final class SearchThreads implements Closeable {
  private final ExecutorService pool;
  private final SearcherFactory factory;

  SearchThreads(int threads) {
    this.pool =
        Executors.newFixedThreadPool(
            threads, Thread.ofPlatform().name("duet-search-", 0).daemon(true).factory());
    this.factory =
        new SearcherFactory() {
          @Override
          public IndexSearcher newSearcher(IndexReader reader, IndexReader previous) {
            return new IndexSearcher(reader, pool);
          }
        };
  }

  /** Builds every searcher of an index's {@link org.apache.lucene.search.SearcherManager}. */
  SearcherFactory factory() {
    return factory;
  }

  /** The same reader, similarity and query cache, searched slice after slice on this thread. */
  public static IndexSearcher sequential(IndexSearcher searcher) {
    if (searcher.getSlices().length <= 1) {
      return searcher;
    }
    IndexSearcher one = new IndexSearcher(searcher.getIndexReader());
    one.setSimilarity(searcher.getSimilarity());
    one.setQueryCache(searcher.getQueryCache());
    one.setQueryCachingPolicy(searcher.getQueryCachingPolicy());
    return one;
  }

  @Override
  public void close() {
    pool.shutdown();
  }
}
