package dev.duet.server.grpc;

import static com.linecorp.armeria.common.HttpMethod.GET;
import static com.linecorp.armeria.common.HttpMethod.HEAD;
import static dev.duet.server.grpc.RestOperations.route;
import static java.util.Objects.requireNonNull;

import com.google.protobuf.Empty;
import dev.duet.api.common.InfoResult;
import dev.duet.api.info.InfoRequest;
import dev.duet.api.info.InfoServiceGrpc;
import dev.duet.api.info.PingRequest;
import io.grpc.stub.StreamObserver;

/**
 * {@code duet.info.InfoService}, generated from api/openapi: REST's {@code GET /} and {@code HEAD
 * /}.
 */
final class InfoRpcs extends InfoServiceGrpc.InfoServiceImplBase {
  private final RestOperations rest;

  InfoRpcs(RestOperations rest) {
    this.rest = requireNonNull(rest, "rest");
  }

  @Override
  public void info(InfoRequest request, StreamObserver<InfoResult> responses) {
    rest.unary(
        "duet.info.InfoService/Info",
        request,
        InfoResult.getDefaultInstance(),
        responses,
        route(GET, "/"));
  }

  @Override
  public void ping(PingRequest request, StreamObserver<Empty> responses) {
    rest.unary(
        "duet.info.InfoService/Ping",
        request,
        Empty.getDefaultInstance(),
        responses,
        route(HEAD, "/"));
  }
}
