package dev.duet.server.grpc;

import static com.linecorp.armeria.common.HttpMethod.DELETE;
import static com.linecorp.armeria.common.HttpMethod.GET;
import static com.linecorp.armeria.common.HttpMethod.HEAD;
import static com.linecorp.armeria.common.HttpMethod.POST;
import static com.linecorp.armeria.common.HttpMethod.PUT;
import static dev.duet.server.grpc.RestOperations.route;
import static java.util.Objects.requireNonNull;

import dev.duet.api.templates.TemplatesServiceGrpc;
import io.grpc.stub.StreamObserver;

/**
 * {@code duet.templates.TemplatesService}, generated from api/openapi: legacy, composable and
 * component templates and the simulate APIs, each RPC run as its REST operation.
 */
final class TemplatesRpcs extends TemplatesServiceGrpc.TemplatesServiceImplBase {
  private final RestOperations rest;

  TemplatesRpcs(RestOperations rest) {
    this.rest = requireNonNull(rest, "rest");
  }

  @Override
  public void clusterDeleteComponentTemplate(
      dev.duet.api.templates.ClusterDeleteComponentTemplateRequest request,
      StreamObserver<dev.duet.api.common.AcknowledgedResult> responses) {
    rest.unary(
        "duet.templates.TemplatesService/ClusterDeleteComponentTemplate",
        request,
        dev.duet.api.common.AcknowledgedResult.getDefaultInstance(),
        responses,
        route(DELETE, "/_component_template/{name}"));
  }

  @Override
  public void clusterExistsComponentTemplate(
      dev.duet.api.templates.ClusterExistsComponentTemplateRequest request,
      StreamObserver<com.google.protobuf.Empty> responses) {
    rest.unary(
        "duet.templates.TemplatesService/ClusterExistsComponentTemplate",
        request,
        com.google.protobuf.Empty.getDefaultInstance(),
        responses,
        route(HEAD, "/_component_template/{name}"));
  }

  @Override
  public void clusterGetComponentTemplate(
      dev.duet.api.templates.ClusterGetComponentTemplateRequest request,
      StreamObserver<dev.duet.api.common.ComponentTemplatesResult> responses) {
    rest.unary(
        "duet.templates.TemplatesService/ClusterGetComponentTemplate",
        request,
        dev.duet.api.common.ComponentTemplatesResult.getDefaultInstance(),
        responses,
        route(GET, "/_component_template"),
        route(GET, "/_component_template/{name}"));
  }

  @Override
  public void clusterPutComponentTemplate(
      dev.duet.api.templates.ClusterPutComponentTemplateRequest request,
      StreamObserver<dev.duet.api.common.AcknowledgedResult> responses) {
    rest.unary(
        "duet.templates.TemplatesService/ClusterPutComponentTemplate",
        request,
        dev.duet.api.common.AcknowledgedResult.getDefaultInstance(),
        responses,
        route(PUT, "/_component_template/{name}"));
  }

  @Override
  public void indicesDeleteIndexTemplate(
      dev.duet.api.templates.IndicesDeleteIndexTemplateRequest request,
      StreamObserver<dev.duet.api.common.AcknowledgedResult> responses) {
    rest.unary(
        "duet.templates.TemplatesService/IndicesDeleteIndexTemplate",
        request,
        dev.duet.api.common.AcknowledgedResult.getDefaultInstance(),
        responses,
        route(DELETE, "/_index_template/{name}"));
  }

  @Override
  public void indicesDeleteTemplate(
      dev.duet.api.templates.IndicesDeleteTemplateRequest request,
      StreamObserver<dev.duet.api.common.AcknowledgedResult> responses) {
    rest.unary(
        "duet.templates.TemplatesService/IndicesDeleteTemplate",
        request,
        dev.duet.api.common.AcknowledgedResult.getDefaultInstance(),
        responses,
        route(DELETE, "/_template/{name}"));
  }

