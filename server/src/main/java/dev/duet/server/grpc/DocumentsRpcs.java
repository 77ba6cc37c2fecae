package dev.duet.server.grpc;

import static com.linecorp.armeria.common.HttpMethod.DELETE;
import static com.linecorp.armeria.common.HttpMethod.GET;
import static com.linecorp.armeria.common.HttpMethod.HEAD;
import static com.linecorp.armeria.common.HttpMethod.POST;
import static com.linecorp.armeria.common.HttpMethod.PUT;
import static dev.duet.server.grpc.RestOperations.route;
import static java.util.Objects.requireNonNull;

import com.google.protobuf.Empty;
import dev.duet.api.common.BulkResult;
import dev.duet.api.common.ByQueryResult;
import dev.duet.api.common.GetResult;
import dev.duet.api.common.MgetResult;
import dev.duet.api.common.MtermvectorsResult;
import dev.duet.api.common.ReindexResult;
import dev.duet.api.common.TermVectorsResult;
import dev.duet.api.common.WriteResult;
import dev.duet.api.documents.BulkRequest;
import dev.duet.api.documents.CreateRequest;
import dev.duet.api.documents.DeleteByQueryRequest;
import dev.duet.api.documents.DeleteRequest;
import dev.duet.api.documents.DocumentsServiceGrpc;
import dev.duet.api.documents.ExistsRequest;
import dev.duet.api.documents.ExistsSourceRequest;
import dev.duet.api.documents.GetRequest;
import dev.duet.api.documents.GetSourceRequest;
import dev.duet.api.documents.GetSourceResponse;
import dev.duet.api.documents.IndexRequest;
import dev.duet.api.documents.MgetRequest;
import dev.duet.api.documents.MtermvectorsRequest;
import dev.duet.api.documents.ReindexRequest;
import dev.duet.api.documents.TermvectorsRequest;
import dev.duet.api.documents.UpdateByQueryRequest;
import dev.duet.api.documents.UpdateRequest;
import io.grpc.stub.StreamObserver;

/**
 * {@code duet.documents.DocumentsService}, generated from api/openapi: single-document index,
 * create, update, delete, get and exists, multi-get, delete/update by query and an NDJSON bulk,
 * each run as its REST operation ({@link RestOperations}) so that versioning, {@code op_type},
 * source filters and refresh follow REST's rules. The fast bulk is {@code
 * org.opensearch.protobufs.services.DocumentService/Bulk} ({@link DocumentRpcs}).
 */
final class DocumentsRpcs extends DocumentsServiceGrpc.DocumentsServiceImplBase {
  private final RestOperations rest;

  DocumentsRpcs(RestOperations rest) {
    this.rest = requireNonNull(rest, "rest");
  }

  @Override
  public void bulk(BulkRequest request, StreamObserver<BulkResult> responses) {
    rest.unary(
        "duet.documents.DocumentsService/Bulk",
        request,
        BulkResult.getDefaultInstance(),
        responses,
        route(PUT, "/_bulk"),
        route(PUT, "/{index}/_bulk"));
  }

  @Override
  public void create(CreateRequest request, StreamObserver<WriteResult> responses) {
    rest.unary(
        "duet.documents.DocumentsService/Create",
        request,
        WriteResult.getDefaultInstance(),
        responses,
        route(PUT, "/{index}/_create/{id}"));
  }

  @Override
  public void delete(DeleteRequest request, StreamObserver<WriteResult> responses) {
    rest.unary(
        "duet.documents.DocumentsService/Delete",
        request,
        WriteResult.getDefaultInstance(),
        responses,
        route(DELETE, "/{index}/_doc/{id}"));
  }

  @Override
  public void deleteByQuery(DeleteByQueryRequest request, StreamObserver<ByQueryResult> responses) {
    rest.unary(
        "duet.documents.DocumentsService/DeleteByQuery",
        request,
        ByQueryResult.getDefaultInstance(),
        responses,
        route(POST, "/{index}/_delete_by_query"));
  }

  @Override
  public void reindex(ReindexRequest request, StreamObserver<ReindexResult> responses) {
    rest.unary(
        "duet.documents.DocumentsService/Reindex",
        request,
        ReindexResult.getDefaultInstance(),
        responses,
        route(POST, "/_reindex"));
  }

  @Override
  public void exists(ExistsRequest request, StreamObserver<Empty> responses) {
    rest.unary(
        "duet.documents.DocumentsService/Exists",
        request,
        Empty.getDefaultInstance(),
        responses,
        route(HEAD, "/{index}/_doc/{id}"));
  }

  @Override
  public void get(GetRequest request, StreamObserver<GetResult> responses) {
    rest.unary(
        "duet.documents.DocumentsService/Get",
        request,
        GetResult.getDefaultInstance(),
        responses,
        route(GET, "/{index}/_doc/{id}"));
  }

  @Override
  public void getSource(GetSourceRequest request, StreamObserver<GetSourceResponse> responses) {
    rest.unary(
        "duet.documents.DocumentsService/GetSource",
        request,
        GetSourceResponse.getDefaultInstance(),
        responses,
        route(GET, "/{index}/_source/{id}"));
  }

  @Override
  public void existsSource(ExistsSourceRequest request, StreamObserver<Empty> responses) {
    rest.unary(
        "duet.documents.DocumentsService/ExistsSource",
        request,
        Empty.getDefaultInstance(),
        responses,
        route(HEAD, "/{index}/_source/{id}"));
  }

  @Override
  public void index(IndexRequest request, StreamObserver<WriteResult> responses) {
    rest.unary(
        "duet.documents.DocumentsService/Index",
        request,
        WriteResult.getDefaultInstance(),
        responses,
        route(POST, "/{index}/_doc"),
        route(PUT, "/{index}/_doc/{id}"));
  }

  @Override
  public void mget(MgetRequest request, StreamObserver<MgetResult> responses) {
    rest.unary(
        "duet.documents.DocumentsService/Mget",
        request,
        MgetResult.getDefaultInstance(),
        responses,
        route(GET, "/_mget"),
        route(GET, "/{index}/_mget"));
  }

  @Override
  public void termvectors(TermvectorsRequest request, StreamObserver<TermVectorsResult> responses) {
    rest.unary(
        "duet.documents.DocumentsService/Termvectors",
        request,
        TermVectorsResult.getDefaultInstance(),
        responses,
        route(GET, "/{index}/_termvectors"),
        route(GET, "/{index}/_termvectors/{id}"));
  }

  @Override
  public void mtermvectors(
      MtermvectorsRequest request, StreamObserver<MtermvectorsResult> responses) {
    rest.unary(
        "duet.documents.DocumentsService/Mtermvectors",
        request,
        MtermvectorsResult.getDefaultInstance(),
        responses,
        route(GET, "/_mtermvectors"),
        route(GET, "/{index}/_mtermvectors"));
  }

  @Override
  public void update(UpdateRequest request, StreamObserver<WriteResult> responses) {
    rest.unary(
        "duet.documents.DocumentsService/Update",
        request,
        WriteResult.getDefaultInstance(),
        responses,
        route(POST, "/{index}/_update/{id}"));
  }

  @Override
  public void updateByQuery(UpdateByQueryRequest request, StreamObserver<ByQueryResult> responses) {
    rest.unary(
        "duet.documents.DocumentsService/UpdateByQuery",
        request,
        ByQueryResult.getDefaultInstance(),
        responses,
        route(POST, "/{index}/_update_by_query"));
  }
}
