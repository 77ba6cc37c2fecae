package dev.duet.engine.internal.search;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.SearchCancellation;
import java.io.IOException;
import java.util.function.BooleanSupplier;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.ExitableDirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.QueryTimeout;
import org.apache.lucene.search.IndexSearcher;

/**
 * One search's {@code timeout} and its caller's presence ({@link SearchCancellation}), as the
 * {@link QueryTimeout} Lucene checks while it enumerates terms (rewriting a regexp, wildcard,
 * prefix or fuzzy query), reads doc values and collects hits: the role of OpenSearch's
 * ExitableDirectoryReader and its query phase's cancellation checks.
 */
public final class SearchGuard implements QueryTimeout {
  private static final BooleanSupplier NOBODY_WATCHES = () -> false;

  private final long deadline;
  private final boolean timed;
  private final BooleanSupplier callerGone;
  private volatile boolean expired;
  private volatile boolean cancelled;

  SearchGuard(long timeoutNanos, long startNanos, BooleanSupplier callerGone) {
    this.timed = timeoutNanos > 0;
    this.deadline = startNanos + timeoutNanos;
    this.callerGone = callerGone;
  }

  /** The guard of a search starting now on this thread, with the caller's check it runs under. */
  static SearchGuard of(long timeoutNanos, long startNanos) {
    BooleanSupplier check = SearchCancellation.current();
    return new SearchGuard(timeoutNanos, startNanos, check == null ? NOBODY_WATCHES : check);
  }

  /** Whether there is anything to stop at: a timeout, or a caller whose leaving is known. */
  boolean active() {
    return timed || callerGone != NOBODY_WATCHES;
  }

  @Override
  public boolean shouldExit() {
    if (cancelled || SearchCancellation.callerGone(callerGone)) {
      cancelled = true;
      return true;
    }
    if (timed && System.nanoTime() - deadline > 0) {
      expired = true;
      return true;
    }
    return false;
  }

  /** Whether the search ran out of time somewhere (it answers with what it had). */
  boolean expired() {
    return expired;
  }

  /** Stops the search with {@link #cancelledFailure} once its caller has gone. */
  void throwIfCancelled() {
    if (cancelled || SearchCancellation.callerGone(callerGone)) {
      cancelled = true;
      throw cancelledFailure();
    }
  }

  boolean cancelled() {
    return cancelled;
  }

  /** The failure of a search whose caller has gone (nobody reads it; it ends the work). */
  DuetException cancelledFailure() {
    SearchCancellation.countCancelled();
    return new DuetException(
        400, "task_cancelled_exception", "The search was cancelled: its caller has gone");
  }

  /**
   * A searcher over {@code searcher}'s index whose term, point and doc-value reads and whose
   * collection stop at this guard, sharing its similarity and query cache.
   */
  IndexSearcher guarded(IndexSearcher searcher) throws IOException {
    IndexReader reader = searcher.getIndexReader();
    IndexSearcher out =
        new IndexSearcher(
            reader instanceof DirectoryReader directory
                ? new ExitableDirectoryReader(directory, this)
                : reader);
    out.setSimilarity(searcher.getSimilarity());
    out.setQueryCache(searcher.getQueryCache());
    out.setQueryCachingPolicy(searcher.getQueryCachingPolicy());
    out.setTimeout(this);
    return out;
  }
}
