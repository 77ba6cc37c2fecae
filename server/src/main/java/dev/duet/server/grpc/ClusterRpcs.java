package dev.duet.server.grpc;

import static com.linecorp.armeria.common.HttpMethod.DELETE;
import static com.linecorp.armeria.common.HttpMethod.GET;
import static com.linecorp.armeria.common.HttpMethod.POST;
import static com.linecorp.armeria.common.HttpMethod.PUT;
import static dev.duet.server.grpc.RestOperations.route;
import static java.util.Objects.requireNonNull;

import dev.duet.api.cluster.ClusterServiceGrpc;
import dev.duet.api.cluster.GetSettingsRequest;
import dev.duet.api.cluster.HealthRequest;
import dev.duet.api.cluster.PutSettingsRequest;
import dev.duet.api.common.ClusterHealthResult;
import dev.duet.api.common.ClusterSettingsResult;
import dev.duet.api.common.ClusterSettingsUpdateResult;
import io.grpc.stub.StreamObserver;

/** {@code duet.cluster.ClusterService}, generated from api/openapi: cluster health, as REST. */
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

  @Override
  public void state(
      dev.duet.api.cluster.StateRequest request,
      StreamObserver<dev.duet.api.cluster.StateResponse> responses) {
    rest.unary(
        "duet.cluster.ClusterService/State",
        request,
        dev.duet.api.cluster.StateResponse.getDefaultInstance(),
        responses,
        route(GET, "/_cluster/state"),
        route(GET, "/_cluster/state/{metric}"),
        route(GET, "/_cluster/state/{metric}/{index}"));
  }

  @Override
  public void postVotingConfigExclusions(
      dev.duet.api.cluster.PostVotingConfigExclusionsRequest request,
      StreamObserver<com.google.protobuf.Empty> responses) {
    rest.unary(
        "duet.cluster.ClusterService/PostVotingConfigExclusions",
        request,
        com.google.protobuf.Empty.getDefaultInstance(),
        responses,
        route(POST, "/_cluster/voting_config_exclusions"));
  }

  @Override
  public void deleteVotingConfigExclusions(
      dev.duet.api.cluster.DeleteVotingConfigExclusionsRequest request,
      StreamObserver<com.google.protobuf.Empty> responses) {
    rest.unary(
        "duet.cluster.ClusterService/DeleteVotingConfigExclusions",
        request,
        com.google.protobuf.Empty.getDefaultInstance(),
        responses,
        route(DELETE, "/_cluster/voting_config_exclusions"));
  }

  @Override
  public void reroute(
      dev.duet.api.cluster.RerouteRequest request,
      StreamObserver<dev.duet.api.cluster.RerouteResponse> responses) {
    rest.unary(
        "duet.cluster.ClusterService/Reroute",
        request,
        dev.duet.api.cluster.RerouteResponse.getDefaultInstance(),
        responses,
        route(POST, "/_cluster/reroute"));
  }

  @Override
  public void pendingTasks(
      dev.duet.api.cluster.PendingTasksRequest request,
      StreamObserver<dev.duet.api.cluster.PendingTasksResponse> responses) {
    rest.unary(
        "duet.cluster.ClusterService/PendingTasks",
        request,
        dev.duet.api.cluster.PendingTasksResponse.getDefaultInstance(),
        responses,
        route(GET, "/_cluster/pending_tasks"));
  }

  @Override
  public void remoteInfo(
      dev.duet.api.cluster.RemoteInfoRequest request,
      StreamObserver<dev.duet.api.cluster.RemoteInfoResponse> responses) {
    rest.unary(
        "duet.cluster.ClusterService/RemoteInfo",
        request,
        dev.duet.api.cluster.RemoteInfoResponse.getDefaultInstance(),
        responses,
        route(GET, "/_remote/info"));
  }

  @Override
  public void allocationExplain(
      dev.duet.api.cluster.AllocationExplainRequest request,
      StreamObserver<dev.duet.api.cluster.AllocationExplainResponse> responses) {
    rest.unary(
        "duet.cluster.ClusterService/AllocationExplain",
        request,
        dev.duet.api.cluster.AllocationExplainResponse.getDefaultInstance(),
        responses,
        route(GET, "/_cluster/allocation/explain"),
        route(POST, "/_cluster/allocation/explain"));
  }

  @Override
  public void stats(
      dev.duet.api.cluster.StatsRequest request,
      StreamObserver<dev.duet.api.cluster.StatsResponse> responses) {
    rest.unary(
        "duet.cluster.ClusterService/Stats",
        request,
        dev.duet.api.cluster.StatsResponse.getDefaultInstance(),
        responses,
        route(GET, "/_cluster/stats"),
        route(GET, "/_cluster/stats/nodes/{node_id}"));
  }

  @Override
  public void tasksList(
      dev.duet.api.cluster.TasksListRequest request,
      StreamObserver<dev.duet.api.cluster.TasksListResponse> responses) {
    rest.unary(
        "duet.cluster.ClusterService/TasksList",
        request,
        dev.duet.api.cluster.TasksListResponse.getDefaultInstance(),
        responses,
        route(GET, "/_tasks"));
  }

  @Override
  public void tasksGet(
      dev.duet.api.cluster.TasksGetRequest request,
      StreamObserver<dev.duet.api.cluster.TasksGetResponse> responses) {
    rest.unary(
        "duet.cluster.ClusterService/TasksGet",
        request,
        dev.duet.api.cluster.TasksGetResponse.getDefaultInstance(),
        responses,
        route(GET, "/_tasks/{task_id}"));
  }

  @Override
  public void tasksCancel(
      dev.duet.api.cluster.TasksCancelRequest request,
      StreamObserver<dev.duet.api.cluster.TasksCancelResponse> responses) {
    rest.unary(
        "duet.cluster.ClusterService/TasksCancel",
        request,
        dev.duet.api.cluster.TasksCancelResponse.getDefaultInstance(),
        responses,
        route(POST, "/_tasks/_cancel"),
        route(POST, "/_tasks/{task_id}/_cancel"));
  }

  @Override
  public void deleteByQueryRethrottle(
      dev.duet.api.cluster.DeleteByQueryRethrottleRequest request,
      StreamObserver<dev.duet.api.cluster.DeleteByQueryRethrottleResponse> responses) {
    rest.unary(
        "duet.cluster.ClusterService/DeleteByQueryRethrottle",
        request,
        dev.duet.api.cluster.DeleteByQueryRethrottleResponse.getDefaultInstance(),
        responses,
        route(POST, "/_delete_by_query/{task_id}/_rethrottle"));
  }

  @Override
  public void updateByQueryRethrottle(
      dev.duet.api.cluster.UpdateByQueryRethrottleRequest request,
      StreamObserver<dev.duet.api.cluster.UpdateByQueryRethrottleResponse> responses) {
    rest.unary(
        "duet.cluster.ClusterService/UpdateByQueryRethrottle",
        request,
        dev.duet.api.cluster.UpdateByQueryRethrottleResponse.getDefaultInstance(),
        responses,
        route(POST, "/_update_by_query/{task_id}/_rethrottle"));
  }

  @Override
  public void reindexRethrottle(
      dev.duet.api.cluster.ReindexRethrottleRequest request,
      StreamObserver<dev.duet.api.cluster.ReindexRethrottleResponse> responses) {
    rest.unary(
        "duet.cluster.ClusterService/ReindexRethrottle",
        request,
        dev.duet.api.cluster.ReindexRethrottleResponse.getDefaultInstance(),
        responses,
        route(POST, "/_reindex/{task_id}/_rethrottle"));
  }
}
