package dev.duet.server.grpc;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchSession;
import dev.duet.engine.search.Slice;
import dev.duet.engine.search.SortSpec;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.SortCombinations;
import org.opensearch.protobufs.SortOptions;
import org.opensearch.protobufs.SortOrder;
import org.opensearch.protobufs.SourceConfig;
import org.opensearch.protobufs.SourceConfigParam;
import org.opensearch.protobufs.TrackHits;

/**
 * Decodes {@code SearchService/Search} requests into the search model: index list, from/size, sort,
 * {@code _source}, {@code track_total_hits} and the query. Request features that would change the
 * answer and that the model lacks (scroll, pit, slice, ...) fail with 400 instead of being ignored.
 */
final class SearchRequestDecoder {
  private static final Query MATCH_ALL = new Query.MatchAll(1f);

  private SearchRequestDecoder() {}

  static SearchRequest decode(org.opensearch.protobufs.SearchRequest request) {
    rejectUnsupported(request);
    if (request.hasBatchedReduceSize()) {
      dev.duet.engine.search.SearchParameters.checkBatchedReduceSize(
          request.getBatchedReduceSize());
    }
    if (request.hasPreFilterShardSize()) {
      dev.duet.engine.search.SearchParameters.checkPreFilterShardSize(
          request.getPreFilterShardSize());
    }
    SearchRequestBody body = request.getSearchRequestBody();
    Query query = body.hasQuery() ? QueryDecoder.decode(body.getQuery()) : MATCH_ALL;
    int from = body.hasFrom() ? body.getFrom() : 0;
    int size = body.hasSize() ? body.getSize() : SearchRequest.DEFAULT_SIZE;
    SearchRequest decoded =
        new SearchRequest(
                request.getIndexList(),
                query,
                from,
                size,
                sort(body.getSortList()),
                source(request, body),
                TrackTotalHits.forTotal(
                    trackTotalHits(body),
                    request.hasTotalHitsAsInt() && request.getTotalHitsAsInt()))
            .withIndicesOptions(indicesOptions(request));
    decoded = withOptions(decoded, body);
    SearchSession session = session(request, body);
    if (session != null) {
      decoded = decoded.withSession(session);
    }
    if (body.hasSlice()) {
      decoded = decoded.withOptions(decoded.options().withSlice(slice(body.getSlice())));
    }
    if (request.hasRequestCache()) {
      decoded = decoded.withOptions(decoded.options().withRequestCache(request.getRequestCache()));
    }
    decoded = QueryControlsDecoder.applyTo(decoded, body);
    decoded =
        FetchOptionsDecoder.applyTo(
            decoded,
            body,
            request.getDocvalueFieldsList(),
            request.hasXSource()
                || request.getXSourceIncludesCount() > 0
                || request.getXSourceExcludesCount() > 0
                || body.hasXSource());
    if (body.hasSearchPipeline()) {
      decoded = decoded.withOptions(decoded.options().withSearchPipeline(body.getSearchPipeline()));
    }
    if (body.getIncludeNamedQueriesScore()) {
      decoded = decoded.withFetch(decoded.fetch().withNamedQueriesScore(true));
    }
    if (request.hasQ()) {
      decoded = decoded.withQuery(urlQuery(request)); // q wins over the body, as on REST
    }
    return body.getAggregationsCount() == 0
        ? decoded
        : decoded.withAggregations(AggregationDecoder.decode(body.getAggregationsMap()));
  }

  /** The request's {@code q} with its {@code df} and {@code default_operator}, as REST's ?q=. */
  private static dev.duet.engine.search.Query urlQuery(
      org.opensearch.protobufs.SearchRequest request) {
    String operator =
        switch (request.getDefaultOperator()) {
          case OPERATOR_AND -> "AND";
          case OPERATOR_OR -> "OR";
          default -> null;
        };
    return dev.duet.engine.search.QueryString.urlParameter(
        request.getQ(), request.hasDf() ? request.getDf() : null, null, operator, null);
  }

  /** The body's {@code pit} and the request's {@code scroll}, as REST reads them. */
  private static SearchSession session(
      org.opensearch.protobufs.SearchRequest request, SearchRequestBody body) {
    SearchSession session = null;
    if (body.hasPit()) {
      var pit = body.getPit();
      session = SearchSession.pit(pit.getId(), pit.hasKeepAlive() ? pit.getKeepAlive() : null);
    }
    if (request.hasScroll()) {
      SearchSession scroll = SearchSession.scroll(request.getScroll());
      session = session == null ? scroll : session.with(scroll);
    }
    return session;
  }

