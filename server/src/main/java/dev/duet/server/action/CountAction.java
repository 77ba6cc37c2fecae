package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code _count}: the exact number of documents a search's query matches, and its shard counts,
 * without hits. Shared by every transport.
 */
public final class CountAction {
  private final SearchAction search;

  public CountAction(SearchAction search) {
    this.search = requireNonNull(search, "search");
  }

  /** Counts the documents of {@code indices} (an index expression, with its options) matching. */
  public Result execute(List<String> indices, Query query, IndicesOptions options) {
    SearchResponse response =
        search.execute(
            new SearchRequest(
                    indices, query, 0, 0, List.of(), SourceFilter.NONE, TrackTotalHits.EXACT)
                .withIndicesOptions(options));
    long count = response.totalHits() == null ? 0 : response.totalHits().value();
    return new Result(count, response.totalShards());
  }

  /** The indices of an index expression as paths and requests name them: {@code a,b}. */
  public static List<String> indices(String expression) {
    if (expression == null) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (String s : expression.split(",")) {
      if (!s.isEmpty()) {
        out.add(s);
      }
    }
    return out;
  }

  /** How many matched, over how many shards (all of which succeed on one node). */
  public record Result(long count, int shards) {}
}
