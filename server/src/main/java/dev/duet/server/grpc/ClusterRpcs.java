package dev.duet.server.grpc;

import static com.linecorp.armeria.common.HttpMethod.GET;
import static com.linecorp.armeria.common.HttpMethod.PUT;
import static dev.duet.server.grpc.RestOperations.route;
import static java.util.Objects.requireNonNull;

import com.linecorp.armeria.server.annotation.Blocking;
import dev.duet.api.cluster.ClusterServiceGrpc;
import dev.duet.api.cluster.GetSettingsRequest;
import dev.duet.api.cluster.HealthRequest;
import dev.duet.api.cluster.PutSettingsRequest;
import dev.duet.api.common.ClusterHealthResult;
import dev.duet.api.common.ClusterSettingsResult;
import dev.duet.api.common.ClusterSettingsUpdateResult;
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

  @Override
  public void getSettings(
      GetSettingsRequest request, StreamObserver<ClusterSettingsResult> responses) {
    rest.unary(
        "duet.cluster.ClusterService/GetSettings",
        request,
        ClusterSettingsResult.getDefaultInstance(),
        responses,
        route(GET, "/_cluster/settings"));
  }

  @Override
  public void putSettings(
      PutSettingsRequest request, StreamObserver<ClusterSettingsUpdateResult> responses) {
    rest.unary(
        "duet.cluster.ClusterService/PutSettings",
        request,
        ClusterSettingsUpdateResult.getDefaultInstance(),
        responses,
        route(PUT, "/_cluster/settings"));
  }
}
