package dev.duet.server.grpc;

import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.document.UpdateRequest;
import dev.duet.engine.document.VersionCheck;
import dev.duet.engine.document.VersionType;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.SourceFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.opensearch.protobufs.BulkRequestBody;
import org.opensearch.protobufs.DeleteOperation;
import org.opensearch.protobufs.IndexOperation;
import org.opensearch.protobufs.OperationContainer;
import org.opensearch.protobufs.SourceConfig;
import org.opensearch.protobufs.UpdateAction;
import org.opensearch.protobufs.UpdateOperation;
import org.opensearch.protobufs.WriteOperation;

/**
 * Decodes {@code DocumentService/Bulk} requests into the bulk model. Each document's {@code object}
 * bytes pass through as its source, unparsed; the engine parses them once, for REST and gRPC alike.
 *
 * <p>Validation failures are gathered over all items into one {@code
 * action_request_validation_exception}, as OpenSearch's {@code BulkRequest.validate()} does.
 */
final class BulkRequestDecoder {
  private BulkRequestDecoder() {}

  static BulkRequest decode(org.opensearch.protobufs.BulkRequest request) {
    String defaultIndex =
        request.hasIndex() && !request.getIndex().isEmpty() ? request.getIndex() : null;
    String pipeline = request.hasPipeline() ? request.getPipeline() : null;
    List<BulkRequestBody> bodies = request.getBulkRequestBodyList();
    if (bodies.isEmpty()) {
      BulkRequest.validate(0, List.of());
    }
    List<BulkItem> items = new ArrayList<>(bodies.size());
    List<String> problems = new ArrayList<>();
    for (BulkRequestBody body : bodies) {
      BulkItem item = item(body, defaultIndex, problems);
      if (item != null) {
        items.add(
            item.withRequireAlias(requireAlias(body.getOperationContainer(), request))
                .withPipeline(pipeline(body.getOperationContainer(), pipeline)));
      }
    }
    BulkRequest.validate(bodies.size(), problems);
    return new BulkRequest(items, refresh(request));
  }

  /** An index or create operation's own ingest {@code pipeline}, else the request's. */
  private static String pipeline(OperationContainer op, String requestLevel) {
    return switch (op.getOperationContainerCase()) {
      case INDEX -> op.getIndex().hasPipeline() ? op.getIndex().getPipeline() : requestLevel;
      case CREATE -> op.getCreate().hasPipeline() ? op.getCreate().getPipeline() : requestLevel;
      case UPDATE, DELETE, OPERATIONCONTAINER_NOT_SET -> null;
    };
  }

  /** An operation's own {@code require_alias}, else the request's (deletes have none). */
  private static boolean requireAlias(
      OperationContainer op, org.opensearch.protobufs.BulkRequest request) {
    boolean requestLevel = request.getRequireAlias();
    return switch (op.getOperationContainerCase()) {
      case INDEX ->
          op.getIndex().hasRequireAlias() ? op.getIndex().getRequireAlias() : requestLevel;
      case CREATE ->
          op.getCreate().hasRequireAlias() ? op.getCreate().getRequireAlias() : requestLevel;
      case UPDATE ->
          op.getUpdate().hasRequireAlias() ? op.getUpdate().getRequireAlias() : requestLevel;
      case DELETE, OPERATIONCONTAINER_NOT_SET -> false;
    };
  }

  private static BulkItem item(BulkRequestBody body, String defaultIndex, List<String> problems) {
    OperationContainer op = body.getOperationContainer();
    return switch (op.getOperationContainerCase()) {
      case INDEX -> index(op.getIndex(), body, defaultIndex, problems);
      case CREATE -> create(op.getCreate(), body, defaultIndex, problems);
      case DELETE -> delete(op.getDelete(), defaultIndex, problems);
      case UPDATE -> update(op.getUpdate(), body, defaultIndex, problems);
      case OPERATIONCONTAINER_NOT_SET ->
          throw DuetException.illegalArgument(
              "Invalid BulkRequestBody. An OperationContainer (create, index, update, or delete)"
                  + " must be provided.");
    };
  }

  private static BulkItem index(
      IndexOperation op, BulkRequestBody body, String defaultIndex, List<String> problems) {
    OpType type =
        op.getOpType() == org.opensearch.protobufs.OpType.OP_TYPE_CREATE
            ? OpType.CREATE
            : OpType.INDEX;
    VersionCheck check =
        check(
            op.hasIfSeqNo(),
            op.getIfSeqNo(),
            op.hasIfPrimaryTerm(),
            op.getIfPrimaryTerm(),
            op.hasVersion(),
            op.getVersion(),
            op.hasVersionType() ? op.getVersionType() : null);
    return write(
        type,
        present(op.hasXIndex() ? op.getXIndex() : defaultIndex),
        op.hasXId() ? op.getXId() : null,
        body,
        check,
        problems);
  }

