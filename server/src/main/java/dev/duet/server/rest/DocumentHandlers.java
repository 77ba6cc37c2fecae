package dev.duet.server.rest;

import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.BulkResponse;
import dev.duet.engine.document.GetResult;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.document.UpdateRequest;
import dev.duet.engine.document.VersionCheck;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.SourceFilter;
import dev.duet.server.action.Actions;
import dev.duet.server.action.DocumentWriteAction;
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
 * Document endpoints: {@code _bulk}; the single-document writes ({@code _doc}, {@code _create},
 * {@code _update}), whose rules live in {@link DocumentWriteAction}; {@code GET _doc} and {@code
 * HEAD}.
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
            refresh(request),
            request.paramAsBoolean("require_alias", false),
            request.param("pipeline"));
    BulkResponse response = actions.bulk().execute(bulk);
    // An item's answer is about 180-220 bytes (an error's more: one doubling covers it); the
    // start is capped so that a huge bulk of tiny items still grows as it goes.
    int expected = (int) Math.min(64L << 20, 64L + 224L * response.items().size());
    JsonOutput out = new JsonOutput(request.pretty(), expected);
    BulkResponseEncoder.encode(response, out.generator());
    return RestResponse.json(200, out);
  }

  /** {@code PUT|POST /{index}/_doc/{id}}, {@code POST /{index}/_doc}. */
  RestResponse index(RestRequest request) throws IOException {
    return write(request, DocumentWriteAction.opType(request.param("op_type")));
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
    boolean internalVersioning = request.hasParam("version") || request.hasParam("version_type");
    UpdateRequest update = null;
    VersionCheck check = VersionCheck.NONE;
    if (!internalVersioning) {
      update =
          UpdateRequestDecoder.decode(
                  request.contentArray(), request.contentOffset(), request.contentLength())
              .withRetryOnConflict(request.paramAsInt("retry_on_conflict", 0));
      SourceFilter fetch = sourceParams(request);
      if (fetch != null) {
        update = update.withFetchSource(fetch);
      }
      check = VersionParams.of(request);
    }
    BulkItemResponse result =
        actions
            .documentWrite()
            .update(
                request.pathParam("index"),
                request.pathParam("id"),
                internalVersioning,
                update,
                check,
                refresh(request),
                request.paramAsBoolean("require_alias", false));
    return single(request, result);
  }

  /**
   * {@code GET /{index}/_doc/{id}}: 200 with the document, 404 with {@code found: false}. {@code
   * stored_fields} names fields whose {@code store: true} values come under {@code fields}, and
   * drops the source unless {@code _source} asks it back.
   */
  RestResponse get(RestRequest request) throws IOException {
    SourceFilter filter = sourceParams(request);
    List<String> stored = storedFieldsParam(request);
    if (filter == null && stored != null) {
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
      throw DocumentWriteAction.asIndexExpression(e);
    }
    Map<String, List<Object>> fields = Map.of();
    if (stored != null && result.found()) {
      GetResult whole =
          filter == SourceFilter.ALL
              ? result
              : actions
                  .get()
                  .execute(
                      result.index(),
                      result.id(),
                      SourceFilter.ALL,
                      true,
                      false,
                      VersionCheck.MATCH_ANY);
      if (whole.found() && whole.source() != null) {
        fields = actions.get().storedFields(result.index(), whole.source(), stored);
      }
    }
    JsonOutput out = new JsonOutput(request.pretty());
    GetResponseEncoder.encode(result, result.source(), fields, out.generator());
    return RestResponse.json(result.found() ? 200 : 404, out);
  }

  /** {@code HEAD /{index}/_doc/{id}}. */
  RestResponse exists(RestRequest request) {
    GetResult result = actions.get().execute(request.pathParam("index"), request.pathParam("id"));
    return RestResponse.empty(result.found() ? 200 : 404);
  }

  /**
   * {@code GET /{index}/_source/{id}}: the source alone, as stored (a filter rewrites it); {@code
   * pretty} does not apply, as in OpenSearch, which writes the stored bytes.
   */
  RestResponse source(RestRequest request) {
    return RestResponse.json(200, documentSource(request));
  }

  /** {@code HEAD /{index}/_source/{id}}: 200 when the document and its source exist. */
  RestResponse sourceExists(RestRequest request) {
    try {
      documentSource(request);
      return RestResponse.empty(200);
    } catch (DuetException e) {
      return RestResponse.empty(e.status());
    }
  }

  private byte[] documentSource(RestRequest request) {
    try {
      return actions
          .get()
          .source(
              request.pathParam("index"),
              request.pathParam("id"),
              sourceParams(request),
              request.paramAsBoolean("realtime", true),
              request.paramAsBoolean("refresh", false));
    } catch (DuetException e) {
      throw DocumentWriteAction.asIndexExpression(e);
    }
  }

  private RestResponse write(RestRequest request, OpType op) throws IOException {
    VersionCheck check = VersionParams.of(request);
    byte[] source = null;
    if (op != OpType.DELETE) {
      request.requireContent();
      int from = request.contentOffset();
      source = Arrays.copyOfRange(request.contentArray(), from, from + request.contentLength());
    }
    BulkItemResponse result =
        actions
            .documentWrite()
            .write(
                op,
                request.pathParam("index"),
                request.pathParam("id"),
                source,
                check,
                refresh(request),
                op != OpType.DELETE && request.paramAsBoolean("require_alias", false),
                request.param("pipeline"));
    return single(request, result);
  }

  /** A written document, answered as OpenSearch answers the single-document API. */
  private static RestResponse single(RestRequest request, BulkItemResponse result)
      throws IOException {
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

  /** The {@code stored_fields} parameter's names, or null when absent. */
  private static List<String> storedFieldsParam(RestRequest request) {
    if (!request.hasParam("stored_fields")) {
      return null;
    }
    List<String> names = new ArrayList<>();
    for (String name : request.param("stored_fields", "").split(",")) {
      if (!name.isBlank()) {
        names.add(name.trim());
      }
    }
    return names;
  }
}
