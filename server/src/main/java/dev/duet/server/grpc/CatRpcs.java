package dev.duet.server.grpc;

import static com.linecorp.armeria.common.HttpMethod.GET;
import static dev.duet.server.grpc.RestOperations.route;
import static java.util.Objects.requireNonNull;

import dev.duet.api.cat.AliasesRequest;
import dev.duet.api.cat.AliasesResponse;
import dev.duet.api.cat.CatServiceGrpc;
import dev.duet.api.cat.CountRequest;
import dev.duet.api.cat.CountResponse;
import dev.duet.api.cat.HealthRequest;
import dev.duet.api.cat.HealthResponse;
import dev.duet.api.cat.IndicesRequest;
import dev.duet.api.cat.IndicesResponse;
import dev.duet.engine.error.DuetException;
import io.grpc.stub.StreamObserver;

/**
 * {@code duet.cat.CatService}, generated from api/openapi: {@code _cat/indices}, {@code count},
 * {@code health} and {@code aliases} as REST's {@code format=json} rows, the only form their
 * response messages carry.
 */
final class CatRpcs extends CatServiceGrpc.CatServiceImplBase {
  private final RestOperations rest;

  CatRpcs(RestOperations rest) {
    this.rest = requireNonNull(rest, "rest");
  }

  @Override
  public void indices(IndicesRequest request, StreamObserver<IndicesResponse> responses) {
    if (refusesText(request.hasFormat(), request.getFormat(), responses)) {
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

  @Override
  public void segments(
      dev.duet.api.cat.SegmentsRequest request,
      StreamObserver<dev.duet.api.cat.SegmentsResponse> responses) {
    if (refusesText(request.hasFormat(), request.getFormat(), responses)) {
      return;
    }
    rest.unary(
        "duet.cat.CatService/Segments",
        request.toBuilder().setFormat("json").build(),
        dev.duet.api.cat.SegmentsResponse.getDefaultInstance(),
        responses,
        route(GET, "/_cat/segments"),
        route(GET, "/_cat/segments/{index}"));
  }

  @Override
  public void count(CountRequest request, StreamObserver<CountResponse> responses) {
    if (refusesText(request.hasFormat(), request.getFormat(), responses)) {
      return;
    }
    rest.unary(
        "duet.cat.CatService/Count",
        request.toBuilder().setFormat("json").build(),
        CountResponse.getDefaultInstance(),
        responses,
        route(GET, "/_cat/count"),
        route(GET, "/_cat/count/{index}"));
  }

  @Override
  public void health(HealthRequest request, StreamObserver<HealthResponse> responses) {
    if (refusesText(request.hasFormat(), request.getFormat(), responses)) {
      return;
    }
    rest.unary(
        "duet.cat.CatService/Health",
        request.toBuilder().setFormat("json").build(),
        HealthResponse.getDefaultInstance(),
        responses,
        route(GET, "/_cat/health"));
  }

  @Override
  public void aliases(AliasesRequest request, StreamObserver<AliasesResponse> responses) {
    if (refusesText(request.hasFormat(), request.getFormat(), responses)) {
      return;
    }
    rest.unary(
        "duet.cat.CatService/Aliases",
        request.toBuilder().setFormat("json").build(),
        AliasesResponse.getDefaultInstance(),
        responses,
        route(GET, "/_cat/aliases"),
        route(GET, "/_cat/aliases/{name}"));
  }

  @Override
  public void allocation(
      dev.duet.api.cat.AllocationRequest request,
      StreamObserver<dev.duet.api.cat.AllocationResponse> responses) {
    if (refusesText(request.hasFormat(), request.getFormat(), responses)) {
      return;
    }
    rest.unary(
        "duet.cat.CatService/Allocation",
        request.toBuilder().setFormat("json").build(),
        dev.duet.api.cat.AllocationResponse.getDefaultInstance(),
        responses,
        route(GET, "/_cat/allocation"),
        route(GET, "/_cat/allocation/{node_id}"));
  }

  @Override
  public void nodes(
      dev.duet.api.cat.NodesRequest request,
      StreamObserver<dev.duet.api.cat.NodesResponse> responses) {
    if (refusesText(request.hasFormat(), request.getFormat(), responses)) {
      return;
    }
    rest.unary(
        "duet.cat.CatService/Nodes",
        request.toBuilder().setFormat("json").build(),
        dev.duet.api.cat.NodesResponse.getDefaultInstance(),
        responses,
        route(GET, "/_cat/nodes"));
  }

  @Override
  public void shards(
      dev.duet.api.cat.ShardsRequest request,
      StreamObserver<dev.duet.api.cat.ShardsResponse> responses) {
    if (refusesText(request.hasFormat(), request.getFormat(), responses)) {
      return;
    }
    rest.unary(
        "duet.cat.CatService/Shards",
        request.toBuilder().setFormat("json").build(),
        dev.duet.api.cat.ShardsResponse.getDefaultInstance(),
        responses,
        route(GET, "/_cat/shards"),
        route(GET, "/_cat/shards/{index}"));
  }

  @Override
  public void clusterManager(
      dev.duet.api.cat.ClusterManagerRequest request,
      StreamObserver<dev.duet.api.cat.ClusterManagerResponse> responses) {
    if (refusesText(request.hasFormat(), request.getFormat(), responses)) {
      return;
    }
    rest.unary(
        "duet.cat.CatService/ClusterManager",
        request.toBuilder().setFormat("json").build(),
        dev.duet.api.cat.ClusterManagerResponse.getDefaultInstance(),
        responses,
        route(GET, "/_cat/cluster_manager"));
  }

  @Override
  public void master(
      dev.duet.api.cat.MasterRequest request,
      StreamObserver<dev.duet.api.cat.MasterResponse> responses) {
    if (refusesText(request.hasFormat(), request.getFormat(), responses)) {
      return;
    }
    rest.unary(
        "duet.cat.CatService/Master",
        request.toBuilder().setFormat("json").build(),
        dev.duet.api.cat.MasterResponse.getDefaultInstance(),
        responses,
        route(GET, "/_cat/master"));
  }

  @Override
  public void threadPool(
      dev.duet.api.cat.ThreadPoolRequest request,
      StreamObserver<dev.duet.api.cat.ThreadPoolResponse> responses) {
    if (refusesText(request.hasFormat(), request.getFormat(), responses)) {
      return;
    }
    rest.unary(
        "duet.cat.CatService/ThreadPool",
        request.toBuilder().setFormat("json").build(),
        dev.duet.api.cat.ThreadPoolResponse.getDefaultInstance(),
        responses,
        route(GET, "/_cat/thread_pool"),
        route(GET, "/_cat/thread_pool/{thread_pool_patterns}"));
  }

  @Override
  public void nodeattrs(
      dev.duet.api.cat.NodeattrsRequest request,
      StreamObserver<dev.duet.api.cat.NodeattrsResponse> responses) {
    if (refusesText(request.hasFormat(), request.getFormat(), responses)) {
      return;
    }
    rest.unary(
        "duet.cat.CatService/Nodeattrs",
        request.toBuilder().setFormat("json").build(),
        dev.duet.api.cat.NodeattrsResponse.getDefaultInstance(),
        responses,
        route(GET, "/_cat/nodeattrs"));
  }

  @Override
  public void plugins(
      dev.duet.api.cat.PluginsRequest request,
      StreamObserver<dev.duet.api.cat.PluginsResponse> responses) {
    if (refusesText(request.hasFormat(), request.getFormat(), responses)) {
      return;
    }
    rest.unary(
        "duet.cat.CatService/Plugins",
        request.toBuilder().setFormat("json").build(),
        dev.duet.api.cat.PluginsResponse.getDefaultInstance(),
        responses,
        route(GET, "/_cat/plugins"));
  }

  @Override
  public void fielddata(
      dev.duet.api.cat.FielddataRequest request,
      StreamObserver<dev.duet.api.cat.FielddataResponse> responses) {
    if (refusesText(request.hasFormat(), request.getFormat(), responses)) {
      return;
    }
    rest.unary(
        "duet.cat.CatService/Fielddata",
        request.toBuilder().setFormat("json").build(),
        dev.duet.api.cat.FielddataResponse.getDefaultInstance(),
        responses,
        route(GET, "/_cat/fielddata"),
        route(GET, "/_cat/fielddata/{fields}"));
  }

  @Override
  public void repositories(
      dev.duet.api.cat.RepositoriesRequest request,
      StreamObserver<dev.duet.api.cat.RepositoriesResponse> responses) {
    if (refusesText(request.hasFormat(), request.getFormat(), responses)) {
      return;
    }
    rest.unary(
        "duet.cat.CatService/Repositories",
        request.toBuilder().setFormat("json").build(),
        dev.duet.api.cat.RepositoriesResponse.getDefaultInstance(),
        responses,
        route(GET, "/_cat/repositories"));
  }

  @Override
  public void tasks(
      dev.duet.api.cat.TasksRequest request,
      StreamObserver<dev.duet.api.cat.TasksResponse> responses) {
    if (refusesText(request.hasFormat(), request.getFormat(), responses)) {
      return;
    }
    rest.unary(
        "duet.cat.CatService/Tasks",
        request.toBuilder().setFormat("json").build(),
        dev.duet.api.cat.TasksResponse.getDefaultInstance(),
        responses,
        route(GET, "/_cat/tasks"));
  }

  @Override
  public void snapshots(
      dev.duet.api.cat.SnapshotsRequest request,
      StreamObserver<dev.duet.api.cat.SnapshotsResponse> responses) {
    if (refusesText(request.hasFormat(), request.getFormat(), responses)) {
      return;
    }
    rest.unary(
        "duet.cat.CatService/Snapshots",
        request.toBuilder().setFormat("json").build(),
        dev.duet.api.cat.SnapshotsResponse.getDefaultInstance(),
        responses,
        route(GET, "/_cat/snapshots"),
        route(GET, "/_cat/snapshots/{repository}"));
  }

  @Override
  public void templates(
      dev.duet.api.cat.TemplatesRequest request,
      StreamObserver<dev.duet.api.cat.TemplatesResponse> responses) {
    if (refusesText(request.hasFormat(), request.getFormat(), responses)) {
      return;
    }
    rest.unary(
        "duet.cat.CatService/Templates",
        request.toBuilder().setFormat("json").build(),
        dev.duet.api.cat.TemplatesResponse.getDefaultInstance(),
        responses,
        route(GET, "/_cat/templates"),
        route(GET, "/_cat/templates/{name}"));
  }

  /** True, after failing the call, when it asks for a format other than JSON rows. */
  private static boolean refusesText(
      boolean hasFormat, String format, StreamObserver<?> responses) {
    if (!hasFormat || format.equals("json")) {
      return false;
    }
    responses.onError(
        GrpcErrors.toStatus(
            DuetException.illegalArgument(
                "format: " + format + " (expected: json; gRPC answers with rows, not text)")));
    return true;
  }
}
