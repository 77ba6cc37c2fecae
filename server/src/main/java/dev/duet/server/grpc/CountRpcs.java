package dev.duet.server.grpc;

import static com.linecorp.armeria.common.HttpMethod.DELETE;
import static com.linecorp.armeria.common.HttpMethod.GET;
import static com.linecorp.armeria.common.HttpMethod.POST;
import static dev.duet.server.grpc.RestOperations.route;
import static java.util.Objects.requireNonNull;

import dev.duet.api.common.AllPitsResult;
import dev.duet.api.common.ByQueryResult;
import dev.duet.api.common.ClearScrollResult;
import dev.duet.api.common.CountResult;
import dev.duet.api.common.CreatePitResult;
import dev.duet.api.common.DeletePitResult;
import dev.duet.api.common.ExplainResult;
import dev.duet.api.common.MsearchResult;
import dev.duet.api.common.SearchResult;
import dev.duet.api.common.ValidateQueryResult;
import dev.duet.api.search.ClearScrollRequest;
import dev.duet.api.search.CountRequest;
import dev.duet.api.search.CreatePitRequest;
import dev.duet.api.search.DeleteAllPitsRequest;
import dev.duet.api.search.DeleteByQueryRequest;
import dev.duet.api.search.DeletePitRequest;
import dev.duet.api.search.ExplainRequest;
import dev.duet.api.search.GetAllPitsRequest;
import dev.duet.api.search.MsearchRequest;
import dev.duet.api.search.ScrollRequest;
import dev.duet.api.search.SearchRequest;
import dev.duet.api.search.SearchServiceGrpc;
import dev.duet.api.search.UpdateByQueryRequest;
import dev.duet.api.search.ValidateQueryRequest;
import io.grpc.stub.StreamObserver;

/**
 * {@code duet.search.SearchService}, generated from api/openapi: {@code Count}, {@code Explain},
 * {@code ValidateQuery}, {@code Msearch}, {@code DeleteByQuery}, {@code UpdateByQuery}, the scroll
 * and point-in-time operations ({@code Scroll}, {@code ClearScroll}, {@code CreatePit}, {@code
 * DeletePit}, {@code DeleteAllPits}, {@code GetAllPits}), which org.opensearch.protobufs has no RPC
 * for, and {@code Search} with REST's JSON body, for what org.opensearch.protobufs 1.6.0 cannot
 * express; all run as their REST operations ({@link RestOperations}), so {@code q}, index options
 * and the query decoder are REST's. The fast search is {@code
 * org.opensearch.protobufs.services.SearchService/Search} ({@link SearchRpcs}).
 */
final class CountRpcs extends SearchServiceGrpc.SearchServiceImplBase {
  private final RestOperations rest;
  private final TypedSearches searches;

  CountRpcs(RestOperations rest, TypedSearches searches) {
    this.rest = requireNonNull(rest, "rest");
    this.searches = requireNonNull(searches, "searches");
  }

  @Override
  public void count(CountRequest request, StreamObserver<CountResult> responses) {
    rest.unary(
        "duet.search.SearchService/Count",
        request,
        CountResult.getDefaultInstance(),
        responses,
        route(GET, "/_count"),
        route(GET, "/{index}/_count"));
  }

  /** Decoded from its typed messages, without REST's JSON ({@link TypedSearches}). */
  @Override
  public void search(SearchRequest request, StreamObserver<SearchResult> responses) {
    RpcCalls.unary("duet.search.SearchService/Search", responses, () -> searches.search(request));
  }

  @Override
  public void explain(ExplainRequest request, StreamObserver<ExplainResult> responses) {
    rest.unary(
        "duet.search.SearchService/Explain",
        request,
        ExplainResult.getDefaultInstance(),
        responses,
        route(GET, "/{index}/_explain/{id}"));
  }

  @Override
  public void msearch(MsearchRequest request, StreamObserver<MsearchResult> responses) {
    rest.unary(
        "duet.search.SearchService/Msearch",
        request,
        MsearchResult.getDefaultInstance(),
        responses,
        route(POST, "/_msearch"),
        route(POST, "/{index}/_msearch"));
  }

  @Override
  public void validateQuery(
      ValidateQueryRequest request, StreamObserver<ValidateQueryResult> responses) {
    rest.unary(
        "duet.search.SearchService/ValidateQuery",
        request,
        ValidateQueryResult.getDefaultInstance(),
        responses,
        route(POST, "/_validate/query"),
        route(POST, "/{index}/_validate/query"));
  }

  @Override
  public void deleteByQuery(DeleteByQueryRequest request, StreamObserver<ByQueryResult> responses) {
    rest.unary(
        "duet.search.SearchService/DeleteByQuery",
        request,
        ByQueryResult.getDefaultInstance(),
        responses,
        route(POST, "/{index}/_delete_by_query"));
  }

  @Override
  public void updateByQuery(UpdateByQueryRequest request, StreamObserver<ByQueryResult> responses) {
    rest.unary(
        "duet.search.SearchService/UpdateByQuery",
        request,
        ByQueryResult.getDefaultInstance(),
        responses,
        route(POST, "/{index}/_update_by_query"));
  }

  @Override
  public void clearScroll(ClearScrollRequest request, StreamObserver<ClearScrollResult> responses) {
    rest.unary(
        "duet.search.SearchService/ClearScroll",
        request,
        ClearScrollResult.getDefaultInstance(),
        responses,
        route(DELETE, "/_search/scroll"),
        route(DELETE, "/_search/scroll/{scroll_id}"));
  }

  @Override
  public void createPit(CreatePitRequest request, StreamObserver<CreatePitResult> responses) {
    rest.unary(
        "duet.search.SearchService/CreatePit",
        request,
        CreatePitResult.getDefaultInstance(),
        responses,
        route(POST, "/{index}/_search/point_in_time"));
  }

  @Override
  public void deleteAllPits(
      DeleteAllPitsRequest request, StreamObserver<DeletePitResult> responses) {
    rest.unary(
        "duet.search.SearchService/DeleteAllPits",
        request,
        DeletePitResult.getDefaultInstance(),
        responses,
        route(DELETE, "/_search/point_in_time/_all"));
  }

  @Override
  public void deletePit(DeletePitRequest request, StreamObserver<DeletePitResult> responses) {
    rest.unary(
        "duet.search.SearchService/DeletePit",
        request,
        DeletePitResult.getDefaultInstance(),
        responses,
        route(DELETE, "/_search/point_in_time"));
  }

  @Override
  public void getAllPits(GetAllPitsRequest request, StreamObserver<AllPitsResult> responses) {
    rest.unary(
        "duet.search.SearchService/GetAllPits",
        request,
        AllPitsResult.getDefaultInstance(),
        responses,
        route(GET, "/_search/point_in_time/_all"));
  }

  @Override
  public void scroll(ScrollRequest request, StreamObserver<SearchResult> responses) {
    rest.unary(
        "duet.search.SearchService/Scroll",
        request,
        SearchResult.getDefaultInstance(),
        responses,
        route(POST, "/_search/scroll"),
        route(POST, "/_search/scroll/{scroll_id}"));
  }

  @Override
  public void searchShards(
      dev.duet.api.search.SearchShardsRequest request,
      StreamObserver<dev.duet.api.search.SearchShardsResponse> responses) {
    rest.unary(
        "duet.search.SearchService/SearchShards",
        request,
        dev.duet.api.search.SearchShardsResponse.getDefaultInstance(),
        responses,
        route(GET, "/_search_shards"),
        route(POST, "/_search_shards"),
        route(GET, "/{index}/_search_shards"),
        route(POST, "/{index}/_search_shards"));
  }
}
