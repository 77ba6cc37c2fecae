package dev.duet.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.duet.server.action.SearchAction;
import io.grpc.stub.StreamObserver;
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

  SearchRpcs(SearchAction search) {
    this.search = requireNonNull(search, "search");
  }

  @Override
  public void search(SearchRequest request, StreamObserver<SearchResponse> responses) {
    RpcCalls.unary(
        "SearchService/Search",
        responses,
        () ->
            SearchResponseEncoder.encode(
                search.execute(SearchRequestDecoder.decode(request)),
                request.hasTotalHitsAsInt() && request.getTotalHitsAsInt()));
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
