package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.index.IndicesOptions;
import java.util.List;

/**
 * A search over one or more indices. {@code indices} holds names or expressions as the client gave
 * them ({@code _all}, {@code *}, comma lists resolved by the engine); empty means all indices.
 */
public record SearchRequest(
    List<String> indices,
    Query query,
    int from,
    int size,
    List<SortSpec> sort,
    SourceFilter source,
    TrackTotalHits trackTotalHits,
    IndicesOptions indicesOptions) {

  public static final int DEFAULT_SIZE = 10;

  public SearchRequest {
    indices = List.copyOf(indices);
    requireNonNull(query, "query");
    sort = List.copyOf(sort);
    requireNonNull(source, "source");
    requireNonNull(trackTotalHits, "trackTotalHits");
    requireNonNull(indicesOptions, "indicesOptions");
  }

  /** A search with the default {@link IndicesOptions}. */
  public SearchRequest(
      List<String> indices,
      Query query,
      int from,
      int size,
      List<SortSpec> sort,
      SourceFilter source,
      TrackTotalHits trackTotalHits) {
    this(indices, query, from, size, sort, source, trackTotalHits, IndicesOptions.DEFAULTS);
  }

  /** The same search with other index expression options. */
  public SearchRequest withIndicesOptions(IndicesOptions options) {
    return new SearchRequest(indices, query, from, size, sort, source, trackTotalHits, options);
  }
}
