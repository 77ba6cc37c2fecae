package dev.duet.server.grpc;

import static java.util.Objects.requireNonNull;

import com.google.protobuf.Empty;
import dev.duet.api.common.AcknowledgedResult;
import dev.duet.api.common.CreateIndexResult;
import dev.duet.api.common.ShardStatistics;
import dev.duet.api.common.ShardsResult;
import dev.duet.api.indices.CreateRequest;
import dev.duet.api.indices.DeleteRequest;
import dev.duet.api.indices.ExistsRequest;
import dev.duet.api.indices.IndicesServiceGrpc;
import dev.duet.api.indices.RefreshRequest;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexInfo;
import dev.duet.server.action.Actions;
import dev.duet.server.action.ShardCounts;
import dev.duet.server.rest.codec.CreateIndexDecoder;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * {@code duet.indices.IndicesService}, generated from api/openapi: index create, delete, exists and
 * refresh through the same actions as REST. The other RPCs answer UNIMPLEMENTED for now.
 */
final class IndicesRpcs extends IndicesServiceGrpc.IndicesServiceImplBase {
  private final Actions actions;

  IndicesRpcs(Actions actions) {
    this.actions = requireNonNull(actions, "actions");
  }

  @Override
  public void create(CreateRequest request, StreamObserver<CreateIndexResult> responses) {
    RpcCalls.unary(
        "IndicesService/Create",
        responses,
        () -> {
          CreateIndexDecoder.CreateIndexBody body = decodeBody(request);
          IndexInfo info =
              actions.createIndex().execute(request.getIndex(), body.settings(), body.mapping());
          return CreateIndexResult.newBuilder()
              .setAcknowledged(true)
              .setShardsAcknowledged(true)
              .setIndex(info.name())
              .build();
        });
  }

  @Override
  public void delete(DeleteRequest request, StreamObserver<AcknowledgedResult> responses) {
    RpcCalls.unary(
        "IndicesService/Delete",
        responses,
        () -> {
          actions.deleteIndex().execute(request.getIndex());
          return AcknowledgedResult.newBuilder().setAcknowledged(true).build();
        });
  }

  /** OK when the index exists, NOT_FOUND (as a missing index) when not: REST's 200 and 404. */
  @Override
  public void exists(ExistsRequest request, StreamObserver<Empty> responses) {
    RpcCalls.unary(
        "IndicesService/Exists",
        responses,
        () -> {
          if (!actions.indices().exists(request.getIndex())) {
            throw DuetException.indexNotFound(request.getIndex());
          }
          return Empty.getDefaultInstance();
        });
  }

  @Override
  public void refresh(RefreshRequest request, StreamObserver<ShardsResult> responses) {
    RpcCalls.unary(
        "IndicesService/Refresh",
        responses,
        () -> {
          ShardCounts shards =
              ShardCounts.of(
                  actions.refresh().execute(request.hasIndex() ? request.getIndex() : null));
          return ShardsResult.newBuilder()
              .setXShards(
                  ShardStatistics.newBuilder()
                      .setTotal(shards.total())
                      .setSuccessful(shards.successful())
                      .setFailed(shards.failed()))
              .build();
        });
  }

  /** The body through REST's decoder, so settings and mappings obey one set of rules. */
  private static CreateIndexDecoder.CreateIndexBody decodeBody(CreateRequest request) {
    byte[] json = request.hasBody() ? RestBodies.json(request.getBody()) : new byte[0];
    try {
      return CreateIndexDecoder.decode(json, 0, json.length);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
