package dev.duet.server.grpc;

import static com.linecorp.armeria.common.HttpMethod.GET;
import static com.linecorp.armeria.common.HttpMethod.POST;
import static dev.duet.server.grpc.RestOperations.route;
import static java.util.Objects.requireNonNull;

import dev.duet.api.common.CountResult;
import dev.duet.api.common.ExplainResult;
import dev.duet.api.common.MsearchResult;
import dev.duet.api.common.SearchResult;
import dev.duet.api.search.CountRequest;
import dev.duet.api.search.ExplainRequest;
import dev.duet.api.search.MsearchRequest;
import dev.duet.api.search.SearchRequest;
import dev.duet.api.search.SearchServiceGrpc;
import io.grpc.stub.StreamObserver;

/**
 * {@code duet.search.SearchService}, generated from api/openapi: {@code Count}, {@code Explain} and
 * {@code Msearch}, which org.opensearch.protobufs has no RPC for, and {@code Search} with REST's
 * JSON body, for what org.opensearch.protobufs 1.6.0 cannot express; both run as their REST
 * operations ({@link RestOperations}), so {@code q}, index options and the query decoder are
 * REST's. The fast search is {@code org.opensearch.protobufs.services.SearchService/Search} ({@link
 * SearchRpcs}).
 */
final class CountRpcs extends SearchServiceGrpc.SearchServiceImplBase {
  private final RestOperations rest;

  CountRpcs(RestOperations rest) {
    this.rest = requireNonNull(rest, "rest");
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

  @Override
  public void search(SearchRequest request, StreamObserver<SearchResult> responses) {
    rest.unary(
        "duet.search.SearchService/Search",
        request,
        SearchResult.getDefaultInstance(),
        responses,
        route(GET, "/_search"),
        route(GET, "/{index}/_search"));
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
}
