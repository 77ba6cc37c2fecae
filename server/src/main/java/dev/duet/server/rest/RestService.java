package dev.duet.server.rest;

import com.linecorp.armeria.common.AggregatedHttpRequest;
import com.linecorp.armeria.common.ContentTooLargeException;
import com.linecorp.armeria.common.HttpRequest;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.HttpStatus;
import com.linecorp.armeria.common.QueryParams;
import com.linecorp.armeria.server.HttpService;
import com.linecorp.armeria.server.ServiceRequestContext;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.SearchCancellation;
import dev.duet.server.pool.WorkPool;
import dev.duet.server.pool.WorkPools;
import dev.duet.server.rest.filter.ResponseFilter;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The REST listener's one Armeria service: aggregates the body, routes it, runs the handler on the
 * node's search or write pool ({@link WorkPools}, which shed overload with a 429) or else on the
 * blocking task executor (handlers call the engine, which blocks; a request cache hit is answered
 * on the event loop, {@link RestHandler#answerWithoutBlocking}) and renders every failure
 * OpenSearch's way. Client mistakes are 4xx; anything unexpected is a logged 500 and the node keeps
 * serving.
 */
public final class RestService implements HttpService {
  private static final Logger log = LoggerFactory.getLogger(RestService.class);

  /** Larger bodies are decoded off the event loop, even when their answer may be cached. */
  private static final int MAX_BODY_ON_EVENT_LOOP = 8 * 1024;

  private final RestRouter router;
  private final long maxContentLength;
  private final AcceptedParams acceptedParams = AcceptedParams.load();
  private final WorkPools pools;

  public RestService(RestRouter router, long maxContentLength, WorkPools pools) {
    this.router = router;
    this.maxContentLength = maxContentLength;
    this.pools = pools;
  }

  @Override
  public HttpResponse serve(ServiceRequestContext ctx, HttpRequest req) {
    return HttpResponse.of(
        req.aggregate()
            .thenCompose(
                agg -> {
                  RestRouter.Match match = router.route(agg.method(), ctx.decodedPath());
                  // The operation the node's metrics count this request under: its route.
                  ctx.logBuilder()
                      .name(
                          "rest",
                          match instanceof RestRouter.Match.Found f
                              ? agg.method() + " " + f.pattern()
                              : "unrouted");
                  // One RestRequest for the call: what the event loop decodes, handle() reuses.
                  RestRequest request =
                      match instanceof RestRouter.Match.Found f
                          ? new RestRequest(agg, f.pathParams(), params(ctx))
                          : null;
                  HttpResponse answer = answerWithoutBlocking(ctx, agg, match, request);
                  return answer != null
                      ? CompletableFuture.completedFuture(answer)
                      : handOver(ctx, agg, match, request);
                })
            .exceptionally(t -> failure(ctx, t).toHttpResponse()));
  }

  /**
   * One hop to the thread that runs the handler: the search or write pool for their operations
   * (refused with a 429 when full), Armeria's blocking executor for the rest.
   */
  private CompletableFuture<HttpResponse> handOver(
      ServiceRequestContext ctx,
      AggregatedHttpRequest agg,
      RestRouter.Match match,
      RestRequest request) {
    WorkPool pool =
        match instanceof RestRouter.Match.Found f
            ? pools.forRoute(agg.method(), f.pattern())
            : null;
    if (pool == null) {
      return CompletableFuture.supplyAsync(
          () -> dispatchWhileCallerWaits(ctx, agg, match, request), ctx.blockingTaskExecutor());
    }
    CompletableFuture<HttpResponse> answer = new CompletableFuture<>();
    try {
      pool.execute(
          ctx,
          () -> "[" + agg.method() + " " + ctx.path() + "]",
          agg.content().length(),
          () -> {
            try {
              answer.complete(dispatchWhileCallerWaits(ctx, agg, match, request));
            } catch (Throwable t) { // an Error: answered by failure(), never left hanging
              answer.completeExceptionally(t);
            }
          },
          // The caller has gone: nobody reads this.
          () -> answer.complete(HttpResponse.of(HttpStatus.SERVICE_UNAVAILABLE)));
    } catch (DuetException e) {
      answer.complete(RestErrors.of(e, pretty(params(ctx))).toHttpResponse());
    }
    return answer;
  }

  /**
   * On the event loop: the answer of a small request whose handler can give it without blocking (a
   * search the request cache holds), sparing it the hand-off to a blocking thread and back, which
   * is most of a cached search's latency. Null for anything else, errors included: {@link
   * #dispatch} answers those.
   */
  private HttpResponse answerWithoutBlocking(
      ServiceRequestContext ctx,
      AggregatedHttpRequest agg,
      RestRouter.Match match,
      RestRequest request) {
    if (agg.content().length() > MAX_BODY_ON_EVENT_LOOP) {
      return null;
    }
    try {
      QueryParams params = params(ctx);
      if (!(match instanceof RestRouter.Match.Found f) || refusal(ctx, agg, f, params) != null) {
        return null;
      }
      RestResponse answer = f.handler().answerWithoutBlocking(request);
      return answer == null ? null : filtered(answer, params, pretty(params)).toHttpResponse();
    } catch (Exception | StackOverflowError e) {
      return null;
    }
  }

  /**
   * What every routed request passes before its handler, on either path: the body's content type (a
   * refusal to answer) and the route's accepted query parameters (thrown).
   */
  private RestResponse refusal(
      ServiceRequestContext ctx,
      AggregatedHttpRequest agg,
      RestRouter.Match.Found route,
      QueryParams params) {
    RestResponse refused = checkContentType(agg);
    if (refused == null) {
      acceptedParams.check(agg.method(), route.pattern(), ctx.path(), params);
    }
    return refused;
  }

  private static QueryParams params(ServiceRequestContext ctx) {
    return ctx.query() == null ? QueryParams.of() : QueryParams.fromQueryString(ctx.query());
  }

  /** {@link #dispatch} under the caller's cancellation: a client that hangs up stops its search. */
  private HttpResponse dispatchWhileCallerWaits(
      ServiceRequestContext ctx,
      AggregatedHttpRequest agg,
      RestRouter.Match match,
      RestRequest request) {
    return SearchCancellation.whileCallerWaits(
        ctx::isCancelled, () -> dispatch(ctx, agg, match, request));
  }

  private HttpResponse dispatch(
      ServiceRequestContext ctx,
      AggregatedHttpRequest agg,
      RestRouter.Match match,
      RestRequest request) {
    QueryParams params = params(ctx);
    boolean pretty = pretty(params);
    try {
      return switch (match) {
        case RestRouter.Match.Found f -> {
          RestResponse refused = refusal(ctx, agg, f, params);
          if (refused != null) {
            yield refused.toHttpResponse();
          }
          yield filtered(f.handler().handle(request), params, pretty).toHttpResponse();
        }
        case RestRouter.Match.MethodNotAllowed m ->
            RestErrors.methodNotAllowed(uri(ctx), agg.method(), m.allowed()).toHttpResponse();
        case RestRouter.Match.NotFound n ->
            RestErrors.noHandler(uri(ctx), agg.method()).toHttpResponse();
      };
    } catch (Exception | StackOverflowError e) {
      DuetException known = RestErrors.recognized(e);
      if (known != null) {
        return RestErrors.of(known, pretty).toHttpResponse();
      }
      log.error("Unexpected failure serving {} {}", agg.method(), uri(ctx), e);
      return RestErrors.of(RestErrors.internal(e), pretty).toHttpResponse();
    }
  }

  private static boolean pretty(QueryParams params) {
    return params.contains("pretty") && !"false".equals(params.get("pretty"));
  }

  /**
   * A handler's answer cut down to its {@code filter_path}, if it has one. Only JSON bodies: a
   * {@code _cat} table in text and a HEAD's empty body pass as they are; so do errors, which never
   * come from here, as OpenSearch sends them whole whatever the filter.
   */
  private static RestResponse filtered(RestResponse answer, QueryParams params, boolean pretty)
      throws IOException {
    String filterPath = params.get("filter_path");
    if (filterPath == null
        || answer.body().isEmpty()
        || answer.mediaType() == null
        || !answer.mediaType().subtype().equals("json")) {
      return answer;
    }
    ResponseFilter filter = ResponseFilter.of(filterPath);
    return filter == null
        ? answer
        : new RestResponse(
            answer.status(),
            answer.mediaType(),
            filter.apply(answer.body(), pretty),
            answer.allow());
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
