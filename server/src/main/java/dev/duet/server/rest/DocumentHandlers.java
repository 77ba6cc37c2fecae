package dev.duet.server.rest;

import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.BulkResponse;
import dev.duet.engine.document.GetResult;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.document.UpdateRequest;
import dev.duet.engine.document.Validation;
import dev.duet.engine.document.VersionCheck;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.SourceFilter;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.BulkRequestDecoder;
import dev.duet.server.rest.codec.BulkResponseEncoder;
import dev.duet.server.rest.codec.GetResponseEncoder;
import dev.duet.server.rest.codec.JsonOutput;
import dev.duet.server.rest.codec.SourceFilters;
import dev.duet.server.rest.codec.UpdateRequestDecoder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Document endpoints: {@code _bulk}, and the single-document writes ({@code _doc}, {@code _create},
 * {@code _update}) that go through the same bulk action as a bulk of one, with their concurrency
 * parameters; {@code GET _doc} and {@code HEAD}.
 */
final class DocumentHandlers {
  private final Actions actions;

  DocumentHandlers(Actions actions) {
    this.actions = actions;
  }

  /** {@code POST|PUT /_bulk} and {@code /{index}/_bulk}. */
  RestResponse bulk(RestRequest request) throws IOException {
    BulkRequest bulk =
        BulkRequestDecoder.decode(
            request.contentArray(),
            request.contentOffset(),
            request.contentLength(),
            request.pathParam("index"),
            refresh(request));
    BulkResponse response = actions.bulk().execute(bulk);
    JsonOutput out = new JsonOutput(request.pretty());
    BulkResponseEncoder.encode(response, out.generator());
    return RestResponse.json(200, out);
  }

  /** {@code PUT|POST /{index}/_doc/{id}}, {@code POST /{index}/_doc}. */
  RestResponse index(RestRequest request) throws IOException {
    OpType op = OpType.INDEX;
    String opType = request.param("op_type");
    if (opType != null) {
      op =
          switch (opType) {
            case "create" -> OpType.CREATE;
            case "index" -> OpType.INDEX;
            default ->
                throw DuetException.illegalArgument(
                    "opType must be 'create' or 'index', found: [" + opType + "]");
          };
    }
    return write(request, op);
  }

  /** {@code PUT|POST /{index}/_create/{id}}. */
  RestResponse create(RestRequest request) throws IOException {
    return write(request, OpType.CREATE);
  }

  /** {@code DELETE /{index}/_doc/{id}}. */
  RestResponse delete(RestRequest request) throws IOException {
    return write(request, OpType.DELETE);
  }

  /**
   * {@code POST /{index}/_update/{id}}: a partial {@code doc} merged into the document, or an
   * upsert; {@code noop} when nothing changes.
   */
  RestResponse update(RestRequest request) throws IOException {
    if (request.hasParam("version") || request.hasParam("version_type")) {
      // OpenSearch's REST layer refuses these for updates before anything else is read.
      throw Validation.failed(
          List.of(
              "internal versioning can not be used for optimistic concurrency control. Please use"
                  + " `if_seq_no` and `if_primary_term` instead"));
    }
    UpdateRequest update =
        UpdateRequestDecoder.decode(
                request.contentArray(), request.contentOffset(), request.contentLength())
            .withRetryOnConflict(request.paramAsInt("retry_on_conflict", 0));
    SourceFilter fetch = sourceParams(request);
    if (fetch != null) {
      update = update.withFetchSource(fetch);
    }
    VersionCheck check = VersionParams.of(request);
    List<String> problems = new ArrayList<>(update.problems());
    problems.addAll(check.problems(OpType.UPDATE));
    Validation.check(problems);
    BulkItem item =
        BulkItem.update(request.pathParam("index"), request.pathParam("id"), update, check);
    return single(request, item);
  }

  /**
   * {@code GET /{index}/_doc/{id}}: 200 with the document, 404 with {@code found: false}. Duet
   * stores no field apart from {@code _source}, so {@code stored_fields} only drops the source (as
   * OpenSearch does for fields that are not stored).
   */
  RestResponse get(RestRequest request) throws IOException {
    SourceFilter filter = sourceParams(request);
    if (filter == null && request.hasParam("stored_fields")) {
      filter = SourceFilter.NONE;
    }
    GetResult result;
    try {
      result =
          actions
              .get()
              .execute(
                  request.pathParam("index"),
                  request.pathParam("id"),
                  filter,
                  request.paramAsBoolean("realtime", true),
                  request.paramAsBoolean("refresh", false),
                  request.paramAsLong("version", VersionCheck.MATCH_ANY));
    } catch (DuetException e) {
      throw asIndexExpression(e);
    }
    JsonOutput out = new JsonOutput(request.pretty());
    GetResponseEncoder.encode(result, result.source(), out.generator());
    return RestResponse.json(result.found() ? 200 : 404, out);
  }

  /** {@code HEAD /{index}/_doc/{id}}. */
  RestResponse exists(RestRequest request) {
    GetResult result = actions.get().execute(request.pathParam("index"), request.pathParam("id"));
    return RestResponse.empty(result.found() ? 200 : 404);
  }

  /**
   * OpenSearch resolves a single-document request's index as an {@code index_expression}, and says
   * so in the 404 (searches and index admin say {@code index_or_alias}).
   */
  private static DuetException asIndexExpression(DuetException e) {
    String index = e.metadata().get("index");
    if (e.type().equals("index_not_found_exception") && index != null) {
      return DuetException.indexNotFound(index, "index_expression");
    }
    return e;
  }

  private RestResponse write(RestRequest request, OpType op) throws IOException {
    VersionCheck check = VersionParams.of(request);
    byte[] source = null;
    if (op != OpType.DELETE) {
      request.requireContent();
      int from = request.contentOffset();
      source = Arrays.copyOfRange(request.contentArray(), from, from + request.contentLength());
    }
    Validation.check(check.problems(op));
    BulkItem item =
        new BulkItem(
            op, request.pathParam("index"), request.pathParam("id"), source, check, null, Map.of());
    return single(request, item);
  }

  /** One write through the bulk action, answered as OpenSearch answers the single-document API. */
  private RestResponse single(RestRequest request, BulkItem item) throws IOException {
    BulkResponse response =
        actions.bulk().execute(new BulkRequest(List.of(item), refresh(request)));
    BulkItemResponse result = response.items().get(0);
    if (result.failed()) {
      throw item.opType() == OpType.DELETE ? asIndexExpression(result.failure()) : result.failure();
    }
    JsonOutput out = new JsonOutput(request.pretty());
    BulkResponseEncoder.encodeSingle(result, out.generator());
    return RestResponse.json(result.status(), out);
  }

  private static SourceFilter sourceParams(RestRequest request) {
    return SourceFilters.fromParams(
        request.param("_source"),
        request.param("_source_includes"),
        request.param("_source_excludes"));
  }

  private static RefreshPolicy refresh(RestRequest request) {
    return BulkRequestDecoder.refreshPolicy(request.param("refresh"));
  }
}
