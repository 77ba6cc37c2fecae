package dev.duet.adaptor;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageLite;
import com.linecorp.armeria.client.RequestOptions;
import com.linecorp.armeria.common.AggregatedHttpResponse;
import com.linecorp.armeria.common.HttpData;
import com.linecorp.armeria.common.HttpHeaders;
import com.linecorp.armeria.common.HttpMethod;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.HttpStatus;
import com.linecorp.armeria.common.MediaType;
import com.linecorp.armeria.common.RequestHeaders;
import com.linecorp.armeria.common.ResponseHeaders;
import com.linecorp.armeria.common.grpc.protocol.GrpcHeaderNames;
import com.linecorp.armeria.common.grpc.protocol.StatusMessageEscaper;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.SearchResponse;
import dev.duet.gateway.error.RequestRefused;
import dev.duet.gateway.observe.TraceParent;
import dev.duet.gateway.proxy.GrpcMessages;
import dev.duet.gateway.upstream.Adaptor;
import dev.duet.gateway.upstream.UpstreamCluster;
import dev.duet.server.grpc.ProtoCodec;
import io.grpc.Metadata;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.util.Base64;
import java.util.concurrent.CompletableFuture;

/**
 * A gRPC call to a REST-only cluster: {@code DocumentService/Bulk} becomes {@code POST /_bulk},
 * {@code SearchService/Search} becomes {@code POST /{indices}/_search}, and the REST answer — or
 * its error, as the node's own gRPC status — comes back as a gRPC response. Any other method
 * answers UNIMPLEMENTED. The request is decoded by the node's decoders, so what the node refuses is
 * refused here the same way, before anything reaches the cluster.
 */
public final class AdaptorUpstream implements Adaptor {
  private static final MediaType GRPC = MediaType.parse("application/grpc");
  private static final MediaType NDJSON = MediaType.parse("application/x-ndjson");
  private static final Metadata.Key<byte[]> STATUS_DETAILS =
      Metadata.Key.of("grpc-status-details-bin", Metadata.BINARY_BYTE_MARSHALLER);

  /** For {@link java.util.ServiceLoader}. */
  public AdaptorUpstream() {}

  @Override
  public boolean translates(String service, String method) {
    return (service.equals("org.opensearch.protobufs.services.DocumentService")
            && method.equals("Bulk"))
        || (service.equals("org.opensearch.protobufs.services.SearchService")
            && method.equals("Search"));
  }

  @Override
  public RequestRefused notTranslated(String cluster, String service, String method) {
    String simple = service.substring(service.lastIndexOf('.') + 1);
    return RequestRefused.unsupported(
        simple
            + "/"
            + method
            + " is not available from upstream cluster ["
            + cluster
            + "] (mode adaptor translates DocumentService/Bulk and SearchService/Search only)");
  }

  @Override
  public HttpResponse call(
      UpstreamCluster cluster,
      String method,
      byte[] message,
      String traceparent,
      RequestOptions options) {
    try {
      return switch (method) {
        case "Bulk" -> {
          var request = org.opensearch.protobufs.BulkRequest.parseFrom(message);
          var bulk = ProtoCodec.decodeBulk(request);
          yield send(
              cluster,
              BulkRequestNdjson.path(bulk),
              NDJSON,
              BulkRequestNdjson.body(bulk),
              traceparent,
              options,
              body ->
                  CompletableFuture.completedFuture(
                      ProtoCodec.encodeBulk(BulkResponseJson.read(body))));
        }
        case "Search" -> {
          var request = org.opensearch.protobufs.SearchRequest.parseFrom(message);
          var search = ProtoCodec.decodeSearch(request);
          yield send(
              cluster,
              SearchRequestJson.path(search),
              MediaType.JSON_UTF_8,
              SearchRequestJson.body(search),
              traceparent,
              options,
              body -> {
                SearchResponse answer = SearchResponseJson.read(body);
                return UpstreamMappings.forHits(cluster, search, answer, traceparent, options)
                    .thenApply(
                        mappings -> ProtoCodec.encodeSearch(answer, request, search, mappings));
              });
        }
        default -> throw new IllegalArgumentException("not translated: " + method);
      };
    } catch (InvalidProtocolBufferException e) {
      throw RequestRefused.badRequest("cannot parse the request message: " + e.getMessage());
    } catch (DuetException e) {
      return failure(ProtoCodec.toStatus(e));
    }
  }

  private static HttpResponse send(
      UpstreamCluster cluster,
      String path,
      MediaType contentType,
      byte[] body,
      String traceparent,
      RequestOptions options,
      AnswerReader reader) {
    RequestHeaders headers =
        RequestHeaders.builder(HttpMethod.POST, path)
            .contentType(contentType)
            .set(TraceParent.HEADER, traceparent)
            .build();
    return HttpResponse.of(
        cluster
            .rest(headers, HttpData.wrap(body), options, HttpResponse::ofFailure)
            .aggregate()
            .thenCompose(answer -> translate(cluster.name(), answer, reader)));
  }

  private static CompletableFuture<HttpResponse> translate(
      String cluster, AggregatedHttpResponse answer, AnswerReader reader) {
    byte[] body = answer.content().array();
    int status = answer.status().code();
    if (status < 200 || status >= 300) {
      return CompletableFuture.completedFuture(
          failure(
              ProtoCodec.toStatus(
                  RestErrorJson.document(status, body), answer.contentUtf8().strip())));
    }
    try {
      return reader.read(body).thenApply(AdaptorUpstream::success);
    } catch (IOException | RuntimeException e) {
      throw RequestRefused.badGateway(
          "upstream cluster [" + cluster + "] answered REST the adaptor cannot read: " + e);
    }
  }

  private static HttpResponse success(MessageLite message) {
    return HttpResponse.of(
        ResponseHeaders.builder(HttpStatus.OK).contentType(GRPC).build(),
        HttpData.wrap(GrpcMessages.frame(message.toByteArray())),
        HttpHeaders.of(GrpcHeaderNames.GRPC_STATUS, "0"));
  }

  /** A trailers-only response carrying the status the node gives the same failure. */
  private static HttpResponse failure(StatusRuntimeException status) {
    var headers =
        ResponseHeaders.builder(HttpStatus.OK)
            .contentType(GRPC)
            .addInt(GrpcHeaderNames.GRPC_STATUS, status.getStatus().getCode().value())
            .add(
                GrpcHeaderNames.GRPC_MESSAGE,
                StatusMessageEscaper.escape(status.getStatus().getDescription()));
    byte[] details = status.getTrailers() == null ? null : status.getTrailers().get(STATUS_DETAILS);
    if (details != null) {
      headers.add(
          STATUS_DETAILS.name(), Base64.getEncoder().withoutPadding().encodeToString(details));
    }
    return HttpResponse.of(headers.endOfStream(true).build());
  }

  /** Reads a 2xx REST body into the gRPC response message. */
  @FunctionalInterface
  private interface AnswerReader {
    CompletableFuture<MessageLite> read(byte[] body) throws IOException;
  }
}
