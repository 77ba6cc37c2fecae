package dev.duet.server.grpc;

import static com.linecorp.armeria.common.HttpMethod.GET;
import static dev.duet.server.grpc.RestOperations.route;
import static java.util.Objects.requireNonNull;

import com.linecorp.armeria.server.annotation.Blocking;
import dev.duet.api.cluster.ClusterServiceGrpc;
import dev.duet.api.cluster.HealthRequest;
import dev.duet.api.common.ClusterHealthResult;
import io.grpc.stub.StreamObserver;

/** {@code duet.cluster.ClusterService}, generated from api/openapi: cluster health, as REST. */
@Blocking // every RPC calls the engine, which may block (GrpcTransport)
final class ClusterRpcs extends ClusterServiceGrpc.ClusterServiceImplBase {
  private final RestOperations rest;

  ClusterRpcs(RestOperations rest) {
    this.rest = requireNonNull(rest, "rest");
  }

  @Override
  public void health(HealthRequest request, StreamObserver<ClusterHealthResult> responses) {
    rest.unary(
        "duet.cluster.ClusterService/Health",
        request,
        ClusterHealthResult.getDefaultInstance(),
        responses,
        route(GET, "/_cluster/health"),
        route(GET, "/_cluster/health/{index}"));
  }
}
