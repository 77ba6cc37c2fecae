package dev.duet.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.duet.api.common.CountResult;
import dev.duet.api.common.ShardStatistics;
import dev.duet.api.search.CountRequest;
import dev.duet.api.search.SearchServiceGrpc;
import dev.duet.engine.search.SearchRequest;
import dev.duet.server.action.CountAction;
import dev.duet.server.rest.codec.SearchRequestDecoder;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * {@code duet.search.SearchService}, generated from api/openapi: {@code Count}, which
 * org.opensearch.protobufs has no RPC for, through the same action and query decoder as REST.
 * Searches go to {@code org.opensearch.protobufs.services.SearchService/Search}; this service's
 * {@code Search} answers UNIMPLEMENTED.
 */
final class CountRpcs extends SearchServiceGrpc.SearchServiceImplBase {
  private static final SearchRequestDecoder.UrlParams NO_URL_PARAMS =
      new SearchRequestDecoder.UrlParams(null, null, null, null, null, null, null);

  private final CountAction count;

  CountRpcs(CountAction count) {
    this.count = requireNonNull(count, "count");
  }

  @Override
  public void count(CountRequest request, StreamObserver<CountResult> responses) {
    RpcCalls.unary(
        "duet.search.SearchService/Count",
        responses,
        () -> {
          byte[] body = request.hasBody() ? RestBodies.json(request.getBody()) : new byte[0];
          SearchRequest parsed;
          try {
            parsed =
                SearchRequestDecoder.decode(
                    CountAction.indices(request.hasIndex() ? request.getIndex() : null),
                    body,
                    0,
                    body.length,
                    NO_URL_PARAMS);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
          CountAction.Result result = count.execute(parsed);
          return CountResult.newBuilder()
              .setCount(result.count())
              .setXShards(
                  ShardStatistics.newBuilder()
                      .setTotal(result.shards())
                      .setSuccessful(result.shards())
                      .setSkipped(0)
                      .setFailed(0))
              .build();
        });
  }
}
