package dev.duet.server.rest;

import com.linecorp.armeria.common.HttpData;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.HttpStatus;
import com.linecorp.armeria.common.MediaType;
import com.linecorp.armeria.common.ResponseHeaders;
import dev.duet.server.rest.codec.JsonOutput;

/** A finished REST answer: status, media type, body and, for a 405, the allowed methods. */
public record RestResponse(int status, MediaType mediaType, HttpData body, String allow) {
  private static final MediaType JSON = MediaType.create("application", "json");

  public static RestResponse json(int status, JsonOutput out) {
    return new RestResponse(status, JSON, out.toHttpData(), null);
  }

  public static RestResponse json(int status, byte[] body) {
    return new RestResponse(status, JSON, HttpData.wrap(body), null);
  }

  public static RestResponse text(int status, String body) {
    return new RestResponse(status, MediaType.PLAIN_TEXT_UTF_8, HttpData.ofUtf8(body), null);
  }

  /**
   * A status with no body, as HEAD answers; typed JSON all the same, because OpenSearch sends the
   * headers its GET twin would.
   */
  public static RestResponse empty(int status) {
    return new RestResponse(status, JSON, HttpData.empty(), null);
  }

  /** The same response with an {@code Allow} header, as a 405 carries. */
  RestResponse withAllow(String methods) {
    return new RestResponse(status, mediaType, body, methods);
  }

  HttpResponse toHttpResponse() {
    var headers = ResponseHeaders.builder(HttpStatus.valueOf(status));
    if (mediaType != null) {
      headers.contentType(mediaType);
    }
    if (allow != null) {
      headers.add(com.linecorp.armeria.common.HttpHeaderNames.ALLOW, allow);
    }
    return HttpResponse.of(headers.build(), body);
  }
}
