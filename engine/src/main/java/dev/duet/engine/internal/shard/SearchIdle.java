package dev.duet.engine.internal.shard;

import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.TimeValues;
import dev.duet.engine.internal.meta.IndexSettingsRules;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * OpenSearch's search-idle indices: while {@code index.refresh_interval} is not set explicitly, an
 * index that has had no search for {@code index.search.idle.after} (30 s by default) skips its
 * scheduled refreshes, and its next search refreshes first, so the search still sees every write
 * acknowledged before it. Heavy ingest with no one searching thus writes larger segments and merges
 * less; gets are realtime through the live version map either way.
 */
public final class SearchIdle {
  static final long DEFAULT_AFTER_MILLIS = 30_000;

  // A new index counts as searched at creation, as a new OpenSearch shard is active at first.
  private volatile long lastSearchNanos = System.nanoTime();
  private final AtomicBoolean refreshSkipped = new AtomicBoolean();

  /**
   * Whether the scheduled refresh due now is skipped because the index is search-idle; the next
   * {@link #searched} then asks for the refresh.
   */
  boolean skipScheduledRefresh(IndexSettings settings) {
    if (settings.get("refresh_interval") != null) {
      return false; // an explicit interval is always honoured, as in OpenSearch
    }
    long idleAfter = TimeUnit.MILLISECONDS.toNanos(afterMillis(settings));
    if (System.nanoTime() - lastSearchNanos < idleAfter) {
      return false;
    }
    refreshSkipped.set(true);
    return true;
  }

  /** Records a search; true if a scheduled refresh was skipped and must run before it. */
  boolean searched() {
    lastSearchNanos = System.nanoTime();
    return refreshSkipped.get() && refreshSkipped.getAndSet(false);
  }

  /**
   * Records a search that will not refresh; false, leaving the skipped refresh to the next {@link
   * #searched}, if one is due.
   */
  boolean searchedWithoutRefresh() {
    lastSearchNanos = System.nanoTime();
    return !refreshSkipped.get();
  }

  static long afterMillis(IndexSettings settings) {
    String v = settings.get(IndexSettingsRules.SEARCH_IDLE_AFTER);
    return v == null
        ? DEFAULT_AFTER_MILLIS
        : TimeValues.parseMillis(v, "index." + IndexSettingsRules.SEARCH_IDLE_AFTER);
  }
}
