package dev.duet.server.grpc;

import static com.linecorp.armeria.common.HttpMethod.GET;
import static dev.duet.server.grpc.RestOperations.route;
import static java.util.Objects.requireNonNull;

import com.linecorp.armeria.server.annotation.Blocking;
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
@Blocking // every RPC calls the engine, which may block (GrpcTransport)
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