  @Override
  public void indicesExistsIndexTemplate(
      dev.duet.api.templates.IndicesExistsIndexTemplateRequest request,
      StreamObserver<com.google.protobuf.Empty> responses) {
    rest.unary(
        "duet.templates.TemplatesService/IndicesExistsIndexTemplate",
        request,
        com.google.protobuf.Empty.getDefaultInstance(),
        responses,
        route(HEAD, "/_index_template/{name}"));
  }

  @Override
  public void indicesExistsTemplate(
      dev.duet.api.templates.IndicesExistsTemplateRequest request,
      StreamObserver<com.google.protobuf.Empty> responses) {
    rest.unary(
        "duet.templates.TemplatesService/IndicesExistsTemplate",
        request,
        com.google.protobuf.Empty.getDefaultInstance(),
        responses,
        route(HEAD, "/_template/{name}"));
  }

  @Override
  public void indicesGetIndexTemplate(
      dev.duet.api.templates.IndicesGetIndexTemplateRequest request,
      StreamObserver<dev.duet.api.common.IndexTemplatesResult> responses) {
    rest.unary(
        "duet.templates.TemplatesService/IndicesGetIndexTemplate",
        request,
        dev.duet.api.common.IndexTemplatesResult.getDefaultInstance(),
        responses,
        route(GET, "/_index_template"),
        route(GET, "/_index_template/{name}"));
  }

  @Override
  public void indicesGetTemplate(
      dev.duet.api.templates.IndicesGetTemplateRequest request,
      StreamObserver<dev.duet.api.templates.IndicesGetTemplateResponse> responses) {
    rest.unary(
        "duet.templates.TemplatesService/IndicesGetTemplate",
        request,
        dev.duet.api.templates.IndicesGetTemplateResponse.getDefaultInstance(),
        responses,
        route(GET, "/_template"),
        route(GET, "/_template/{name}"));
  }

  @Override
  public void indicesPutIndexTemplate(
      dev.duet.api.templates.IndicesPutIndexTemplateRequest request,
      StreamObserver<dev.duet.api.common.AcknowledgedResult> responses) {
    rest.unary(
        "duet.templates.TemplatesService/IndicesPutIndexTemplate",
        request,
        dev.duet.api.common.AcknowledgedResult.getDefaultInstance(),
        responses,
        route(PUT, "/_index_template/{name}"));
  }

  @Override
  public void indicesPutTemplate(
      dev.duet.api.templates.IndicesPutTemplateRequest request,
      StreamObserver<dev.duet.api.common.AcknowledgedResult> responses) {
    rest.unary(
        "duet.templates.TemplatesService/IndicesPutTemplate",
        request,
        dev.duet.api.common.AcknowledgedResult.getDefaultInstance(),
        responses,
        route(PUT, "/_template/{name}"));
  }

  @Override
  public void indicesSimulateIndexTemplate(
      dev.duet.api.templates.IndicesSimulateIndexTemplateRequest request,
      StreamObserver<dev.duet.api.common.SimulatedTemplateResult> responses) {
    rest.unary(
        "duet.templates.TemplatesService/IndicesSimulateIndexTemplate",
        request,
        dev.duet.api.common.SimulatedTemplateResult.getDefaultInstance(),
        responses,
        route(POST, "/_index_template/_simulate_index/{name}"));
  }

  @Override
  public void indicesSimulateTemplate(
      dev.duet.api.templates.IndicesSimulateTemplateRequest request,
      StreamObserver<dev.duet.api.common.SimulatedTemplateResult> responses) {
    rest.unary(
        "duet.templates.TemplatesService/IndicesSimulateTemplate",
        request,
        dev.duet.api.common.SimulatedTemplateResult.getDefaultInstance(),
        responses,
        route(POST, "/_index_template/_simulate"),
        route(POST, "/_index_template/_simulate/{name}"));
  }
}
