package dev.duet.server.grpc;

import static com.linecorp.armeria.common.HttpMethod.DELETE;
import static com.linecorp.armeria.common.HttpMethod.GET;
import static com.linecorp.armeria.common.HttpMethod.HEAD;
import static com.linecorp.armeria.common.HttpMethod.POST;
import static com.linecorp.armeria.common.HttpMethod.PUT;
import static dev.duet.server.grpc.RestOperations.route;
import static java.util.Objects.requireNonNull;

import com.google.protobuf.Empty;
import dev.duet.api.common.AcknowledgedResult;
import dev.duet.api.common.AnalyzeResult;
import dev.duet.api.common.CreateIndexResult;
import dev.duet.api.common.IndexStatsResult;
import dev.duet.api.common.ShardStatistics;
import dev.duet.api.common.ShardsResult;
import dev.duet.api.indices.AnalyzeRequest;
import dev.duet.api.indices.CreateRequest;
import dev.duet.api.indices.DeleteAliasRequest;
import dev.duet.api.indices.DeleteRequest;
import dev.duet.api.indices.ExistsAliasRequest;
import dev.duet.api.indices.ExistsRequest;
import dev.duet.api.indices.FlushRequest;
import dev.duet.api.indices.ForcemergeRequest;
import dev.duet.api.indices.GetAliasRequest;
import dev.duet.api.indices.GetAliasResponse;
import dev.duet.api.indices.GetMappingRequest;
import dev.duet.api.indices.GetMappingResponse;
import dev.duet.api.indices.GetRequest;
import dev.duet.api.indices.GetResponse;
import dev.duet.api.indices.GetSettingsRequest;
import dev.duet.api.indices.GetSettingsResponse;
import dev.duet.api.indices.IndicesServiceGrpc;
import dev.duet.api.indices.PutAliasRequest;
import dev.duet.api.indices.PutMappingRequest;
import dev.duet.api.indices.PutSettingsRequest;
import dev.duet.api.indices.RefreshRequest;
import dev.duet.api.indices.StatsRequest;
import dev.duet.api.indices.UpdateAliasesRequest;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexInfo;
import dev.duet.server.action.Actions;
import dev.duet.server.action.ShardCounts;
import dev.duet.server.rest.IndexHandlers;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * {@code duet.indices.IndicesService}, generated from api/openapi: index create, delete, exists and
 * refresh decoded here and run by the same actions as REST; mappings, settings, aliases, get and
 * flush run as their REST operations ({@link RestOperations}).
 */
final class IndicesRpcs extends IndicesServiceGrpc.IndicesServiceImplBase {
  private final Actions actions;
  private final RestOperations rest;

  IndicesRpcs(Actions actions, RestOperations rest) {
    this.actions = requireNonNull(actions, "actions");
    this.rest = requireNonNull(rest, "rest");
  }

