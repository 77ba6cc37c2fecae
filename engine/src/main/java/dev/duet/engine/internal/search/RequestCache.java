package dev.duet.engine.internal.search;

import dev.duet.engine.internal.meta.IndexSettingsRules;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.IndexSearcher;

/**
 * OpenSearch's shard request cache, for the node: whole search responses keyed by the request and
 * the exact readers it ran on, so a repeated {@code size: 0} search (aggregations, counts) is
 * answered without touching the index. A refresh that changes an index opens a new reader, which
 * makes every entry of the old one unreachable; entries go when their reader closes, and least
 * recently used entries go when the estimated size passes the bound ({@code
 * indices.requests.cache.size}, 1% of the heap by default, as in OpenSearch).
 *
 * <p>What is cached follows OpenSearch's {@code IndicesService#canCache}: with no {@code
 * request_cache} parameter, {@code size: 0} searches on indices whose {@code
 * index.requests.cache.enable} is true (the default); {@code request_cache=true} caches any size,
 * {@code false} none. A search whose answer depends on the clock ({@code now} in date math, {@code
 * random_score} without a seed) is never stored.
 */
public final class RequestCache {
  private static final long ENTRY_OVERHEAD = 256;

  private final long maxBytes;
  private final LinkedHashMap<Key, Entry> entries = new LinkedHashMap<>(64, 0.75f, true);
  private final Set<IndexReader.CacheKey> watched = ConcurrentHashMap.newKeySet();
  private final LongAdder hits = new LongAdder();
  private final LongAdder misses = new LongAdder();
  private final LongAdder evictions = new LongAdder();
  private long bytes;

  RequestCache(long maxBytes) {
    if (maxBytes < 0) {
      throw new IllegalArgumentException("maxBytes: " + maxBytes + " (expected: >= 0)");
    }
    this.maxBytes = maxBytes;
  }

  /** OpenSearch's default bound: 1% of the heap. */
  public static RequestCache withDefaultSize() {
    return new RequestCache(Runtime.getRuntime().maxMemory() / 100);
  }

  /**
   * Whether the cache could hold an answer to {@code request} at all, judged from the request
   * alone: false spares a lookup the index resolution and searcher acquisition that {@link #key}
   * needs (a plain {@code size: 10} search is never cached). The index setting is checked later.
   */
  boolean mayHold(SearchRequest request) {
    Boolean flag = request.options().requestCache();
    return maxBytes != 0 && !Boolean.FALSE.equals(flag) && (flag != null || request.size() == 0);
  }

  /** The key of a search over these searchers, or null when the search may not be cached. */
  Key key(
      List<LuceneIndex> targets,
      IndexSearcher[] searchers,
      List<Query> aliasFilters,
      SearchRequest request) {
    Boolean flag = request.options().requestCache();
    if (maxBytes == 0 || Boolean.FALSE.equals(flag)) {
      return null;
    }
    if (flag == null) {
      if (request.size() != 0) {
        return null;
      }
      for (LuceneIndex target : targets) {
        String enabled = target.metadata().settings().get(IndexSettingsRules.REQUESTS_CACHE_ENABLE);
        if (enabled != null && !Boolean.parseBoolean(enabled)) {
          return null;
        }
      }
    }
    List<IndexReader.CacheKey> readers = new ArrayList<>(searchers.length);
    for (IndexSearcher searcher : searchers) {
      IndexReader.CacheHelper helper = searcher.getIndexReader().getReaderCacheHelper();
      if (helper == null) {
        return null;
      }
      IndexReader.CacheKey readerKey = helper.getKey();
      if (watched.add(readerKey)) {
        // Entries of a closed reader can never be hit again: drop them with it.
        helper.addClosedListener(this::dropReader);
      }
      readers.add(readerKey);
    }
    return new Key(readers, aliasFilters, request);
  }

  /**
   * The cached response, or null without counting a miss: for a lookup that is tried first and
   * followed, on a miss, by the search's own {@link #get}.
   */
  SearchResponse getIfPresent(Key key) {
    Entry entry;
    synchronized (entries) {
      entry = entries.get(key);
    }
    if (entry == null) {
      return null;
    }
    hits.increment();
    return entry.response;
  }

  /** The cached response, or null. */
  SearchResponse get(Key key) {
    Entry entry;
    synchronized (entries) {
      entry = entries.get(key);
    }
    if (entry == null) {
      misses.increment();
      return null;
    }
    hits.increment();
    return entry.response;
  }

  /** Stores a response computed for {@code key}, unless the search read the clock. */
  void put(Key key, SearchResponse response, boolean readClock) {
    if (readClock) {
      return;
    }
    long size = estimate(key, response);
    if (size > maxBytes) {
      return;
    }
    synchronized (entries) {
      Entry previous = entries.put(key, new Entry(response, size));
      bytes += size - (previous == null ? 0 : previous.bytes);
      Iterator<Entry> eldest = entries.values().iterator();
      while (bytes > maxBytes && eldest.hasNext()) {
        bytes -= eldest.next().bytes;
        eldest.remove();
        evictions.increment();
      }
    }
  }

  /** A cached response as a new answer: only {@code took} is this search's own. */
  static SearchResponse retimed(SearchResponse cached, long tookMillis) {
    return new SearchResponse(
        tookMillis,
        cached.timedOut(),
        cached.totalShards(),
        cached.totalHits(),
        cached.maxScore(),
        cached.hits(),
        cached.aggregations(),
        cached.terminatedEarly());
  }

  /** Statistics of the cache: entries, estimated bytes, hits, misses, evictions. */
  public Stats stats() {
    synchronized (entries) {
      return new Stats(entries.size(), bytes, hits.sum(), misses.sum(), evictions.sum());
    }
  }

  /** Drops every entry (an index was deleted or closed, or {@code _cache/clear}). */
  public void clear() {
    synchronized (entries) {
      entries.clear();
      bytes = 0;
    }
  }

  private void dropReader(IndexReader.CacheKey reader) {
    watched.remove(reader);
    synchronized (entries) {
      Iterator<Map.Entry<Key, Entry>> it = entries.entrySet().iterator();
      while (it.hasNext()) {
        Map.Entry<Key, Entry> e = it.next();
        if (e.getKey().readers.contains(reader)) {
          bytes -= e.getValue().bytes;
          it.remove();
        }
      }
    }
  }

  private static long estimate(Key key, SearchResponse response) {
    long size = ENTRY_OVERHEAD + 2L * key.request.toString().length();
    size += 2L * response.aggregations().toString().length();
    for (SearchHit hit : response.hits()) {
      size += ENTRY_OVERHEAD + (hit.source() == null ? 0 : hit.source().length);
    }
    return size;
  }

  /** The request and the readers (by identity) it ran on. */
  record Key(List<IndexReader.CacheKey> readers, List<Query> aliasFilters, SearchRequest request) {}

  /** What {@code GET /_stats/request_cache} would report, summed over indices. */
  public record Stats(int entries, long memoryBytes, long hits, long misses, long evictions) {}

  private record Entry(SearchResponse response, long bytes) {}
}
