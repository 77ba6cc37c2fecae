package dev.duet.server.rest;

import com.fasterxml.jackson.core.exc.StreamReadException;
import com.linecorp.armeria.common.AggregatedHttpRequest;
import com.linecorp.armeria.common.ContentTooLargeException;
import com.linecorp.armeria.common.HttpRequest;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.QueryParams;
import com.linecorp.armeria.server.HttpService;
import com.linecorp.armeria.server.ServiceRequestContext;
import dev.duet.engine.error.DuetException;
import dev.duet.server.rest.codec.Json;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The REST listener's one Armeria service: aggregates the body, routes it, runs the handler on the
 * blocking task executor (handlers call the engine, which blocks) and renders every failure
 * OpenSearch's way. Client mistakes are 4xx; anything unexpected is a logged 500 and the node keeps
 * serving.
 */
public final class RestService implements HttpService {
  private static final Logger log = LoggerFactory.getLogger(RestService.class);

  private final RestRouter router;
  private final long maxContentLength;
  private final AcceptedParams acceptedParams = AcceptedParams.load();

  public RestService(RestRouter router, long maxContentLength) {
    this.router = router;
    this.maxContentLength = maxContentLength;
  }

  @Override
  public HttpResponse serve(ServiceRequestContext ctx, HttpRequest req) {
    return HttpResponse.of(
        req.aggregate()
            .thenApplyAsync(agg -> dispatch(ctx, agg), ctx.blockingTaskExecutor())
            .exceptionally(t -> failure(ctx, t).toHttpResponse()));
  }

  private HttpResponse dispatch(ServiceRequestContext ctx, AggregatedHttpRequest agg) {
    QueryParams params =
        ctx.query() == null ? QueryParams.of() : QueryParams.fromQueryString(ctx.query());
    boolean pretty = params.contains("pretty") && !"false".equals(params.get("pretty"));
    try {
      RestRouter.Match match = router.route(agg.method(), ctx.decodedPath());
      return switch (match) {
        case RestRouter.Match.Found f -> {
          RestResponse refused = checkContentType(agg);
          if (refused != null) {
            yield refused.toHttpResponse();
          }
          acceptedParams.check(agg.method(), f.pattern(), ctx.path(), params);
          RestRequest request = new RestRequest(agg, f.pathParams(), params);
          yield f.handler().handle(request).toHttpResponse();
        }
        case RestRouter.Match.MethodNotAllowed m ->
            RestErrors.methodNotAllowed(uri(ctx), agg.method(), m.allowed()).toHttpResponse();
        case RestRouter.Match.NotFound n ->
            RestErrors.noHandler(uri(ctx), agg.method()).toHttpResponse();
      };
    } catch (DuetException e) {
      return RestErrors.of(e, pretty).toHttpResponse();
    } catch (StreamReadException e) {
      return RestErrors.of(Json.parseError(e), pretty).toHttpResponse();
    } catch (Exception | StackOverflowError e) {
      log.error("Unexpected failure serving {} {}", agg.method(), uri(ctx), e);
      return RestErrors.of(RestErrors.internal(e), pretty).toHttpResponse();
    }
  }

  /** The path and query string as the client sent them, for messages. */
  private static String uri(ServiceRequestContext ctx) {
    return ctx.query() == null ? ctx.path() : ctx.path() + "?" + ctx.query();
  }

  private RestResponse failure(ServiceRequestContext ctx, Throwable t) {
    Throwable cause = t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    if (cause instanceof ContentTooLargeException) {
      return RestErrors.of(RestErrors.contentTooLong(maxContentLength), false);
    }
    log.error("Unexpected failure serving {} {}", ctx.method(), ctx.path(), cause);
    return RestErrors.of(RestErrors.internal(cause), false);
  }

  /**
   * OpenSearch reads JSON (and NDJSON for bulk) and refuses other declared body types with 406; a
   * body without a content type is read as JSON.
   */
  private static RestResponse checkContentType(AggregatedHttpRequest agg) {
    var type = agg.contentType();
    if (type == null || agg.content().isEmpty()) {
      return null;
    }
    String subtype = type.subtype();
    if (subtype.contains("json") || subtype.equals("x-ndjson")) {
      return null;
    }
    String header = agg.headers().get(com.linecorp.armeria.common.HttpHeaderNames.CONTENT_TYPE);
    return RestErrors.simple(406, "Content-Type header [" + header + "] is not supported");
  }
}
