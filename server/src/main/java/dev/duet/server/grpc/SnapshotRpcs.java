package dev.duet.server.grpc;

import static com.linecorp.armeria.common.HttpMethod.DELETE;
import static com.linecorp.armeria.common.HttpMethod.GET;
import static com.linecorp.armeria.common.HttpMethod.POST;
import static com.linecorp.armeria.common.HttpMethod.PUT;
import static dev.duet.server.grpc.RestOperations.route;
import static java.util.Objects.requireNonNull;

import dev.duet.api.common.AcknowledgedResult;
import dev.duet.api.snapshot.SnapshotServiceGrpc;
import io.grpc.stub.StreamObserver;

/**
 * {@code duet.snapshot.SnapshotService}, generated from api/openapi: snapshot repositories,
 * snapshots and restores, each RPC run as its REST operation.
 */
final class SnapshotRpcs extends SnapshotServiceGrpc.SnapshotServiceImplBase {
  private final RestOperations rest;

  SnapshotRpcs(RestOperations rest) {
    this.rest = requireNonNull(rest, "rest");
  }

  @Override
  public void cleanupRepository(
      dev.duet.api.snapshot.CleanupRepositoryRequest request,
      StreamObserver<dev.duet.api.snapshot.CleanupRepositoryResponse> responses) {
    rest.unary(
        "duet.snapshot.SnapshotService/CleanupRepository",
        request,
        dev.duet.api.snapshot.CleanupRepositoryResponse.getDefaultInstance(),
        responses,
        route(POST, "/_snapshot/{repository}/_cleanup"));
  }

  @Override
  public void clone(
      dev.duet.api.snapshot.CloneRequest request, StreamObserver<AcknowledgedResult> responses) {
    rest.unary(
        "duet.snapshot.SnapshotService/Clone",
        request,
        AcknowledgedResult.getDefaultInstance(),
        responses,
        route(PUT, "/_snapshot/{repository}/{snapshot}/_clone/{target_snapshot}"));
  }

  @Override
  public void create(
      dev.duet.api.snapshot.CreateRequest request,
      StreamObserver<dev.duet.api.snapshot.CreateResponse> responses) {
    rest.unary(
        "duet.snapshot.SnapshotService/Create",
        request,
        dev.duet.api.snapshot.CreateResponse.getDefaultInstance(),
        responses,
        route(PUT, "/_snapshot/{repository}/{snapshot}"),
        route(POST, "/_snapshot/{repository}/{snapshot}"));
  }

  @Override
  public void createRepository(
      dev.duet.api.snapshot.CreateRepositoryRequest request,
      StreamObserver<AcknowledgedResult> responses) {
    rest.unary(
        "duet.snapshot.SnapshotService/CreateRepository",
        request,
        AcknowledgedResult.getDefaultInstance(),
        responses,
        route(PUT, "/_snapshot/{repository}"),
        route(POST, "/_snapshot/{repository}"));
  }

  @Override
  public void delete(
      dev.duet.api.snapshot.DeleteRequest request, StreamObserver<AcknowledgedResult> responses) {
    rest.unary(
        "duet.snapshot.SnapshotService/Delete",
        request,
        AcknowledgedResult.getDefaultInstance(),
        responses,
        route(DELETE, "/_snapshot/{repository}/{snapshot}"));
  }

  @Override
  public void deleteRepository(
      dev.duet.api.snapshot.DeleteRepositoryRequest request,
      StreamObserver<AcknowledgedResult> responses) {
    rest.unary(
        "duet.snapshot.SnapshotService/DeleteRepository",
        request,
        AcknowledgedResult.getDefaultInstance(),
        responses,
        route(DELETE, "/_snapshot/{repository}"));
  }

  @Override
  public void get(
      dev.duet.api.snapshot.GetRequest request,
      StreamObserver<dev.duet.api.snapshot.GetResponse> responses) {
    rest.unary(
        "duet.snapshot.SnapshotService/Get",
        request,
        dev.duet.api.snapshot.GetResponse.getDefaultInstance(),
        responses,
        route(GET, "/_snapshot/{repository}/{snapshot}"));
  }

  @Override
  public void getRepository(
      dev.duet.api.snapshot.GetRepositoryRequest request,
      StreamObserver<dev.duet.api.snapshot.GetRepositoryResponse> responses) {
    rest.unary(
        "duet.snapshot.SnapshotService/GetRepository",
        request,
        dev.duet.api.snapshot.GetRepositoryResponse.getDefaultInstance(),
        responses,
        route(GET, "/_snapshot"),
        route(GET, "/_snapshot/{repository}"));
  }

  @Override
  public void restore(
      dev.duet.api.snapshot.RestoreRequest request,
      StreamObserver<dev.duet.api.snapshot.RestoreResponse> responses) {
    rest.unary(
        "duet.snapshot.SnapshotService/Restore",
        request,
        dev.duet.api.snapshot.RestoreResponse.getDefaultInstance(),
        responses,
        route(POST, "/_snapshot/{repository}/{snapshot}/_restore"));
  }

  @Override
  public void status(
      dev.duet.api.snapshot.StatusRequest request,
      StreamObserver<dev.duet.api.snapshot.StatusResponse> responses) {
    rest.unary(
        "duet.snapshot.SnapshotService/Status",
        request,
        dev.duet.api.snapshot.StatusResponse.getDefaultInstance(),
        responses,
        route(GET, "/_snapshot/_status"),
        route(GET, "/_snapshot/{repository}/_status"),
        route(GET, "/_snapshot/{repository}/{snapshot}/_status"),
        route(GET, "/_snapshot/{repository}/{snapshot}/{index}/_status"));
  }

  @Override
  public void verifyRepository(
      dev.duet.api.snapshot.VerifyRepositoryRequest request,
      StreamObserver<dev.duet.api.snapshot.VerifyRepositoryResponse> responses) {
    rest.unary(
        "duet.snapshot.SnapshotService/VerifyRepository",
        request,
        dev.duet.api.snapshot.VerifyRepositoryResponse.getDefaultInstance(),
        responses,
        route(POST, "/_snapshot/{repository}/_verify"));
  }
}
