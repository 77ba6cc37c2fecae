package dev.duet.server.grpc;

import dev.duet.engine.index.TimeValues;
import dev.duet.engine.search.Collapse;
import dev.duet.engine.search.QueryControls;
import dev.duet.engine.search.QueryRescore;
import dev.duet.engine.search.SearchRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.opensearch.protobufs.SearchRequestBody;

/**
 * The search body's query-phase controls ({@code timeout}, {@code terminate_after}, {@code
 * collapse}, {@code rescore}, {@code profile}) into the same {@link QueryControls} the REST body
 * gives. Rescore and profile answer here, where OpenSearch 3.8's own gRPC fails on them.
 */
final class QueryControlsDecoder {
  private QueryControlsDecoder() {}

  static SearchRequest applyTo(SearchRequest request, SearchRequestBody body) {
    long timeoutNanos = body.hasTimeout() ? TimeValues.parseNanos(body.getTimeout(), "timeout") : 0;
    int terminateAfter = body.hasTerminateAfter() ? body.getTerminateAfter() : 0;
    Collapse collapse =
        body.hasCollapse() ? CollapseDecoder.decode(body.getCollapse(), true) : null;
    QueryControls controls =
        QueryControls.of(terminateAfter, timeoutNanos, collapse, rescore(body), body.getProfile());
    return controls == QueryControls.NONE ? request : request.withControls(controls);
  }

  /** The body's rescore steps, as the REST body's {@code rescore} array. */
  private static List<QueryRescore> rescore(SearchRequestBody body) {
    List<QueryRescore> out = new ArrayList<>(body.getRescoreCount());
    for (org.opensearch.protobufs.Rescore r : body.getRescoreList()) {
      var q = r.getQuery();
      String mode =
          q.hasScoreMode()
                  && !q.getScoreMode().name().endsWith("UNSPECIFIED")
                  && !q.getScoreMode().name().equals("UNRECOGNIZED")
              ? q.getScoreMode().name().substring("SCORE_MODE_".length()).toLowerCase(Locale.ROOT)
              : "total";
      out.add(
          new QueryRescore(
              r.hasWindowSize() ? r.getWindowSize() : QueryRescore.DEFAULT_WINDOW_SIZE,
              q.hasRescoreQuery() ? QueryDecoder.decode(q.getRescoreQuery()) : null,
              q.hasQueryWeight() ? q.getQueryWeight() : 1f,
              q.hasRescoreQueryWeight() ? q.getRescoreQueryWeight() : 1f,
              mode));
    }
    return out;
  }
}
