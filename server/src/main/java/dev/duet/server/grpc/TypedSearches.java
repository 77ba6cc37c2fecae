package dev.duet.server.grpc;

import static java.util.Objects.requireNonNull;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.linecorp.armeria.common.HttpMethod;
import com.linecorp.armeria.common.QueryParams;
import com.linecorp.armeria.common.QueryParamsBuilder;
import dev.duet.api.common.SearchBody;
import dev.duet.api.common.SearchResult;
import dev.duet.api.search.SearchRequest;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchResponse;
import dev.duet.server.action.SearchAction;
import dev.duet.server.pool.WorkPool;
import dev.duet.server.pool.WorkPools;
import dev.duet.server.rest.RestRequest;
import dev.duet.server.rest.SearchJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * {@code duet.search.SearchService/Search} without JSON on its hot path: the body's {@code query}
 * and {@code aggs} are decoded from their typed messages into the model ({@link TypedQueryDecoder},
 * {@link TypedAggregationDecoder}); the URL fields and the body's other keys (few, small) are read
 * by REST's search decoder, as REST reads them, so a parameter has one rule on both ports; the
 * answer is built as the typed message from the engine's response ({@link TypedSearchEncoder}).
 */
final class TypedSearches {
  private static final String RPC = "duet.search.SearchService/Search";

  private final SearchAction search;
  private final WorkPools pools;

  TypedSearches(SearchAction search, WorkPools pools) {
    this.search = requireNonNull(search, "search");
    this.pools = requireNonNull(pools, "pools");
  }

  /** The answer to {@code request}, run under the search pool's admission on this thread. */
  SearchResult search(SearchRequest request) {
    String pattern =
        request.hasIndex() && !request.getIndex().isEmpty() ? "/{index}/_search" : "/_search";
    WorkPool pool = pools.forRoute(HttpMethod.GET, pattern);
    if (pool == null) {
      return run(request);
    }
    return pool.runInline(() -> "[" + RPC + "]", request.getSerializedSize(), () -> run(request));
  }

  private SearchResult run(SearchRequest request) {
    dev.duet.engine.search.SearchRequest decoded = decode(request);
    SearchResponse response = search.execute(decoded);
    boolean typedKeys = request.hasTypedKeys() && request.getTypedKeys();
    if (!TypedSearchEncoder.encodes(response)) {
      return TypedSearchEncoder.viaJson(response, typedKeys, decoded.aggregations());
    }
    return TypedSearchEncoder.encode(response, typedKeys, decoded.aggregations());
  }

  /** The request as REST's search decoder reads it, with the typed query and aggs decoded here. */
  static dev.duet.engine.search.SearchRequest decode(SearchRequest request) {
    Map<String, String> path = Map.of();
    QueryParamsBuilder params = QueryParams.builder();
    for (Map.Entry<FieldDescriptor, Object> e : request.getAllFields().entrySet()) {
      FieldDescriptor f = e.getKey();
      switch (f.getNumber()) {
        case SearchRequest.BODY_FIELD_NUMBER -> {}
        case SearchRequest.INDEX_FIELD_NUMBER -> {
          String index = (String) e.getValue();
          if (!index.isEmpty()) {
            RestOperations.checkPathValue("index", index);
            path = Map.of("index", index);
          }
        }
        default -> params.add(f.getJsonName(), RestOperations.text(f, e.getValue()));
      }
    }
    SearchBody body = request.getBody();
    Query query = null;
    List<Aggregation> aggs = null;
    SearchBody.Builder others = null;
    if (body.hasQuery()) {
      query = TypedQueryDecoder.decode(body.getQuery());
      others = body.toBuilder().clearQuery();
    }
    // Both maps given: REST's decoder reads them as REST reads both keys.
    if (body.getAggsCount() > 0 != body.getAggregationsCount() > 0) {
      aggs =
          TypedAggregationDecoder.decode(
              body.getAggsCount() > 0 ? body.getAggsMap() : body.getAggregationsMap());
      others = (others == null ? body.toBuilder() : others).clearAggs().clearAggregations();
    }
    SearchBody rest = others == null ? body : others.build();
    byte[] json = rest.getSerializedSize() == 0 ? new byte[0] : RestBodies.json(rest);
    RestRequest call = RestRequest.of(HttpMethod.GET, path, params.build(), json);
    try {
      return SearchJson.search(call, query, aggs);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
