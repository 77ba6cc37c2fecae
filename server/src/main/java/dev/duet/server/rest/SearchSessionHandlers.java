package dev.duet.server.rest;

import dev.duet.engine.search.PointInTime;
import dev.duet.engine.search.SearchResponse;
import dev.duet.server.action.Actions;
import dev.duet.server.action.CountAction;
import dev.duet.server.action.SearchSessionAction;
import dev.duet.server.rest.codec.JsonOutput;
import dev.duet.server.rest.codec.SearchResponseEncoder;
import dev.duet.server.rest.codec.SearchSessionJson;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code _search/point_in_time} (create, list, delete) and {@code _search/scroll} (next page,
 * clear). Searches in a point in time or starting a scroll are {@link SearchHandler}'s.
 */
final class SearchSessionHandlers {
  private final SearchSessionAction sessions;

  SearchSessionHandlers(Actions actions) {
    this.sessions = actions.sessions();
  }

  /** {@code POST /{index}/_search/point_in_time?keep_alive=1m}. */
  RestResponse createPit(RestRequest request) throws IOException {
    PointInTime pit =
        sessions.createPit(
            CountAction.indices(request.pathParam("index")),
            RestIndicesOptions.of(request),
            request.param("keep_alive"));
    JsonOutput out = new JsonOutput(request.pretty());
    SearchSessionJson.createdPit(pit, out.generator());
    return RestResponse.json(200, out);
  }

  /** {@code DELETE /_search/point_in_time} with {@code {"pit_id": [...]}}. */
  RestResponse deletePits(RestRequest request) throws IOException {
    List<String> ids =
        SearchSessionJson.ids(
            request.contentArray(), request.contentOffset(), request.contentLength(), "pit_id");
    return pitList(request, sessions.deletePits(ids));
  }

  /** {@code DELETE /_search/point_in_time/_all}. */
  RestResponse deleteAllPits(RestRequest request) throws IOException {
    return pitList(request, sessions.deleteAllPits());
  }

  /** {@code GET /_search/point_in_time/_all}. */
  RestResponse allPits(RestRequest request) throws IOException {
    JsonOutput out = new JsonOutput(request.pretty());
    SearchSessionJson.pits(sessions.pits(), out.generator());
    return RestResponse.json(200, out);
  }

  /**
   * {@code GET|POST /_search/scroll[/{scroll_id}]}: id and keep-alive from the path or parameters,
   * overridden by the body's, as OpenSearch reads them.
   */
  RestResponse scroll(RestRequest request) throws IOException {
    String scrollId = request.pathParam("scroll_id");
    if (scrollId == null) {
      scrollId = request.param("scroll_id");
    }
    String keepAlive = request.param("scroll");
    SearchSessionJson.ScrollBody body =
        SearchSessionJson.scrollBody(
            request.contentArray(), request.contentOffset(), request.contentLength());
    if (body.scrollId() != null) {
      scrollId = body.scrollId();
    }
    if (body.scroll() != null) {
      keepAlive = body.scroll();
    }
    SearchResponse page = sessions.scroll(scrollId, keepAlive);
    JsonOutput out = new JsonOutput(request.pretty());
    // rest_total_hits_as_int applies; typed_keys is refused on this route, as by OpenSearch.
    SearchResponseEncoder.encode(
        page, SearchHandler.responseParams(request), null, out.generator());
    return RestResponse.json(200, out);
  }

  /**
   * {@code DELETE /_search/scroll[/{scroll_id}]}: comma-separated or body ids, or {@code _all}; a
   * body's ids replace the path's, as in OpenSearch.
   */
  RestResponse clearScroll(RestRequest request) throws IOException {
    List<String> ids =
        new ArrayList<>(
            SearchSessionJson.ids(
                request.contentArray(),
                request.contentOffset(),
                request.contentLength(),
                "scroll_id"));
    String path = request.pathParam("scroll_id");
    if (ids.isEmpty() && path != null) {
      ids.addAll(Arrays.asList(path.split(",")));
    }
    boolean all = ids.contains("_all");
    int freed = sessions.clearScrolls(all ? null : ids);
    JsonOutput out = new JsonOutput(request.pretty());
    SearchSessionJson.clearedScrolls(freed, out.generator());
    // OpenSearch answers 404 when named ids freed nothing; _all always succeeds.
    return RestResponse.json(all || freed > 0 ? 200 : 404, out);
  }

  private static RestResponse pitList(RestRequest request, List<String> ids) throws IOException {
    JsonOutput out = new JsonOutput(request.pretty());
    SearchSessionJson.deletedPits(ids, out.generator());
    return RestResponse.json(200, out);
  }
}
