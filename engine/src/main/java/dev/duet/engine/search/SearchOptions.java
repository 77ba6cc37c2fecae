package dev.duet.engine.search;

import java.util.List;

/**
 * What narrows a search's hits beyond its query: {@code minScore} (null: none), {@code postFilter}
 * (null: none; filters hits after aggregations saw them) and {@code searchAfter} (empty: from the
 * start; the sort values of the last hit of the previous page, as the client sent them).
 */
public record SearchOptions(Float minScore, Query postFilter, List<Object> searchAfter) {
  public static final SearchOptions NONE = new SearchOptions(null, null, List.of());

  public SearchOptions {
    searchAfter = searchAfter == null ? List.of() : List.copyOf(searchAfter);
  }
}