  private static BulkItem update(
      UpdateOperation op, BulkRequestBody body, String defaultIndex, List<String> problems) {
    String index = present(op.hasXIndex() ? op.getXIndex() : defaultIndex);
    String id = present(op.hasXId() ? op.getXId() : null);
    UpdateAction action = body.getUpdateAction();
    if (action.hasScript() || action.hasScriptedUpsert()) {
      throw DuetException.illegalArgument(
          "[script] is not supported: Duet has no script engine; send a partial [doc]");
    }
    byte[] doc = null;
    if (action.hasDoc()) {
      doc = OwnedBytes.of(action.getDoc());
    } else if (body.hasObject() && !body.getObject().isEmpty()) {
      doc = OwnedBytes.of(body.getObject());
    }
    UpdateRequest update =
        new UpdateRequest(
            doc,
            action.hasUpsert() ? action.getUpsert().toByteArray() : null,
            action.getDocAsUpsert(),
            !action.hasDetectNoop() || action.getDetectNoop(),
            op.getRetryOnConflict(),
            action.hasXSource() ? fetchSource(action.getXSource()) : null);
    VersionCheck check =
        check(
            op.hasIfSeqNo(),
            op.getIfSeqNo(),
            op.hasIfPrimaryTerm(),
            op.getIfPrimaryTerm(),
            false,
            0,
            null);
    List<String> found = BulkRequest.problems(OpType.UPDATE, index, id, null, update, check);
    problems.addAll(found);
    return found.isEmpty() ? BulkItem.update(index, id, update, check) : null;
  }

  private static SourceFilter fetchSource(SourceConfig source) {
    return switch (source.getSourceConfigCase()) {
      case FETCH -> source.getFetch() ? SourceFilter.ALL : SourceFilter.NONE;
      case FILTER ->
          new SourceFilter(
              true, source.getFilter().getIncludesList(), source.getFilter().getExcludesList());
      case SOURCECONFIG_NOT_SET -> null;
    };
  }

  /** The item's concurrency condition, unset fields as OpenSearch's sentinels. */
  private static VersionCheck check(
      boolean hasSeqNo,
      long seqNo,
      boolean hasTerm,
      long term,
      boolean hasVersion,
      long version,
      org.opensearch.protobufs.VersionType type) {
    if (!hasSeqNo && !hasTerm && !hasVersion && type == null) {
      return VersionCheck.NONE;
    }
    return new VersionCheck(
        hasSeqNo ? seqNo : VersionCheck.UNASSIGNED_SEQ_NO,
        hasTerm ? term : VersionCheck.UNASSIGNED_PRIMARY_TERM,
        hasVersion ? version : VersionCheck.MATCH_ANY,
        versionType(type));
  }

  private static VersionType versionType(org.opensearch.protobufs.VersionType type) {
    if (type == null) {
      return VersionType.INTERNAL;
    }
    return switch (type) {
      case VERSION_TYPE_EXTERNAL -> VersionType.EXTERNAL;
      case VERSION_TYPE_EXTERNAL_GTE -> VersionType.EXTERNAL_GTE;
      case VERSION_TYPE_INTERNAL, VERSION_TYPE_UNSPECIFIED -> VersionType.INTERNAL;
      case VERSION_TYPE_FORCE, UNRECOGNIZED -> VersionType.fromString(type.toString());
    };
  }

  private static BulkItem create(
      WriteOperation op, BulkRequestBody body, String defaultIndex, List<String> problems) {
    return write(
        OpType.CREATE,
        present(op.hasXIndex() ? op.getXIndex() : defaultIndex),
        op.hasXId() ? op.getXId() : null,
        body,
        VersionCheck.NONE,
        problems);
  }

  private static BulkItem write(
      OpType type,
      String index,
      String id,
      BulkRequestBody body,
      VersionCheck check,
      List<String> problems) {
    // The engine keeps the source beyond the call (translog, index): it gets the array parsing
    // made, not a copy of it.
    byte[] source =
        body.hasObject() && !body.getObject().isEmpty() ? OwnedBytes.of(body.getObject()) : null;
    List<String> found = BulkRequest.problems(type, index, id, source, null, check);
    problems.addAll(found);
    if (!found.isEmpty()) {
      return null;
    }
    return new BulkItem(
            type,
            index,
            id,
            source,
            body.getExtraFieldValuesCount() == 0
                ? null
                : PackedVectorDecoder.decode(body.getExtraFieldValuesMap()))
        .withCheck(check);
  }

  private static BulkItem delete(DeleteOperation op, String defaultIndex, List<String> problems) {
    VersionCheck check =
        check(
            op.hasIfSeqNo(),
            op.getIfSeqNo(),
            op.hasIfPrimaryTerm(),
            op.getIfPrimaryTerm(),
            op.hasVersion(),
            op.getVersion(),
            op.hasVersionType() ? op.getVersionType() : null);
    String index = present(op.hasXIndex() ? op.getXIndex() : defaultIndex);
    String id = present(op.hasXId() ? op.getXId() : null);
    List<String> found = BulkRequest.problems(OpType.DELETE, index, id, null, null, check);
    problems.addAll(found);
    return found.isEmpty()
        ? new BulkItem(OpType.DELETE, index, id, null, check, null, Map.of())
        : null;
  }

  private static RefreshPolicy refresh(org.opensearch.protobufs.BulkRequest request) {
    return switch (request.getRefresh()) {
      case REFRESH_TRUE -> RefreshPolicy.IMMEDIATE;
      case REFRESH_WAIT_FOR -> RefreshPolicy.WAIT_UNTIL;
      default -> RefreshPolicy.NONE;
    };
  }

  /** A proto3 string left empty is absent. */
  private static String present(String value) {
    return value == null || value.isEmpty() ? null : value;
  }
}
