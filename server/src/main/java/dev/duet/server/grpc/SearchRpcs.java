package dev.duet.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.PointInTime;
import dev.duet.server.action.SearchAction;
import dev.duet.server.action.SearchSessionAction;
import dev.duet.server.pool.WorkPool;
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
 * {@code org.opensearch.protobufs.services.SearchService}: Search (in a point in time, or opening a
 * scroll, when the request says so), CreatePit, DeletePit, and ServerStreamSearch, which streams
 * one search's hits in batches.
 *
 * <p>Search starts on the event loop: a search the request cache answers is answered there, and
 * only the others go to the search pool; the other RPCs run on a blocking thread (GrpcTransport).
 */
final class SearchRpcs extends SearchServiceGrpc.SearchServiceImplBase {
  /** Larger requests are decoded off the event loop, even when their answer may be cached. */
  private static final int MAX_REQUEST_ON_EVENT_LOOP = 8 * 1024;

  private final SearchAction search;
  private final SearchSessionAction sessions;
  private final Function<String, Mapping> mappings;
  private final WorkPool pool;

  /**
   * @param mappings an index's current mapping by name, to type sort values as OpenSearch does
   */
  SearchRpcs(
      SearchAction search,
      SearchSessionAction sessions,
      Function<String, Mapping> mappings,
      WorkPool pool) {
    this.pool = requireNonNull(pool, "pool");
    this.search = requireNonNull(search, "search");
    this.sessions = requireNonNull(sessions, "sessions");
    this.mappings = requireNonNull(mappings, "mappings");
  }

  @Override
  public void search(SearchRequest request, StreamObserver<SearchResponse> responses) {
    SearchResponse cached = cachedAnswer(request);
    if (cached != null) {
      responses.onNext(cached);
      responses.onCompleted();
      return;
    }
    RpcCalls.unaryOffLoop(
        pool,
        "SearchService/Search",
        request.getSerializedSize(),
        responses,
        () -> execute(request));
  }

  /**
   * On the event loop: the request cache's answer to a small request, or null, errors included
   * ({@link #execute} reports those).
   */
  private SearchResponse cachedAnswer(SearchRequest request) {
    if (request.getSerializedSize() > MAX_REQUEST_ON_EVENT_LOOP) {
      return null;
    }
    try {
      dev.duet.engine.search.SearchRequest decoded = SearchRequestDecoder.decode(request);
      dev.duet.engine.search.SearchResponse cached = search.cached(decoded);
      return cached == null ? null : encode(request, decoded, cached);
    } catch (RuntimeException | StackOverflowError e) {
      return null;
    }
  }

  @Override
  public void createPit(CreatePitRequest request, StreamObserver<CreatePITResponse> responses) {
    RpcCalls.unary(
        "SearchService/CreatePit",
        responses,
        () -> {
          PointInTime pit =
              sessions.createPit(
                  request.getIndexList(),
                  PitMessages.indicesOptions(request),
                  request.getKeepAlive().isEmpty() ? null : request.getKeepAlive());
          return PitMessages.created(pit);
        });
  }

  @Override
  public void deletePit(DeletePitRequest request, StreamObserver<DeletePITResponse> responses) {
    RpcCalls.unary(
        "SearchService/DeletePit",
        responses,
        () -> PitMessages.deleted(sessions.deletePits(request.getPitIdList())));
  }

  /** The hits of one search in batches ({@link SearchStreamBatches}). */
  @Override
  public void serverStreamSearch(SearchRequest request, StreamObserver<SearchResponse> responses) {
    RpcCalls.stream(
        "SearchService/ServerStreamSearch",
        responses,
        () -> SearchStreamBatches.split(execute(request)));
  }

  private SearchResponse execute(SearchRequest request) {
    dev.duet.engine.search.SearchRequest decoded = SearchRequestDecoder.decode(request);
    return encode(request, decoded, search.execute(decoded));
  }

  private SearchResponse encode(
      SearchRequest request,
      dev.duet.engine.search.SearchRequest decoded,
      dev.duet.engine.search.SearchResponse response) {
    return SearchResponseEncoder.encode(
        response,
        request.hasTotalHitsAsInt() && request.getTotalHitsAsInt(),
        // Always with the mappings: inner hits have sort keys of their own (forSort).
        new SortValueTypes(decoded.sort(), mappings),
        decoded.aggregations());
  }
}
