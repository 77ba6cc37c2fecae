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
    if (request.hasPipeline()) {
      notYet("pipeline");
    }
    List<BulkRequestBody> bodies = request.getBulkRequestBodyList();
    if (bodies.isEmpty()) {
      throw validation(List.of("no requests added"));
    }
    List<BulkItem> items = new ArrayList<>(bodies.size());
    List<String> problems = new ArrayList<>();
    for (BulkRequestBody body : bodies) {
      BulkItem item = item(body, defaultIndex, problems);
      if (item != null) {
        items.add(item.withRequireAlias(requireAlias(body.getOperationContainer(), request)));
      }
    }
    if (!problems.isEmpty()) {
      throw validation(problems);
    }
    return new BulkRequest(items, refresh(request));
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
    if (op.hasPipeline()) {
      notYet("pipeline");
    }
    OpType type =
        op.getOpType() == org.opensearch.protobufs.OpType.OP_TYPE_CREATE
            ? OpType.CREATE
            : OpType.INDEX;
    String index = op.hasXIndex() ? op.getXIndex() : defaultIndex;
    VersionCheck check =
        check(
            op.hasIfSeqNo(),
            op.getIfSeqNo(),
            op.hasIfPrimaryTerm(),
            op.getIfPrimaryTerm(),
            op.hasVersion(),
            op.getVersion(),
            op.hasVersionType() ? op.getVersionType() : null);
    BulkItem item = write(type, index, op.hasXId() ? op.getXId() : null, body, problems);
    problems.addAll(check.problems(type));
    return item == null ? null : item.withCheck(check);
  }

  private static BulkItem update(
      UpdateOperation op, BulkRequestBody body, String defaultIndex, List<String> problems) {
    String index = op.hasXIndex() ? op.getXIndex() : defaultIndex;
    boolean valid = true;
    if (index == null || index.isEmpty()) {
      problems.add("index is missing");
      valid = false;
    }
    if (!op.hasXId() || op.getXId().isEmpty()) {
      problems.add("id is missing");
      valid = false;
    }
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
    problems.addAll(update.problems());
    VersionCheck check =
        check(
            op.hasIfSeqNo(),
            op.getIfSeqNo(),
            op.hasIfPrimaryTerm(),
            op.getIfPrimaryTerm(),
            false,
            0,
            null);
    problems.addAll(check.problems(OpType.UPDATE));
    return valid && update.problems().isEmpty()
        ? BulkItem.update(index, op.getXId(), update, check)
        : null;
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
      case VERSION_TYPE_FORCE, UNRECOGNIZED ->
          throw DuetException.illegalArgument("No version type match [" + type + "]");
    };
  }

  private static BulkItem create(
      WriteOperation op, BulkRequestBody body, String defaultIndex, List<String> problems) {
    if (op.hasPipeline()) {
      notYet("pipeline");
    }
    String index = op.hasXIndex() ? op.getXIndex() : defaultIndex;
    return write(OpType.CREATE, index, op.hasXId() ? op.getXId() : null, body, problems);
  }

  private static BulkItem write(
      OpType type, String index, String id, BulkRequestBody body, List<String> problems) {
    boolean valid = true;
    if (index == null || index.isEmpty()) {
      problems.add("index is missing");
      valid = false;
    }
    if (!body.hasObject() || body.getObject().isEmpty()) {
      problems.add("source is missing");
      problems.add("content type is missing");
      valid = false;
    }
    if (!valid) {
      return null;
    }
    // The engine keeps the source beyond the call (translog, index): it gets the array parsing
    // made, not a copy of it.
    return new BulkItem(
        type,
        index,
        id,
        OwnedBytes.of(body.getObject()),
        body.getExtraFieldValuesCount() == 0
            ? null
            : PackedVectorDecoder.decode(body.getExtraFieldValuesMap()));
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
    String index = op.hasXIndex() ? op.getXIndex() : defaultIndex;
    boolean valid = true;
    if (index == null || index.isEmpty()) {
      problems.add("index is missing");
      valid = false;
    }
    if (!op.hasXId() || op.getXId().isEmpty()) {
      problems.add("id is missing");
      valid = false;
    }
    problems.addAll(check.problems(OpType.DELETE));
    return valid
        ? new BulkItem(OpType.DELETE, index, op.getXId(), null, check, null, Map.of())
        : null;
  }

  private static RefreshPolicy refresh(org.opensearch.protobufs.BulkRequest request) {
    return switch (request.getRefresh()) {
      case REFRESH_TRUE -> RefreshPolicy.IMMEDIATE;
      case REFRESH_WAIT_FOR -> RefreshPolicy.WAIT_UNTIL;
      default -> RefreshPolicy.NONE;
    };
  }

  /** OpenSearch's {@code ActionRequestValidationException} message: numbered, semicolon-ended. */
  private static DuetException validation(List<String> problems) {
    StringBuilder reason = new StringBuilder("Validation Failed: ");
    for (int i = 0; i < problems.size(); i++) {
      reason.append(i + 1).append(": ").append(problems.get(i)).append(';');
    }
    return DuetException.badRequest("action_request_validation_exception", reason.toString());
  }

  private static void notYet(String option) {
    throw DuetException.illegalArgument("bulk option [" + option + "] is not supported yet");
  }
}
