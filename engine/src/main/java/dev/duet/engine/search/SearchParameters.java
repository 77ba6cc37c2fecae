package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;

/**
 * Search parameters that change nothing in how Duet runs a search (each index is one shard, so
 * there is nothing to reduce in batches or to score with distributed frequencies first), but whose
 * values OpenSearch checks: the same refusals, whichever transport carried them.
 */
public final class SearchParameters {
  /** OpenSearch's default {@code batched_reduce_size}. */
  public static final int DEFAULT_BATCHED_REDUCE_SIZE = 512;

  private SearchParameters() {}

  /**
   * A {@code search_type}: {@code query_then_fetch} or {@code dfs_query_then_fetch}; the two fetch
   * phases OpenSearch's REST layer refuses and any other name are its 400s.
   */
  public static String checkSearchType(String searchType) {
    return switch (searchType) {
      case "query_then_fetch", "dfs_query_then_fetch" -> searchType;
      case "query_and_fetch", "dfs_query_and_fetch" ->
          throw DuetException.illegalArgument("Unsupported search type [" + searchType + "]");
      default -> throw DuetException.illegalArgument("No search type for [" + searchType + "]");
    };
  }

  /** A {@code pre_filter_shard_size}, which OpenSearch takes from 1 up. */
  public static int checkPreFilterShardSize(int size) {
    if (size < 1) {
      throw DuetException.illegalArgument("preFilterShardSize must be >= 1");
    }
    return size;
  }

  /** A {@code batched_reduce_size}, which OpenSearch takes from 2 up. */
  public static int checkBatchedReduceSize(int size) {
    if (size <= 1) {
      throw DuetException.illegalArgument("batchedReduceSize must be >= 2");
    }
    return size;
  }
}
