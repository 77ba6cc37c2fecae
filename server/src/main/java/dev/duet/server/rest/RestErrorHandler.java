package dev.duet.server.rest;

import com.linecorp.armeria.common.AggregatedHttpResponse;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.HttpStatus;
import com.linecorp.armeria.common.RequestHeaders;
import com.linecorp.armeria.server.ServerErrorHandler;
import com.linecorp.armeria.server.ServiceConfig;
import com.linecorp.armeria.server.ServiceRequestContext;

/**
 * Renders the failures Armeria answers before a REST service runs (a {@code Content-Length} above
 * {@code http.max_content_length}) in OpenSearch's error shape. Requests on the gRPC port are left
 * to Armeria's defaults.
 */
public final class RestErrorHandler implements ServerErrorHandler {
  private final int restPort;
  private final long maxContentLength;

  public RestErrorHandler(int restPort, long maxContentLength) {
    this.restPort = restPort;
    this.maxContentLength = maxContentLength;
  }

  @Override
  public HttpResponse onServiceException(ServiceRequestContext ctx, Throwable cause) {
    return null;
  }

  @Override
  public AggregatedHttpResponse renderStatus(
      ServiceRequestContext ctx,
      ServiceConfig config,
      RequestHeaders headers,
      HttpStatus status,
      String description,
      Throwable cause) {
    if (status != HttpStatus.REQUEST_ENTITY_TOO_LARGE || !isRest(ctx, config)) {
      return null;
    }
    RestResponse r = RestErrors.of(RestErrors.contentTooLong(maxContentLength), false);
    return AggregatedHttpResponse.of(HttpStatus.REQUEST_ENTITY_TOO_LARGE, r.mediaType(), r.body());
  }

  private boolean isRest(ServiceRequestContext ctx, ServiceConfig config) {
    if (ctx != null) {
      return ((java.net.InetSocketAddress) ctx.localAddress()).getPort() == restPort;
    }
    return config.virtualHost().port() == restPort;
  }
}
