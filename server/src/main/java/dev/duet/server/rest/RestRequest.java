package dev.duet.server.rest;

import com.linecorp.armeria.common.AggregatedHttpRequest;
import com.linecorp.armeria.common.HttpMethod;
import com.linecorp.armeria.common.QueryParams;
import dev.duet.engine.error.DuetException;
import java.util.Map;

/**
 * One REST call as the handlers see it: method, the path's variables ({@code index}, {@code id}),
 * query parameters and the body bytes. Parameter accessors throw OpenSearch's 400s for values they
 * cannot read.
 */
public final class RestRequest {
  private final HttpMethod method;
  private final Map<String, String> pathParams;
  private final QueryParams params;
  private final byte[] body;
  private final int bodyOffset;
  private final int bodyLength;
  private final String opaqueId;
  private final String accept;
  private Object decoded;

  RestRequest(AggregatedHttpRequest request, Map<String, String> pathParams, QueryParams qp) {
    this.method = request.method();
    this.pathParams = pathParams;
    this.params = qp;
    // Aggregated content is backed by one heap array; read it in place instead of copying.
    var content = request.content();
    String sourceParam = content.isEmpty() ? qp.get("source") : null;
    // OpenSearch reads a body-less request's `source` parameter as its body.
    this.body =
        sourceParam != null
            ? sourceParam.getBytes(java.nio.charset.StandardCharsets.UTF_8)
            : content.array();
    this.bodyOffset = 0;
    this.bodyLength = sourceParam != null ? body.length : content.length();
    this.opaqueId = request.headers().get("x-opaque-id");
    this.accept = request.headers().get("accept");
  }

  private RestRequest(
      HttpMethod method, Map<String, String> pathParams, QueryParams qp, byte[] body) {
    this.method = method;
    this.pathParams = pathParams;
    this.params = qp;
    this.body = body;
    this.bodyOffset = 0;
    this.bodyLength = body.length;
    this.opaqueId = null;
    this.accept = null;
  }

  /** The media type the caller accepts ({@code Accept}); null when it gave none. */
  public String accept() {
    return accept;
  }

  /**
   * A call that did not come over HTTP: a generated gRPC service's request, bound to the route of
   * the REST operation it stands for, so that it meets the same handler.
   */
  public static RestRequest of(
      HttpMethod method, Map<String, String> pathParams, QueryParams params, byte[] body) {
    return new RestRequest(method, Map.copyOf(pathParams), params, body);
  }

  /**
   * What a handler decoded from this call on the event loop ({@link
   * RestHandler#answerWithoutBlocking}), kept for its {@link RestHandler#handle} on the blocking
   * thread, so a call is decoded once; null when nothing was.
   */
  Object decoded() {
    return decoded;
  }

  void decoded(Object value) {
    this.decoded = value;
  }

  public HttpMethod method() {
    return method;
  }

  /** A variable of the matched route, e.g. {@code index}; null when the route has none. */
  public String pathParam(String name) {
    return pathParams.get(name);
  }

  public String param(String name) {
    return params.get(name);
  }

  public String param(String name, String defaultValue) {
    String v = params.get(name);
    return v == null ? defaultValue : v;
  }

  public boolean hasParam(String name) {
    return params.contains(name);
  }

  /**
   * OpenSearch's boolean parameters: absent is the default; present with no value or {@code true}
   * is true; {@code false} is false; anything else is a 400.
   */
  public boolean paramAsBoolean(String name, boolean defaultValue) {
    String v = params.get(name);
    if (v == null) {
      return defaultValue;
    }
    if (v.isEmpty() || v.equals("true")) {
      return true;
    }
    if (v.equals("false")) {
      return false;
    }
    throw DuetException.illegalArgument(
        "Failed to parse value [" + v + "] as only [true] or [false] are allowed.");
  }

  /** A long parameter; OpenSearch's 400 (with its cause) when it is not one. */
  public long paramAsLong(String name, long defaultValue) {
    return number("long", name, defaultValue);
  }

  /** An int parameter; OpenSearch's 400 (with its cause) when it is not one. */
  public int paramAsInt(String name, int defaultValue) {
    return (int) number("int", name, defaultValue);
  }

  private long number(String type, String name, long defaultValue) {
    String value = params.get(name);
    if (value == null) {
      return defaultValue;
    }
    try {
      return type.equals("int") ? Integer.parseInt(value) : Long.parseLong(value);
    } catch (NumberFormatException e) {
      DuetException cause =
          new DuetException(400, "number_format_exception", "For input string: \"" + value + "\"");
      throw new DuetException(
          400,
          "illegal_argument_exception",
          "Failed to parse " + type + " parameter [" + name + "] with value [" + value + "]",
          Map.of(),
          cause);
    }
  }

  /**
   * The headers a task records of its caller: OpenSearch's {@code X-Opaque-Id}, when sent (empty
   * otherwise).
   */
  public Map<String, String> taskHeaders() {
    return opaqueId == null ? Map.of() : Map.of("X-Opaque-Id", opaqueId);
  }

  /** {@code ?pretty}: indent JSON responses. */
  public boolean pretty() {
    return paramAsBoolean("pretty", false);
  }

  public boolean hasContent() {
    return bodyLength > 0;
  }

  public byte[] contentArray() {
    return body;
  }

  public int contentOffset() {
    return bodyOffset;
  }

  public int contentLength() {
    return bodyLength;
  }

  /** Fails with OpenSearch's 400 {@code parse_exception} when a required body is missing. */
  public void requireContent() {
    if (!hasContent()) {
      throw DuetException.badRequest("parse_exception", "request body is required");
    }
  }
}