  /** The body's {@code slice}, checked as REST checks it (id, then max). */
  private static Slice slice(org.opensearch.protobufs.SlicedScroll slice) {
    String problem = Slice.idProblem(slice.getId(), Slice.UNSET);
    if (problem == null) {
      problem = Slice.maxProblem(slice.getId(), slice.getMax());
    }
    if (problem != null) {
      throw DuetException.illegalArgument(problem);
    }
    return new Slice(slice.getId(), slice.getMax(), slice.hasField() ? slice.getField() : null);
  }

  /** {@code ignore_unavailable}, {@code allow_no_indices}, {@code expand_wildcards}, as on REST. */
  private static IndicesOptions indicesOptions(org.opensearch.protobufs.SearchRequest request) {
    String expand = null;
    if (request.getExpandWildcardsCount() > 0) {
      List<String> values = new ArrayList<>();
      for (var value : request.getExpandWildcardsList()) {
        String name = value.name();
        if (!name.endsWith("UNSPECIFIED") && !name.equals("UNRECOGNIZED")) {
          values.add(name.replace("EXPAND_WILDCARD_", "").toLowerCase(Locale.ROOT));
        }
      }
      expand = values.isEmpty() ? null : String.join(",", values);
    }
    return IndicesOptions.of(
        IndicesOptions.DEFAULTS,
        request.hasIgnoreUnavailable() ? request.getIgnoreUnavailable() : null,
        request.hasAllowNoIndices() ? request.getAllowNoIndices() : null,
        expand);
  }

  static List<SortSpec> sort(List<SortCombinations> sorts) {
    if (sorts.isEmpty()) {
      return List.of();
    }
    List<SortSpec> out = new ArrayList<>(sorts.size());
    for (SortCombinations sort : sorts) {
      switch (sort.getSortCombinationsCase()) {
        case FIELD -> out.add(new SortSpec(sort.getField(), null));
        case FIELD_WITH_DIRECTION -> {
          for (var entry : sort.getFieldWithDirection().getSortOrderMapMap().entrySet()) {
            out.add(new SortSpec(entry.getKey(), order(entry.getValue())));
          }
        }
        case FIELD_WITH_ORDER -> {
          for (var entry : sort.getFieldWithOrder().getFieldSortMapMap().entrySet()) {
            out.add(FieldSortDecoder.decode(entry.getKey(), entry.getValue()));
          }
        }
        case OPTIONS -> out.add(sortOption(sort.getOptions()));
        case SORTCOMBINATIONS_NOT_SET -> throw DuetException.parsing("[sort] entry is empty");
      }
    }
    return out;
  }

  private static SortSpec sortOption(SortOptions option) {
    return switch (option.getSortOptionsCase()) {
      case X_SCORE ->
          new SortSpec(
              "_score",
              option.getXScore().hasOrder() ? order(option.getXScore().getOrder()) : null);
      case X_GEO_DISTANCE ->
          throw DuetException.parsing("[sort] by [_geo_distance] is not supported yet");
      case X_SCRIPT -> throw DuetException.parsing("[sort] by [_script] is not supported yet");
      case SORTOPTIONS_NOT_SET -> throw DuetException.parsing("[sort] entry is empty");
    };
  }

  static SortSpec.SortOrder order(SortOrder order) {
    return switch (order) {
      case SORT_ORDER_ASC -> SortSpec.SortOrder.ASC;
      case SORT_ORDER_DESC -> SortSpec.SortOrder.DESC;
      default -> null;
    };
  }