  @Override
  public void create(CreateRequest request, StreamObserver<CreateIndexResult> responses) {
    RpcCalls.unary(
        "IndicesService/Create",
        responses,
        () -> {
          IndexInfo info = create(request);
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
          actions.indexAdmin().delete(request.getIndex());
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
                  actions.indexAdmin().refresh(request.hasIndex() ? request.getIndex() : null));
          return ShardsResult.newBuilder()
              .setXShards(
                  ShardStatistics.newBuilder()
                      .setTotal(shards.total())
                      .setSuccessful(shards.successful())
                      .setFailed(shards.failed()))
              .build();
        });
  }

  @Override
  public void analyze(AnalyzeRequest request, StreamObserver<AnalyzeResult> responses) {
    rest.unary(
        "duet.indices.IndicesService/Analyze",
        request,
        AnalyzeResult.getDefaultInstance(),
        responses,
        route(POST, "/_analyze"),
        route(POST, "/{index}/_analyze"));
  }

  @Override
  public void deleteAlias(
      DeleteAliasRequest request, StreamObserver<AcknowledgedResult> responses) {
    rest.unary(
        "duet.indices.IndicesService/DeleteAlias",
        request,
        AcknowledgedResult.getDefaultInstance(),
        responses,
        route(DELETE, "/{index}/_alias/{name}"));
  }

  @Override
  public void existsAlias(ExistsAliasRequest request, StreamObserver<Empty> responses) {
    rest.unary(
        "duet.indices.IndicesService/ExistsAlias",
        request,
        Empty.getDefaultInstance(),
        responses,
        route(HEAD, "/_alias/{name}"),
        route(HEAD, "/{index}/_alias/{name}"));
  }

  @Override
  public void clearCache(
      dev.duet.api.indices.ClearCacheRequest request, StreamObserver<ShardsResult> responses) {
    rest.unary(
        "duet.indices.IndicesService/ClearCache",
        request,
        ShardsResult.getDefaultInstance(),
        responses,
        route(POST, "/_cache/clear"),
        route(POST, "/{index}/_cache/clear"));
  }

  @Override
  public void close(
      dev.duet.api.indices.CloseRequest request,
      StreamObserver<dev.duet.api.common.CloseIndexResult> responses) {
    rest.unary(
        "duet.indices.IndicesService/Close",
        request,
        dev.duet.api.common.CloseIndexResult.getDefaultInstance(),
        responses,
        route(POST, "/{index}/_close"));
  }

  @Override
  public void open(
      dev.duet.api.indices.OpenRequest request,
      StreamObserver<dev.duet.api.common.OpenIndexResult> responses) {
    rest.unary(
        "duet.indices.IndicesService/Open",
        request,
        dev.duet.api.common.OpenIndexResult.getDefaultInstance(),
        responses,
        route(POST, "/{index}/_open"));
  }

  @Override
  public void addBlock(
      dev.duet.api.indices.AddBlockRequest request,
      StreamObserver<dev.duet.api.common.AddBlockResult> responses) {
    rest.unary(
        "duet.indices.IndicesService/AddBlock",
        request,
        dev.duet.api.common.AddBlockResult.getDefaultInstance(),
        responses,
        route(PUT, "/{index}/_block/{block}"));
  }

  @Override
  public void flush(FlushRequest request, StreamObserver<ShardsResult> responses) {
    rest.unary(
        "duet.indices.IndicesService/Flush",
        request,
        ShardsResult.getDefaultInstance(),
        responses,
        route(POST, "/_flush"),
        route(POST, "/{index}/_flush"));
  }

  @Override
  public void forcemerge(ForcemergeRequest request, StreamObserver<ShardsResult> responses) {
    rest.unary(
        "duet.indices.IndicesService/Forcemerge",
        request,
        ShardsResult.getDefaultInstance(),
        responses,
        route(POST, "/_forcemerge"),
        route(POST, "/{index}/_forcemerge"));
  }

  @Override
  public void segments(
      dev.duet.api.indices.SegmentsRequest request,
      StreamObserver<dev.duet.api.common.SegmentsResult> responses) {
    rest.unary(
        "duet.indices.IndicesService/Segments",
        request,
        dev.duet.api.common.SegmentsResult.getDefaultInstance(),
        responses,
        route(GET, "/_segments"),
        route(GET, "/{index}/_segments"));
  }

  @Override
  public void stats(StatsRequest request, StreamObserver<IndexStatsResult> responses) {
    rest.unary(
        "duet.indices.IndicesService/Stats",
        request,
        IndexStatsResult.getDefaultInstance(),
        responses,
        route(GET, "/_stats"),
        route(GET, "/_stats/{metric}"),
        route(GET, "/{index}/_stats"),
        route(GET, "/{index}/_stats/{metric}"));
  }

  @Override
  public void get(GetRequest request, StreamObserver<GetResponse> responses) {
    rest.unary(
        "duet.indices.IndicesService/Get",
        request,
        GetResponse.getDefaultInstance(),
        responses,
        route(GET, "/{index}"));
  }

  @Override
  public void getAlias(GetAliasRequest request, StreamObserver<GetAliasResponse> responses) {
    rest.unary(
        "duet.indices.IndicesService/GetAlias",
        request,
        GetAliasResponse.getDefaultInstance(),
        responses,
        route(GET, "/_alias"),
        route(GET, "/_alias/{name}"),
        route(GET, "/{index}/_alias"),
        route(GET, "/{index}/_alias/{name}"));
  }

  @Override
  public void getMapping(GetMappingRequest request, StreamObserver<GetMappingResponse> responses) {
    rest.unary(
        "duet.indices.IndicesService/GetMapping",
        request,
        GetMappingResponse.getDefaultInstance(),
        responses,
        route(GET, "/_mapping"),
        route(GET, "/{index}/_mapping"));
  }

  @Override
  public void getSettings(
      GetSettingsRequest request, StreamObserver<GetSettingsResponse> responses) {
    rest.unary(
        "duet.indices.IndicesService/GetSettings",
        request,
        GetSettingsResponse.getDefaultInstance(),
        responses,
        route(GET, "/_settings"),
        route(GET, "/{index}/_settings"),
        route(GET, "/_settings/{name}"),
        route(GET, "/{index}/_settings/{name}"));
  }

  @Override
  public void putAlias(PutAliasRequest request, StreamObserver<AcknowledgedResult> responses) {
    rest.unary(
        "duet.indices.IndicesService/PutAlias",
        request,
        AcknowledgedResult.getDefaultInstance(),
        responses,
        route(PUT, "/{index}/_alias/{name}"),
        route(PUT, "/{index}/_alias"),
        route(PUT, "/_alias/{name}"),
        route(PUT, "/_alias"));
  }

  @Override
  public void putMapping(PutMappingRequest request, StreamObserver<AcknowledgedResult> responses) {
    rest.unary(
        "duet.indices.IndicesService/PutMapping",
        request,
        AcknowledgedResult.getDefaultInstance(),
        responses,
        route(PUT, "/{index}/_mapping"));
  }

  @Override
  public void putSettings(
      PutSettingsRequest request, StreamObserver<AcknowledgedResult> responses) {
    rest.unary(
        "duet.indices.IndicesService/PutSettings",
        request,
        AcknowledgedResult.getDefaultInstance(),
        responses,
        route(PUT, "/_settings"),
        route(PUT, "/{index}/_settings"));
  }

  @Override
  public void updateAliases(
      UpdateAliasesRequest request, StreamObserver<AcknowledgedResult> responses) {
    rest.unary(
        "duet.indices.IndicesService/UpdateAliases",
        request,
        AcknowledgedResult.getDefaultInstance(),
        responses,
        route(POST, "/_aliases"));
  }

  /** The body through REST's decoder, so settings and mappings obey one set of rules. */
  private IndexInfo create(CreateRequest request) {
    byte[] json = request.hasBody() ? RestBodies.json(request.getBody()) : new byte[0];
    try {
      return IndexHandlers.createWithoutAliases(actions, request.getIndex(), json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void fieldCaps(
      dev.duet.api.indices.FieldCapsRequest request,
      StreamObserver<dev.duet.api.indices.FieldCapsResponse> responses) {
    rest.unary(
        "duet.indices.IndicesService/FieldCaps",
        request,
        dev.duet.api.indices.FieldCapsResponse.getDefaultInstance(),
        responses,
        route(GET, "/_field_caps"),
        route(POST, "/_field_caps"),
        route(GET, "/{index}/_field_caps"),
        route(POST, "/{index}/_field_caps"));
  }

  @Override
  public void rollover(
      dev.duet.api.indices.RolloverRequest request,
      StreamObserver<dev.duet.api.indices.RolloverResponse> responses) {
    rest.unary(
        "duet.indices.IndicesService/Rollover",
        request,
        dev.duet.api.indices.RolloverResponse.getDefaultInstance(),
        responses,
        route(POST, "/{index}/_rollover"),
        route(POST, "/{index}/_rollover/{new_index}"));
  }

  @Override
  public void getFieldMapping(
      dev.duet.api.indices.GetFieldMappingRequest request,
      StreamObserver<dev.duet.api.indices.GetFieldMappingResponse> responses) {
    rest.unary(
        "duet.indices.IndicesService/GetFieldMapping",
        request,
        dev.duet.api.indices.GetFieldMappingResponse.getDefaultInstance(),
        responses,
        route(GET, "/_mapping/field/{fields}"),
        route(GET, "/{index}/_mapping/field/{fields}"));
  }

  @Override
  public void recovery(
      dev.duet.api.indices.RecoveryRequest request,
      StreamObserver<dev.duet.api.indices.RecoveryResponse> responses) {
    rest.unary(
        "duet.indices.IndicesService/Recovery",
        request,
        dev.duet.api.indices.RecoveryResponse.getDefaultInstance(),
        responses,
        route(GET, "/_recovery"),
        route(GET, "/{index}/_recovery"));
  }

  @Override
  public void getUpgrade(
      dev.duet.api.indices.GetUpgradeRequest request,
      StreamObserver<dev.duet.api.indices.GetUpgradeResponse> responses) {
    rest.unary(
        "duet.indices.IndicesService/GetUpgrade",
        request,
        dev.duet.api.indices.GetUpgradeResponse.getDefaultInstance(),
        responses,
        route(GET, "/_upgrade"),
        route(GET, "/{index}/_upgrade"));
  }

  @Override
  public void upgrade(
      dev.duet.api.indices.UpgradeRequest request,
      StreamObserver<dev.duet.api.indices.UpgradeResponse> responses) {
    rest.unary(
        "duet.indices.IndicesService/Upgrade",
        request,
        dev.duet.api.indices.UpgradeResponse.getDefaultInstance(),
        responses,
        route(POST, "/_upgrade"),
        route(POST, "/{index}/_upgrade"));
  }

  @Override
  public void shardStores(
      dev.duet.api.indices.ShardStoresRequest request,
      StreamObserver<dev.duet.api.indices.ShardStoresResponse> responses) {
    rest.unary(
        "duet.indices.IndicesService/ShardStores",
        request,
        dev.duet.api.indices.ShardStoresResponse.getDefaultInstance(),
        responses,
        route(GET, "/_shard_stores"),
        route(GET, "/{index}/_shard_stores"));
  }

  @Override
  public void shrink(
      dev.duet.api.indices.ShrinkRequest request,
      StreamObserver<dev.duet.api.indices.ShrinkResponse> responses) {
    rest.unary(
        "duet.indices.IndicesService/Shrink",
        request,
        dev.duet.api.indices.ShrinkResponse.getDefaultInstance(),
        responses,
        route(PUT, "/{index}/_shrink/{target}"),
        route(POST, "/{index}/_shrink/{target}"));
  }

  @Override
  public void split(
      dev.duet.api.indices.SplitRequest request,
      StreamObserver<dev.duet.api.indices.SplitResponse> responses) {
    rest.unary(
        "duet.indices.IndicesService/Split",
        request,
        dev.duet.api.indices.SplitResponse.getDefaultInstance(),
        responses,
        route(PUT, "/{index}/_split/{target}"),
        route(POST, "/{index}/_split/{target}"));
  }

  @Override
  public void clone(
      dev.duet.api.indices.CloneRequest request,
      StreamObserver<dev.duet.api.indices.CloneResponse> responses) {
    rest.unary(
        "duet.indices.IndicesService/Clone",
        request,
        dev.duet.api.indices.CloneResponse.getDefaultInstance(),
        responses,
        route(PUT, "/{index}/_clone/{target}"),
        route(POST, "/{index}/_clone/{target}"));
  }

  @Override
  public void resolveIndex(
      dev.duet.api.indices.ResolveIndexRequest request,
      StreamObserver<dev.duet.api.indices.ResolveIndexResponse> responses) {
    rest.unary(
        "duet.indices.IndicesService/ResolveIndex",
        request,
        dev.duet.api.indices.ResolveIndexResponse.getDefaultInstance(),
        responses,
        route(GET, "/_resolve/index/{name}"));
  }
}
