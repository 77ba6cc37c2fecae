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
import dev.duet.gateway.error.RequestRefused;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
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

  static FullHttpResponse rest(RequestRefused r) {
    byte[] body = body(r);
    FullHttpResponse answer =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1,
            HttpResponseStatus.valueOf(r.httpStatus()),
            Unpooled.wrappedBuffer(body));
    io.netty.handler.codec.http.HttpHeaders headers = answer.headers();
    headers.set(HttpHeaderNames.CONTENT_TYPE, "application/json; charset=UTF-8");
    headers.setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
    if (r.httpStatus() == 401) {
      headers.set("www-authenticate", "ApiKey, Bearer realm=\"duet-gateway\"");
    }
    String retryAfter = retryAfterSeconds(r);
    if (retryAfter != null) {
      headers.set("retry-after", retryAfter);
    }
    return answer;
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
    String seconds = retryAfterSeconds(r);
    if (seconds != null) {
      headers.add("retry-after", seconds);
    }
  }

  /** {@code Retry-After}: whole seconds, rounded up, at least one. */
  private static String retryAfterSeconds(RequestRefused r) {
    return r.retryAfter() == null
        ? null
        : Long.toString(Math.max(1, (r.retryAfter().toMillis() + 999) / 1000));
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
