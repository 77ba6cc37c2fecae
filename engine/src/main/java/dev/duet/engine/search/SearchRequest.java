package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

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
    TrackTotalHits trackTotalHits) {

  public static final int DEFAULT_SIZE = 10;

  public SearchRequest {
    indices = List.copyOf(indices);
    requireNonNull(query, "query");
    sort = List.copyOf(sort);
    requireNonNull(source, "source");
    requireNonNull(trackTotalHits, "trackTotalHits");
  }
}
