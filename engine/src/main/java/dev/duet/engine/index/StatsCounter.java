package dev.duet.engine.index;

/**
 * One figure an index keeps about itself, as {@code _stats} and {@code _nodes/stats} report it.
 * Times are nanoseconds, sizes bytes. Most figures add up across indices; {@link #combine} says how
 * two values of the same figure make one (the newest timestamp, the oldest translog age).
 */
public enum StatsCounter {
  DOCS_COUNT,
  DOCS_DELETED,
  STORE_BYTES,

  INDEX_TOTAL,
  INDEX_TIME,
  INDEX_CURRENT,
  INDEX_FAILED,
  DELETE_TOTAL,
  DELETE_TIME,
  DELETE_CURRENT,
  NOOP_UPDATE_TOTAL,
  INDEX_THROTTLE_TIME,
  MAX_LAST_INDEX_REQUEST_TIMESTAMP(true),

  GET_TOTAL,
  GET_TIME,
  GET_EXISTS_TOTAL,
  GET_EXISTS_TIME,
  GET_MISSING_TOTAL,
  GET_MISSING_TIME,
  GET_CURRENT,

  SEARCH_OPEN_CONTEXTS,
  QUERY_TOTAL,
  QUERY_TIME,
  QUERY_CURRENT,
  QUERY_FAILED,
  FETCH_TOTAL,
  FETCH_TIME,
  FETCH_CURRENT,
  SCROLL_TOTAL,
  SCROLL_TIME,
  SCROLL_CURRENT,
  PIT_TOTAL,
  PIT_TIME,
  PIT_CURRENT,
  SUGGEST_TOTAL,
  SUGGEST_TIME,
  SUGGEST_CURRENT,
  SEARCH_IDLE_REACTIVATE_TOTAL,

  MERGE_CURRENT,
  MERGE_CURRENT_DOCS,
  MERGE_CURRENT_BYTES,
  MERGE_TOTAL,
  MERGE_TIME,
  MERGE_TOTAL_DOCS,
  MERGE_TOTAL_BYTES,

  REFRESH_TOTAL,
  REFRESH_TIME,
  REFRESH_EXTERNAL_TOTAL,
  REFRESH_EXTERNAL_TIME,
  REFRESH_LISTENERS,

  FLUSH_TOTAL,
  FLUSH_PERIODIC,
  FLUSH_TIME,

  WARMER_CURRENT,
  WARMER_TOTAL,
  WARMER_TIME,

  QUERY_CACHE_MEMORY,
  QUERY_CACHE_TOTAL,
  QUERY_CACHE_HITS,
  QUERY_CACHE_MISSES,
  QUERY_CACHE_SIZE,
  QUERY_CACHE_COUNT,
  QUERY_CACHE_EVICTIONS,

  FIELDDATA_MEMORY,
  FIELDDATA_EVICTIONS,

  /** Filled by the {@code completion} field type's suggester data (see {@code ShardCounters}). */
  COMPLETION_BYTES,

  SEGMENT_COUNT,
  INDEX_WRITER_MEMORY,
  VERSION_MAP_MEMORY,

  TRANSLOG_OPERATIONS,
  TRANSLOG_BYTES,
  TRANSLOG_UNCOMMITTED_OPERATIONS,
  TRANSLOG_UNCOMMITTED_BYTES,
  TRANSLOG_EARLIEST_LAST_MODIFIED_AGE(true),

  REQUEST_CACHE_MEMORY,
  REQUEST_CACHE_EVICTIONS,
  REQUEST_CACHE_HITS,
  REQUEST_CACHE_MISSES,

  RECOVERY_AS_SOURCE,
  RECOVERY_AS_TARGET,
  RECOVERY_THROTTLE_TIME;

  private static final StatsCounter[] ALL = values();

  private final boolean max;

  StatsCounter() {
    this(false);
  }

  StatsCounter(boolean max) {
    this.max = max;
  }

  /** Every figure, in declaration order (a shared array: do not modify). */
  static StatsCounter[] all() {
    return ALL;
  }

  /** Two values of this figure as one: their sum, or for a timestamp or age the larger. */
  public long combine(long a, long b) {
    return max ? Math.max(a, b) : a + b;
  }
}