  /**
   * Request-level {@code _source}, {@code _source_includes} and {@code _source_excludes} win over
   * the body's {@code _source}, as URL parameters do over the body in REST.
   */
  private static SourceFilter source(
      org.opensearch.protobufs.SearchRequest request, SearchRequestBody body) {
    if (request.hasXSource()
        || request.getXSourceIncludesCount() > 0
        || request.getXSourceExcludesCount() > 0) {
      boolean fetch = true;
      List<String> includes = new ArrayList<>(request.getXSourceIncludesList());
      if (request.hasXSource()) {
        SourceConfigParam param = request.getXSource();
        if (param.hasFetch()) {
          fetch = param.getFetch();
        } else if (param.hasFields()) {
          includes.addAll(param.getFields().getStringArrayList());
        }
      }
      return filter(fetch, includes, request.getXSourceExcludesList());
    }
    if (!body.hasXSource()) {
      return SourceFilter.ALL;
    }
    SourceConfig source = body.getXSource();
    return switch (source.getSourceConfigCase()) {
      case FETCH -> source.getFetch() ? SourceFilter.ALL : SourceFilter.NONE;
      case FILTER ->
          filter(true, source.getFilter().getIncludesList(), source.getFilter().getExcludesList());
      case SOURCECONFIG_NOT_SET -> SourceFilter.ALL;
    };
  }

  private static SourceFilter filter(boolean fetch, List<String> includes, List<String> excludes) {
    if (!fetch) {
      return SourceFilter.NONE;
    }
    if (includes.isEmpty() && excludes.isEmpty()) {
      return SourceFilter.ALL;
    }
    return new SourceFilter(true, includes, excludes);
  }

  /** The body's {@code track_total_hits}, or null when not given. */
  private static TrackTotalHits trackTotalHits(SearchRequestBody body) {
    if (!body.hasTrackTotalHits()) {
      return null;
    }
    TrackHits track = body.getTrackTotalHits();
    return switch (track.getTrackHitsCase()) {
      case ENABLED -> track.getEnabled() ? TrackTotalHits.EXACT : TrackTotalHits.DISABLED;
      case COUNT -> TrackTotalHits.upTo(track.getCount());
      case TRACKHITS_NOT_SET -> null;
    };
  }

  /**
   * min_score, post_filter, search_after and track_scores, as the REST body's keys of the same
   * names.
   */
  private static SearchRequest withOptions(SearchRequest request, SearchRequestBody body) {
    if (!body.hasMinScore()
        && !body.hasPostFilter()
        && body.getSearchAfterCount() == 0
        && !body.getTrackScores()
        && body.getIndicesBoostCount() == 0
        && body.getIndicesBoost2Count() == 0
        && body.getStatsCount() == 0) {
      return request;
    }
    List<Object> after = new ArrayList<>(body.getSearchAfterCount());
    for (org.opensearch.protobufs.FieldValue v : body.getSearchAfterList()) {
      after.add(FieldValues.fromProto(v));
    }
    return request.withOptions(
        new dev.duet.engine.search.SearchOptions(
                body.hasMinScore() ? body.getMinScore() : null,
                body.hasPostFilter() ? QueryDecoder.decode(body.getPostFilter()) : null,
                after,
                null,
                body.getTrackScores())
            .withIndicesBoost(indicesBoost(body))
            .withStatsGroups(body.getStatsList()));
  }

  /** {@code indices_boost}: the ordered list form, then the map form, as REST's two forms. */
  private static List<dev.duet.engine.search.SearchOptions.IndexBoost> indicesBoost(
      SearchRequestBody body) {
    List<dev.duet.engine.search.SearchOptions.IndexBoost> out = new java.util.ArrayList<>();
    for (org.opensearch.protobufs.FloatMap entry : body.getIndicesBoost2List()) {
      entry
          .getFloatMapMap()
          .forEach(
              (index, boost) ->
                  out.add(new dev.duet.engine.search.SearchOptions.IndexBoost(index, boost)));
    }
    body.getIndicesBoostMap()
        .forEach(
            (index, boost) ->
                out.add(new dev.duet.engine.search.SearchOptions.IndexBoost(index, boost)));
    return out;
  }

  private static void rejectUnsupported(org.opensearch.protobufs.SearchRequest request) {
    if (request.hasSuggestField()) {
      // The suggestions would be lost: the 1.6.0 SearchResponse has no field that carries them.
      throw DuetException.illegalArgument(
          "search option [suggest_field] is not supported over gRPC: the SearchResponse of"
              + " org.opensearch.protobufs 1.6.0 has no suggest section; use REST's suggest");
    }
    if (!request.hasSearchRequestBody()) {
      return;
    }
    SearchRequestBody body = request.getSearchRequestBody();
    if (body.getScriptFieldsCount() > 0) {
      notYet("script_fields");
    }
  }

  private static void notYet(String feature) {
    throw DuetException.illegalArgument("search option [" + feature + "] is not supported yet");
  }
}
