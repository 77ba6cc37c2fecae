package dev.duet.server.rest;

import com.linecorp.armeria.common.HttpData;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.HttpStatus;
import com.linecorp.armeria.common.MediaType;
import com.linecorp.armeria.common.ResponseHeaders;
import dev.duet.server.rest.codec.JsonOutput;

/** A finished REST answer: status, media type and body. */
public record RestResponse(int status, MediaType mediaType, HttpData body) {
  private static final MediaType JSON = MediaType.create("application", "json");

  public static RestResponse json(int status, JsonOutput out) {
    return new RestResponse(status, JSON, out.toHttpData());
  }

  public static RestResponse json(int status, byte[] body) {
    return new RestResponse(status, JSON, HttpData.wrap(body));
  }

  public static RestResponse text(int status, String body) {
    return new RestResponse(status, MediaType.PLAIN_TEXT_UTF_8, HttpData.ofUtf8(body));
  }

  /** A status with no body, as HEAD answers. */
  public static RestResponse empty(int status) {
    return new RestResponse(status, null, HttpData.empty());
  }

  HttpResponse toHttpResponse() {
    var headers = ResponseHeaders.builder(HttpStatus.valueOf(status));
    if (mediaType != null) {
      headers.contentType(mediaType);
    }
    return HttpResponse.of(headers.build(), body);
  }
}
