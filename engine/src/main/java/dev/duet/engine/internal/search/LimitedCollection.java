package dev.duet.engine.internal.search;

import dev.duet.engine.search.QueryControls;
import dev.duet.engine.search.SearchProfile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.sandbox.search.QueryProfilerIndexSearcher;
import org.apache.lucene.search.CollectionTerminatedException;
import org.apache.lucene.search.Collector;
import org.apache.lucene.search.CollectorManager;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.FilterCollector;
import org.apache.lucene.search.FilterLeafCollector;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LeafCollector;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopFieldDocs;
import org.apache.lucene.search.TotalHits;

/**
 * One index's query phase under {@link QueryControls}: {@code terminate_after} as OpenSearch's
 * early-terminating collector (a document past the limit ends collection and marks the search
 * terminated early), {@code timeout} and the caller's presence through the {@link SearchGuard} of
 * the searcher it is given (which the shared searcher never carries).
 */
public final class LimitedCollection {
  private final QueryControls limits;
  private final SearchGuard guard;
  private final AtomicBoolean terminated = new AtomicBoolean();
  private boolean timedOut;
  private QueryProfilerIndexSearcher lastProfiler;
  private long lastCollectorNanos;

  LimitedCollection(QueryControls controls, SearchGuard guard) {
    this.limits = controls;
    this.guard = guard;
  }

  /** The hits of an index whose query phase stopped before collecting (sorted like the others). */
  static TopDocs noHits(Sort sort) {
    TotalHits none = new TotalHits(0, TotalHits.Relation.EQUAL_TO);
    return sort == null
        ? new TopDocs(none, new ScoreDoc[0])
        : new TopFieldDocs(none, new FieldDoc[0], sort.getSort());
  }

  /** Searches {@code query} with {@code manager} within the limits. */
  <C extends Collector, T> T search(
      IndexSearcher searcher, org.apache.lucene.search.Query query, CollectorManager<C, T> manager)
      throws IOException {
    IndexSearcher target = searcher;
    QueryProfilerIndexSearcher profiler = null;
    if (limits.profile()) {
      target = profiler = QueryProfiles.profiling(searcher);
      if (guard.active()) {
        target.setTimeout(guard);
      }
    }
    long start = System.nanoTime();
    T result =
        limits.terminateAfter() > 0
            ? target.search(query, new TerminateAfter<>(manager, limits.terminateAfter()))
            : target.search(query, manager);
    if (target.timedOut() && guard.cancelled()) {
      throw guard.cancelledFailure();
    }
    timedOut |= target.timedOut();
    if (profiler != null) {
      lastProfiler = profiler;
      lastCollectorNanos = System.nanoTime() - start;
    }
    return result;
  }

  /**
   * The profile of the last {@link #search} (profiling on), with the fetch time of its index.
   *
   * @param collector the collector's name as OpenSearch reports it
   */
  SearchProfile.Shard profile(String index, String collector, long fetchNanos) {
    return QueryProfiles.shard(index, lastProfiler, collector, lastCollectorNanos, fetchNanos);
  }

  /** Null unless terminate_after was set; then whether any index stopped early. */
  Boolean terminatedEarly() {
    return limits.terminateAfter() > 0 ? terminated.get() : null;
  }

  boolean timedOut() {
    return timedOut;
  }

  /** Wraps each collector so that all of them together stop after {@code max} documents. */
  private final class TerminateAfter<C extends Collector, T>
      implements CollectorManager<Collector, T> {
    private final CollectorManager<C, T> inner;
    private final int max;
    private final AtomicInteger collected = new AtomicInteger();

    TerminateAfter(CollectorManager<C, T> inner, int max) {
      this.inner = inner;
      this.max = max;
    }

    @Override
    public Collector newCollector() throws IOException {
      return new Counting(inner.newCollector());
    }

    @Override
    @SuppressWarnings("unchecked")
    public T reduce(Collection<Collector> collectors) throws IOException {
      List<C> unwrapped = new ArrayList<>(collectors.size());
      for (Collector c : collectors) {
        unwrapped.add((C) ((Counting) c).wrapped());
      }
      return inner.reduce(unwrapped);
    }

    private final class Counting extends FilterCollector {
      Counting(Collector in) {
        super(in);
      }

      Collector wrapped() {
        return in;
      }

      @Override
      public LeafCollector getLeafCollector(LeafReaderContext context) throws IOException {
        if (collected.get() >= max) {
          terminated.set(true);
          throw new CollectionTerminatedException();
        }
        return new FilterLeafCollector(super.getLeafCollector(context)) {
          @Override
          public void collect(int doc) throws IOException {
            if (collected.getAndIncrement() >= max) {
              terminated.set(true);
              throw new CollectionTerminatedException();
            }
            in.collect(doc);
          }
        };
      }
    }
  }
}
