package dev.duet.server.rest;

import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchParameters;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SearchSession;
import dev.duet.server.action.Actions;
import dev.duet.server.action.CountAction;
import dev.duet.server.rest.codec.JsonOutput;
import dev.duet.server.rest.codec.QueryStringParam;
import dev.duet.server.rest.codec.SearchRequestDecoder;
import dev.duet.server.rest.codec.SearchResponseEncoder;
import dev.duet.server.rest.codec.SearchUrlOptions;
import java.io.IOException;
import java.util.List;

/** {@code GET|POST /_search} and {@code /{index}/_search}, and {@code _count}. */
final class SearchHandler implements RestHandler {
  private final Actions actions;

  SearchHandler(Actions actions) {
    this.actions = actions;
  }

  @Override
  public RestResponse handle(RestRequest request) throws IOException {
    SearchRequest search =
        request.decoded() instanceof SearchRequest decoded ? decoded : decode(request);
    return encode(request, search, actions.search().execute(search));
  }

  /** A search the request cache answers, on the event loop; anything else is left to handle. */
  @Override
  public RestResponse answerWithoutBlocking(RestRequest request) throws IOException {
    if (request.hasParam("scroll")) {
      return null;
    }
    SearchRequest search = decode(request);
    request.decoded(search); // handle() searches with it on a miss
    SearchResponse cached = actions.search().cached(search);
    return cached == null ? null : encode(request, search, cached);
  }

  private static SearchRequest decode(RestRequest request) throws IOException {
    return decode(request, SearchRequestDecoder.Decoded.NONE);
  }

  /**
   * A search request as REST reads it (URL parameters and body), with the body's {@code query} and
   * {@code aggs} decoded already when {@code decoded} has them: typed gRPC's entry, so that both
   * ports read a search by the same rules.
   */
  static SearchRequest decode(RestRequest request, SearchRequestDecoder.Decoded decoded)
      throws IOException {
    if (request.hasParam("search_type")) {
      SearchParameters.checkSearchType(request.param("search_type"));
    }
    if (request.hasParam("batched_reduce_size")) {
      SearchParameters.checkBatchedReduceSize(
          request.paramAsInt("batched_reduce_size", SearchParameters.DEFAULT_BATCHED_REDUCE_SIZE));
    }
    if (request.hasParam("pre_filter_shard_size")) {
      SearchParameters.checkPreFilterShardSize(request.paramAsInt("pre_filter_shard_size", 1));
    }
    SearchRequestDecoder.UrlParams url =
        new SearchRequestDecoder.UrlParams(
            request.param("from"),
            request.param("size"),
            request.param("sort"),
            request.param("_source"),
            request.param("_source_includes"),
            request.param("_source_excludes"),
            request.param("track_total_hits"),
            request.paramAsBoolean("rest_total_hits_as_int", false));
    SearchRequest search =
        SearchRequestDecoder.decode(
                indices(request.pathParam("index")),
                request.contentArray(),
                request.contentOffset(),
                request.contentLength(),
                url,
                urlOptions(request),
                decoded)
            .withIndicesOptions(RestIndicesOptions.of(request));
    Query q = urlQuery(request);
    if (q != null) {
      search = search.withQuery(q); // ?q= wins over the body, as in OpenSearch
    }
    if (request.hasParam("suggest_field")) {
      search =
          search.withSuggest(
              dev.duet.engine.search.Suggest.fromUrl(
                  request.param("suggest_field"),
                  request.param("suggest_text", request.param("q")),
                  request.param("suggest_mode"),
                  request.param("suggest_size")));
    }
    if (request.hasParam("scroll")) {
      SearchSession scroll = SearchSession.scroll(request.param("scroll"));
      search =
          search.withSession(search.session() == null ? scroll : search.session().with(scroll));
    }
    if (request.hasParam("search_pipeline")) {
      search =
          search.withOptions(search.options().withSearchPipeline(request.param("search_pipeline")));
    }
    if (request.paramAsBoolean("include_named_queries_score", false)) {
      search = search.withFetch(search.fetch().withNamedQueriesScore(true));
    }
    if (request.param("request_cache") != null) {
      search =
          search.withOptions(
              search.options().withRequestCache(request.paramAsBoolean("request_cache", true)));
    }
    return search;
  }

  private static RestResponse encode(
      RestRequest request, SearchRequest search, SearchResponse response) throws IOException {
    JsonOutput out = new JsonOutput(request.pretty());
    SearchResponseEncoder.encode(
        response, responseParams(request), search.aggregations(), out.generator());
    return RestResponse.json(200, out);
  }

  /** {@code rest_total_hits_as_int} and {@code typed_keys}, as every search response reads them. */
  static SearchResponseEncoder.Params responseParams(RestRequest request) {
    return new SearchResponseEncoder.Params(
        request.paramAsBoolean("rest_total_hits_as_int", false),
        request.paramAsBoolean("typed_keys", false));
  }

  /**
   * {@code GET|POST /_count} and {@code /{index}/_count}: the search's exact total, no hits; the
   * body holds only {@code query}.
   */
  RestResponse count(RestRequest request) throws IOException {
    CountAction.Result result = count(actions, request);
    JsonOutput out = new JsonOutput(request.pretty());
    var g = out.generator();
    g.writeStartObject();
    g.writeNumberField("count", result.count());
    g.writeObjectFieldStart("_shards");
    g.writeNumberField("total", result.shards());
    g.writeNumberField("successful", result.shards());
    g.writeNumberField("skipped", 0);
    g.writeNumberField("failed", 0);
    g.writeEndObject();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** The count of {@code _count} and {@code _cat/count}: a body query, or {@code ?q=}. */
  static CountAction.Result count(Actions actions, RestRequest request) throws IOException {
    SearchRequest parsed =
        SearchRequestDecoder.decode(
            indices(request.pathParam("index")),
            request.contentArray(),
            request.contentOffset(),
            request.contentLength(),
            new SearchRequestDecoder.UrlParams(null, null, null, null, null, null, null));
    Query q = urlQuery(request); // ?q= wins over the body, as in OpenSearch
    return new CountAction(actions.search())
        .execute(parsed.indices(), q != null ? q : parsed.query(), RestIndicesOptions.of(request));
  }

  /** The query of {@code ?q=} and its companions, or null without {@code q}. */
  static Query urlQuery(RestRequest request) {
    return QueryStringParam.of(
        request::param,
        request.param("lenient") == null ? null : request.paramAsBoolean("lenient", false));
  }

  private static SearchUrlOptions urlOptions(RestRequest request) {
    return new SearchUrlOptions(
        request.param("explain"),
        request.param("stored_fields"),
        request.param("docvalue_fields"),
        request.param("terminate_after"),
        request.param("timeout"),
        request.param("track_scores"),
        request.param("version"),
        request.param("seq_no_primary_term"));
  }

  private static List<String> indices(String expression) {
    return CountAction.indices(expression);
  }
}
