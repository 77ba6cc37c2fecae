package dev.duet.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.mapping.Mapping;
import dev.duet.server.action.SearchAction;
import io.grpc.stub.StreamObserver;
import java.util.function.Function;
import org.opensearch.protobufs.CreatePITResponse;
import org.opensearch.protobufs.CreatePitRequest;
import org.opensearch.protobufs.DeletePITResponse;
import org.opensearch.protobufs.DeletePitRequest;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchResponse;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * {@code org.opensearch.protobufs.services.SearchService}: Search; point-in-time and streaming
 * search answer UNIMPLEMENTED, naming the method, until the engine has them.
 */
final class SearchRpcs extends SearchServiceGrpc.SearchServiceImplBase {
  private final SearchAction search;
  private final Function<String, Mapping> mappings;

  /**
   * @param mappings an index's current mapping by name, to type sort values as OpenSearch does
   */
  SearchRpcs(SearchAction search, Function<String, Mapping> mappings) {
    this.search = requireNonNull(search, "search");
    this.mappings = requireNonNull(mappings, "mappings");
  }

  @Override
  public void search(SearchRequest request, StreamObserver<SearchResponse> responses) {
    RpcCalls.unary(
        "SearchService/Search",
        responses,
        () -> {
          dev.duet.engine.search.SearchRequest decoded = SearchRequestDecoder.decode(request);
          return SearchResponseEncoder.encode(
              search.execute(decoded),
              request.hasTotalHitsAsInt() && request.getTotalHitsAsInt(),
              decoded.sort().isEmpty()
                  ? SortValueTypes.AS_IS
                  : new SortValueTypes(decoded.sort(), mappings),
              decoded.aggregations());
        });
  }

  @Override
  public void createPit(CreatePitRequest request, StreamObserver<CreatePITResponse> responses) {
    RpcCalls.unimplemented("SearchService/CreatePit", responses);
  }

  @Override
  public void deletePit(DeletePitRequest request, StreamObserver<DeletePITResponse> responses) {
    RpcCalls.unimplemented("SearchService/DeletePit", responses);
  }

  @Override
  public void serverStreamSearch(SearchRequest request, StreamObserver<SearchResponse> responses) {
    RpcCalls.unimplemented("SearchService/ServerStreamSearch", responses);
  }
}
