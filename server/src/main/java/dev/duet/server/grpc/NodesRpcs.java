package dev.duet.server.grpc;

import static com.linecorp.armeria.common.HttpMethod.GET;
import static com.linecorp.armeria.common.HttpMethod.POST;
import static dev.duet.server.grpc.RestOperations.route;
import static java.util.Objects.requireNonNull;

import dev.duet.api.nodes.InfoRequest;
import dev.duet.api.nodes.InfoResponse;
import dev.duet.api.nodes.NodesServiceGrpc;
import dev.duet.api.nodes.StatsRequest;
import dev.duet.api.nodes.StatsResponse;
import io.grpc.stub.StreamObserver;

/** {@code duet.nodes.NodesService}, generated from api/openapi: {@code _nodes} info and stats. */
final class NodesRpcs extends NodesServiceGrpc.NodesServiceImplBase {
  private final RestOperations rest;

  NodesRpcs(RestOperations rest) {
    this.rest = requireNonNull(rest, "rest");
  }

  @Override
  public void info(InfoRequest request, StreamObserver<InfoResponse> responses) {
    rest.unary(
        "duet.nodes.NodesService/Info",
        request,
        InfoResponse.getDefaultInstance(),
        responses,
        route(GET, "/_nodes"),
        route(GET, "/_nodes/{node_id}"),
        route(GET, "/_nodes/{node_id}/{metric}"));
  }

  @Override
  public void stats(StatsRequest request, StreamObserver<StatsResponse> responses) {
    rest.unary(
        "duet.nodes.NodesService/Stats",
        request,
        StatsResponse.getDefaultInstance(),
        responses,
        route(GET, "/_nodes/stats"),
        route(GET, "/_nodes/stats/{metric}"),
        route(GET, "/_nodes/stats/{metric}/{index_metric}"),
        route(GET, "/_nodes/{node_id}/stats"),
        route(GET, "/_nodes/{node_id}/stats/{metric}"),
        route(GET, "/_nodes/{node_id}/stats/{metric}/{index_metric}"));
  }

  @Override
  public void reloadSecureSettings(
      dev.duet.api.nodes.ReloadSecureSettingsRequest request,
      StreamObserver<dev.duet.api.nodes.ReloadSecureSettingsResponse> responses) {
    rest.unary(
        "duet.nodes.NodesService/ReloadSecureSettings",
        request,
        dev.duet.api.nodes.ReloadSecureSettingsResponse.getDefaultInstance(),
        responses,
        route(POST, "/_nodes/reload_secure_settings"),
        route(POST, "/_nodes/{node_id}/reload_secure_settings"));
  }
}
