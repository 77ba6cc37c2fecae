package dev.duet.gateway.proxy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.linecorp.armeria.client.ResponseTimeoutException;
import com.linecorp.armeria.client.UnprocessedRequestException;
import com.linecorp.armeria.client.endpoint.EmptyEndpointGroupException;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.HttpStatus;
import com.linecorp.armeria.common.MediaType;
import com.linecorp.armeria.common.ResponseHeaders;
import com.linecorp.armeria.common.ResponseHeadersBuilder;
import com.linecorp.armeria.common.grpc.protocol.GrpcHeaderNames;
import com.linecorp.armeria.common.grpc.protocol.StatusMessageEscaper;
import com.linecorp.armeria.common.util.Exceptions;
import dev.duet.gateway.RequestRefused;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Renders a {@link RequestRefused} for each protocol: OpenSearch's error document on REST (the
 * security plugin's {@code security_exception} for 401/403), a trailers-only response with the
 * matching status on gRPC; rate limits add {@code Retry-After} (and gRPC's {@code
 * grpc-retry-pushback-ms}).
 */
final class Refusals {
  private static final JsonFactory JSON = new JsonFactory();
  private static final MediaType GRPC = MediaType.parse("application/grpc");

  private Refusals() {}

  static HttpResponse rest(RequestRefused r) {
    ResponseHeadersBuilder headers =
        ResponseHeaders.builder(HttpStatus.valueOf(r.httpStatus()))
            .contentType(MediaType.JSON_UTF_8);
    if (r.httpStatus() == 401) {
      headers.add("www-authenticate", "ApiKey, Bearer realm=\"duet-gateway\"");
    }
    retryAfter(r, headers);
    return HttpResponse.of(headers.build(), com.linecorp.armeria.common.HttpData.wrap(body(r)));
  }

  static HttpResponse grpc(RequestRefused r) {
    ResponseHeadersBuilder headers =
        ResponseHeaders.builder(HttpStatus.OK)
            .contentType(GRPC)
            .addInt(GrpcHeaderNames.GRPC_STATUS, r.grpcCode().value())
            .add(GrpcHeaderNames.GRPC_MESSAGE, StatusMessageEscaper.escape(r.reason()));
    retryAfter(r, headers);
    if (r.retryAfter() != null) {
      headers.add("grpc-retry-pushback-ms", Long.toString(r.retryAfter().toMillis()));
    }
    // Trailers-only: END_STREAM on the headers frame itself, as gRPC clients require.
    return HttpResponse.of(headers.endOfStream(true).build());
  }

  /** What an upstream call's failure means to the caller. */
  static RequestRefused upstreamFailure(String cluster, Throwable cause) {
    Throwable c = Exceptions.peel(cause);
    if (c instanceof RequestRefused r) {
      return r;
    }
    if (c instanceof UnprocessedRequestException u) {
      c = u.getCause();
    }
    if (c instanceof EmptyEndpointGroupException) {
      return RequestRefused.unavailable("no healthy node in upstream cluster [" + cluster + "]");
    }
    if (c instanceof ResponseTimeoutException) {
      return RequestRefused.deadlineExceeded(
          "deadline exceeded waiting for upstream cluster [" + cluster + "]");
    }
    return RequestRefused.badGateway(
        "upstream cluster ["
            + cluster
            + "] failed: "
            + c.getClass().getSimpleName()
            + (c.getMessage() == null ? "" : ": " + c.getMessage()));
  }

  private static void retryAfter(RequestRefused r, ResponseHeadersBuilder headers) {
    if (r.retryAfter() != null) {
      long seconds = Math.max(1, (r.retryAfter().toMillis() + 999) / 1000);
      headers.add("retry-after", Long.toString(seconds));
    }
  }

  private static byte[] body(RequestRefused r) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = JSON.createGenerator(out)) {
      g.writeStartObject();
      g.writeObjectFieldStart("error");
      g.writeArrayFieldStart("root_cause");
      g.writeStartObject();
      g.writeStringField("type", r.type());
      g.writeStringField("reason", r.reason());
      g.writeEndObject();
      g.writeEndArray();
      g.writeStringField("type", r.type());
      g.writeStringField("reason", r.reason());
      g.writeEndObject();
      g.writeNumberField("status", r.httpStatus());
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
