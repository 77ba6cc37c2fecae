package dev.duet.server.rest;

import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.BulkResponse;
import dev.duet.engine.document.GetResult;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.SourceFilter;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.BulkRequestDecoder;
import dev.duet.server.rest.codec.BulkResponseEncoder;
import dev.duet.server.rest.codec.GetResponseEncoder;
import dev.duet.server.rest.codec.JsonOutput;
import dev.duet.server.rest.codec.SourceFilters;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;

/**
 * Document endpoints: {@code _bulk}, and the single-document writes ({@code _doc}, {@code _create})
 * that go through the same bulk action as a bulk of one; realtime {@code GET _doc}.
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

  /** {@code GET /{index}/_doc/{id}}: 200 with the document, 404 with {@code found: false}. */
  RestResponse get(RestRequest request) throws IOException {
    SourceFilter filter =
        SourceFilters.fromParams(
            request.param("_source"),
            request.param("_source_includes"),
            request.param("_source_excludes"));
    GetResult result;
    try {
      result = actions.get().execute(request.pathParam("index"), request.pathParam("id"), filter);
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
    for (String unsupported : List.of("if_seq_no", "if_primary_term", "version", "version_type")) {
      if (request.hasParam(unsupported)) {
        // Ignoring a concurrency check would silently overwrite; refuse until the model has it.
        throw DuetException.illegalArgument(
            "the [" + unsupported + "] parameter is not supported by Duet yet");
      }
    }
    byte[] source = null;
    if (op != OpType.DELETE) {
      request.requireContent();
      int from = request.contentOffset();
      source = Arrays.copyOfRange(request.contentArray(), from, from + request.contentLength());
    }
    BulkItem item = new BulkItem(op, request.pathParam("index"), request.pathParam("id"), source);
    BulkResponse response =
        actions.bulk().execute(new BulkRequest(List.of(item), refresh(request)));
    BulkItemResponse result = response.items().get(0);
    if (result.failed()) {
      throw op == OpType.DELETE ? asIndexExpression(result.failure()) : result.failure();
    }
    JsonOutput out = new JsonOutput(request.pretty());
    BulkResponseEncoder.encodeSingle(result, out.generator());
    return RestResponse.json(result.status(), out);
  }

  private static RefreshPolicy refresh(RestRequest request) {
    return BulkRequestDecoder.refreshPolicy(request.param("refresh"));
  }
}
