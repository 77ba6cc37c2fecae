package dev.duet.server.rest;

import dev.duet.engine.document.GetResult;
import dev.duet.engine.document.VersionCheck;
import dev.duet.engine.search.ExplainResult;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SourceFilter;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.ExplainCodec;
import dev.duet.server.rest.codec.JsonOutput;
import dev.duet.server.rest.codec.SourceFilters;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * {@code GET|POST /{index}/_explain/{id}}: one document's score explanation for the body's query,
 * with the document under {@code get} when the source or stored fields are asked for; 404 with
 * {@code matched: false} when the document does not exist.
 */
final class ExplainHandler implements RestHandler {
  private final Actions actions;

  ExplainHandler(Actions actions) {
    this.actions = actions;
  }

  @Override
  public RestResponse handle(RestRequest request) throws IOException {
    Query q = SearchHandler.urlQuery(request);
    Query query =
        q != null
            ? q
            : ExplainCodec.decode(
                request.contentArray(), request.contentOffset(), request.contentLength());
    ExplainResult result =
        actions.search().explain(request.pathParam("index"), request.pathParam("id"), query);
    JsonOutput out = new JsonOutput(request.pretty());
    ExplainCodec.encode(result, document(request, result), out.generator());
    return RestResponse.json(result.found() ? 200 : 404, out);
  }

  /**
   * The document itself, for the answer's {@code get}, when the request asks for its source ({@code
   * _source}, {@code _source_includes}, {@code _source_excludes}) or {@code stored_fields}, as
   * OpenSearch's explain adds it; null otherwise. It is read from the searcher, as the explanation
   * was.
   */
  private ExplainCodec.Document document(RestRequest request, ExplainResult result) {
    SourceFilter filter =
        SourceFilters.fromParams(
            request.param("_source"),
            request.param("_source_includes"),
            request.param("_source_excludes"));
    List<String> stored = DocumentHandlers.storedFieldsParam(request);
    if (!result.found() || (stored == null && (filter == null || filter == SourceFilter.NONE))) {
      return null;
    }
    if (filter == null) {
      filter = SourceFilter.NONE; // stored_fields alone: OpenSearch leaves the source out
    }
    GetResult doc =
        actions
            .get()
            .execute(
                result.index(),
                result.id(),
                request.param("routing"),
                filter,
                false,
                false,
                VersionCheck.MATCH_ANY);
    if (!doc.found()) {
      return null;
    }
    Map<String, List<Object>> fields = Map.of();
    if (stored != null && !stored.isEmpty()) {
      GetResult whole =
          actions
              .get()
              .execute(
                  result.index(),
                  result.id(),
                  request.param("routing"),
                  SourceFilter.ALL,
                  false,
                  false,
                  VersionCheck.MATCH_ANY);
      if (whole.found() && whole.source() != null) {
        fields = actions.get().storedFields(result.index(), whole.source(), stored);
      }
    }
    return new ExplainCodec.Document(doc, fields);
  }
}
