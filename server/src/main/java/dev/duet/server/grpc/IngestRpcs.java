package dev.duet.server.grpc;

import static com.linecorp.armeria.common.HttpMethod.DELETE;
import static com.linecorp.armeria.common.HttpMethod.GET;
import static com.linecorp.armeria.common.HttpMethod.POST;
import static com.linecorp.armeria.common.HttpMethod.PUT;
import static dev.duet.server.grpc.RestOperations.route;
import static java.util.Objects.requireNonNull;

import dev.duet.api.common.AcknowledgedResult;
import dev.duet.api.ingest.IngestServiceGrpc;
import io.grpc.stub.StreamObserver;

/**
 * {@code duet.ingest.IngestService}, generated from api/openapi: ingest and search pipelines, the
 * simulate API, the grok patterns and the script views, each RPC run as its REST operation.
 */
final class IngestRpcs extends IngestServiceGrpc.IngestServiceImplBase {
  private final RestOperations rest;

  IngestRpcs(RestOperations rest) {
    this.rest = requireNonNull(rest, "rest");
  }

  @Override
  public void deletePipeline(
      dev.duet.api.ingest.DeletePipelineRequest request,
      StreamObserver<AcknowledgedResult> responses) {
    rest.unary(
        "duet.ingest.IngestService/DeletePipeline",
        request,
        AcknowledgedResult.getDefaultInstance(),
        responses,
        route(DELETE, "/_ingest/pipeline/{id}"));
  }

  @Override
  public void getPipeline(
      dev.duet.api.ingest.GetPipelineRequest request,
      StreamObserver<dev.duet.api.ingest.GetPipelineResponse> responses) {
    rest.unary(
        "duet.ingest.IngestService/GetPipeline",
        request,
        dev.duet.api.ingest.GetPipelineResponse.getDefaultInstance(),
        responses,
        route(GET, "/_ingest/pipeline"),
        route(GET, "/_ingest/pipeline/{id}"));
  }

  @Override
  public void getScriptContext(
      dev.duet.api.ingest.GetScriptContextRequest request,
      StreamObserver<dev.duet.api.ingest.GetScriptContextResponse> responses) {
    rest.unary(
        "duet.ingest.IngestService/GetScriptContext",
        request,
        dev.duet.api.ingest.GetScriptContextResponse.getDefaultInstance(),
        responses,
        route(GET, "/_script_context"));
  }

  @Override
  public void getScriptLanguages(
      dev.duet.api.ingest.GetScriptLanguagesRequest request,
      StreamObserver<dev.duet.api.ingest.GetScriptLanguagesResponse> responses) {
    rest.unary(
        "duet.ingest.IngestService/GetScriptLanguages",
        request,
        dev.duet.api.ingest.GetScriptLanguagesResponse.getDefaultInstance(),
        responses,
        route(GET, "/_script_language"));
  }

  @Override
  public void processorGrok(
      dev.duet.api.ingest.ProcessorGrokRequest request,
      StreamObserver<dev.duet.api.ingest.ProcessorGrokResponse> responses) {
    rest.unary(
        "duet.ingest.IngestService/ProcessorGrok",
        request,
        dev.duet.api.ingest.ProcessorGrokResponse.getDefaultInstance(),
        responses,
        route(GET, "/_ingest/processor/grok"));
  }

  @Override
  public void putPipeline(
      dev.duet.api.ingest.PutPipelineRequest request,
      StreamObserver<AcknowledgedResult> responses) {
    rest.unary(
        "duet.ingest.IngestService/PutPipeline",
        request,
        AcknowledgedResult.getDefaultInstance(),
        responses,
        route(PUT, "/_ingest/pipeline/{id}"));
  }

  @Override
  public void searchPipelineDelete(
      dev.duet.api.ingest.SearchPipelineDeleteRequest request,
      StreamObserver<AcknowledgedResult> responses) {
    rest.unary(
        "duet.ingest.IngestService/SearchPipelineDelete",
        request,
        AcknowledgedResult.getDefaultInstance(),
        responses,
        route(DELETE, "/_search/pipeline/{id}"));
  }

  @Override
  public void searchPipelineGet(
      dev.duet.api.ingest.SearchPipelineGetRequest request,
      StreamObserver<dev.duet.api.ingest.SearchPipelineGetResponse> responses) {
    rest.unary(
        "duet.ingest.IngestService/SearchPipelineGet",
        request,
        dev.duet.api.ingest.SearchPipelineGetResponse.getDefaultInstance(),
        responses,
        route(GET, "/_search/pipeline"),
        route(GET, "/_search/pipeline/{id}"));
  }

  @Override
  public void searchPipelinePut(
      dev.duet.api.ingest.SearchPipelinePutRequest request,
      StreamObserver<AcknowledgedResult> responses) {
    rest.unary(
        "duet.ingest.IngestService/SearchPipelinePut",
        request,
        AcknowledgedResult.getDefaultInstance(),
        responses,
        route(PUT, "/_search/pipeline/{id}"));
  }

  @Override
  public void simulate(
      dev.duet.api.ingest.SimulateRequest request,
      StreamObserver<dev.duet.api.ingest.SimulateResponse> responses) {
    rest.unary(
        "duet.ingest.IngestService/Simulate",
        request,
        dev.duet.api.ingest.SimulateResponse.getDefaultInstance(),
        responses,
        route(GET, "/_ingest/pipeline/_simulate"),
        route(POST, "/_ingest/pipeline/_simulate"),
        route(GET, "/_ingest/pipeline/{id}/_simulate"),
        route(POST, "/_ingest/pipeline/{id}/_simulate"));
  }
}
