package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndicesOptions;
import java.util.List;
import java.util.function.Consumer;

/**
 * A search over one or more indices. {@code indices} holds names or expressions as the client gave
 * them ({@code _all}, {@code *}, comma lists resolved by the engine); empty means all indices.
 * {@code session} is the point in time or scroll the search runs in (null: neither).
 *
 * <p>Transports build the common parts with a constructor and add the rest with the {@code with*}
 * methods, each of which copies the request with one component replaced.
 */
public record SearchRequest(
    List<String> indices,
    Query query,
    int from,
    int size,
    List<SortSpec> sort,
    SourceFilter source,
    TrackTotalHits trackTotalHits,
    List<Aggregation> aggregations,
    SearchOptions options,
    IndicesOptions indicesOptions,
    FetchOptions fetch,
    QueryControls controls,
    SearchSession session,
    Suggest suggest) {

  public static final int DEFAULT_SIZE = 10;

  /** A search without suggesters. */
  public SearchRequest(
      List<String> indices,
      Query query,
      int from,
      int size,
      List<SortSpec> sort,
      SourceFilter source,
      TrackTotalHits trackTotalHits,
      List<Aggregation> aggregations,
      SearchOptions options,
      IndicesOptions indicesOptions,
      FetchOptions fetch,
      QueryControls controls,
      SearchSession session) {
    this(
        indices,
        query,
        from,
        size,
        sort,
        source,
        trackTotalHits,
        aggregations,
        options,
        indicesOptions,
        fetch,
        controls,
        session,
        null);
  }

  public SearchRequest {
    indices = List.copyOf(indices);
    requireNonNull(query, "query");
    if (from < 0) {
      throw DuetException.illegalArgument(
          "[from] parameter cannot be negative, found [" + from + "]");
    }
    if (size < 0) {
      throw DuetException.illegalArgument(
          "[size] parameter cannot be negative, found [" + size + "]");
    }
    sort = List.copyOf(sort);
    requireNonNull(source, "source");
    requireNonNull(trackTotalHits, "trackTotalHits");
    aggregations = List.copyOf(aggregations);
    requireNonNull(options, "options");
    requireNonNull(indicesOptions, "indicesOptions");
    requireNonNull(fetch, "fetch");
    requireNonNull(controls, "controls");
  }

  /**
   * A search with default fetch options and query controls, outside any point in time or scroll.
   */
  public SearchRequest(
      List<String> indices,
      Query query,
      int from,
      int size,
      List<SortSpec> sort,
      SourceFilter source,
      TrackTotalHits trackTotalHits,
      List<Aggregation> aggregations,
      SearchOptions options,
      IndicesOptions indicesOptions) {
    this(
        indices,
        query,
        from,
        size,
        sort,
        source,
        trackTotalHits,
        aggregations,
        options,
        indicesOptions,
        FetchOptions.NONE,
        QueryControls.NONE,
        null);
  }

  /** A search with aggregations and options, and the default {@link IndicesOptions}. */
  public SearchRequest(
      List<String> indices,
      Query query,
      int from,
      int size,
      List<SortSpec> sort,
      SourceFilter source,
      TrackTotalHits trackTotalHits,
      List<Aggregation> aggregations,
      SearchOptions options) {
    this(
        indices,
        query,
        from,
        size,
        sort,
        source,
        trackTotalHits,
        aggregations,
        options,
        IndicesOptions.DEFAULTS);
  }

  /** A search with aggregations and no {@link SearchOptions}. */
  public SearchRequest(
      List<String> indices,
      Query query,
      int from,
      int size,
      List<SortSpec> sort,
      SourceFilter source,
      TrackTotalHits trackTotalHits,
      List<Aggregation> aggregations) {
    this(
        indices, query, from, size, sort, source, trackTotalHits, aggregations, SearchOptions.NONE);
  }

  /** A search without aggregations, with the default {@link IndicesOptions}. */
  public SearchRequest(
      List<String> indices,
      Query query,
      int from,
      int size,
      List<SortSpec> sort,
      SourceFilter source,
      TrackTotalHits trackTotalHits) {
    this(indices, query, from, size, sort, source, trackTotalHits, List.of());
  }

  /** This search with {@code query} instead of its own (the {@code q} URL parameter's). */
  public SearchRequest withQuery(Query query) {
    return edit(c -> c.query = query);
  }

  /** This search asking {@code size} hits. */
  public SearchRequest withSize(int size) {
    return edit(c -> c.size = size);
  }

  /** This search with {@code options} (min_score, post_filter, search_after) instead of its own. */
  public SearchRequest withOptions(SearchOptions options) {
    return edit(c -> c.options = options);
  }

  /** This search with {@code aggregations} (top level, in request order) instead of its own. */
  public SearchRequest withAggregations(List<Aggregation> aggregations) {
    return edit(c -> c.aggregations = aggregations);
  }

  /** The same search with other index expression options. */
  public SearchRequest withIndicesOptions(IndicesOptions indicesOptions) {
    return edit(c -> c.indicesOptions = indicesOptions);
  }

  /** This search with other per-hit {@link FetchOptions}. */
  public SearchRequest withFetch(FetchOptions fetch) {
    return edit(c -> c.fetch = fetch);
  }

  /**
   * This search with {@code fetch}; stored fields come without the source unless the request named
   * {@code _source} ({@code sourceGiven}) or listed it among them, as OpenSearch fetches them.
   */
  public SearchRequest withFetch(FetchOptions fetch, boolean sourceGiven) {
    SearchRequest out = withFetch(fetch);
    return fetch.storedFields() != null && !sourceGiven && !fetch.storedFields().contains("_source")
        ? out.withSource(SourceFilter.NONE)
        : out;
  }

  /** This search with another {@code _source} filter. */
  public SearchRequest withSource(SourceFilter source) {
    return edit(c -> c.source = source);
  }

  /** This search with other {@link QueryControls} (terminate_after, timeout). */
  public SearchRequest withControls(QueryControls controls) {
    return edit(c -> c.controls = controls);
  }

  /** This search in a point in time or as a scroll (null: neither). */
  public SearchRequest withSession(SearchSession session) {
    return edit(c -> c.session = session);
  }

  /** This search with a {@code suggest} section (null: none). */
  public SearchRequest withSuggest(Suggest suggest) {
    return edit(c -> c.suggest = suggest);
  }

  /** A copy of this search with {@code change} applied to its components. */
  private SearchRequest edit(Consumer<Components> change) {
    Components c = new Components(this);
    change.accept(c);
    return c.request();
  }

  /** The record's components as fields, so that each {@code with*} copy names only its own. */
  private static final class Components {
    List<String> indices;
    Query query;
    int from;
    int size;
    List<SortSpec> sort;
    SourceFilter source;
    TrackTotalHits trackTotalHits;
    List<Aggregation> aggregations;
    SearchOptions options;
    IndicesOptions indicesOptions;
    FetchOptions fetch;
    QueryControls controls;
    SearchSession session;
    Suggest suggest;

    Components(SearchRequest r) {
      indices = r.indices;
      query = r.query;
      from = r.from;
      size = r.size;
      sort = r.sort;
      source = r.source;
      trackTotalHits = r.trackTotalHits;
      aggregations = r.aggregations;
      options = r.options;
      indicesOptions = r.indicesOptions;
      fetch = r.fetch;
      controls = r.controls;
      session = r.session;
      suggest = r.suggest;
    }

    SearchRequest request() {
      return new SearchRequest(
          indices,
          query,
          from,
          size,
          sort,
          source,
          trackTotalHits,
          aggregations,
          options,
          indicesOptions,
          fetch,
          controls,
          session,
          suggest);
    }
  }
}
