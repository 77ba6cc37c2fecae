package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

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

  /**
   * {@code parsed} is a search as decoded from a count request: only its indices, index options and
   * query count.
   */
  public Result execute(SearchRequest parsed) {
    SearchResponse response =
        search.execute(
            new SearchRequest(
                    parsed.indices(),
                    parsed.query(),
                    0,
                    0,
                    List.of(),
                    SourceFilter.NONE,
                    TrackTotalHits.EXACT)
                .withIndicesOptions(parsed.indicesOptions()));
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
