package dev.duet.server.grpc;

import static com.linecorp.armeria.common.HttpMethod.GET;
import static dev.duet.server.grpc.RestOperations.route;
import static java.util.Objects.requireNonNull;

import com.linecorp.armeria.server.annotation.Blocking;
import dev.duet.api.cat.CatServiceGrpc;
import dev.duet.api.cat.IndicesRequest;
import dev.duet.api.cat.IndicesResponse;
import dev.duet.engine.error.DuetException;
import io.grpc.stub.StreamObserver;

/**
 * {@code duet.cat.CatService}, generated from api/openapi: {@code _cat/indices} as REST's {@code
 * format=json} rows, the only form its response message carries.
 */
@Blocking // every RPC calls the engine, which may block (GrpcTransport)
final class CatRpcs extends CatServiceGrpc.CatServiceImplBase {
  private final RestOperations rest;

  CatRpcs(RestOperations rest) {
    this.rest = requireNonNull(rest, "rest");
  }

  @Override
  public void indices(IndicesRequest request, StreamObserver<IndicesResponse> responses) {
    if (request.hasFormat() && !request.getFormat().equals("json")) {
      responses.onError(
          GrpcErrors.toStatus(
              DuetException.illegalArgument(
                  "format: "
                      + request.getFormat()
                      + " (expected: json; gRPC answers with rows, not text)")));
      return;
    }
    rest.unary(
        "duet.cat.CatService/Indices",
        request.toBuilder().setFormat("json").build(),
        IndicesResponse.getDefaultInstance(),
        responses,
        route(GET, "/_cat/indices"),
        route(GET, "/_cat/indices/{index}"));
  }
}
