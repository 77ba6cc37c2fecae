package dev.duet.server.grpc;

import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import java.util.ArrayList;
import java.util.List;
import org.opensearch.protobufs.BulkRequestBody;
import org.opensearch.protobufs.DeleteOperation;
import org.opensearch.protobufs.IndexOperation;
import org.opensearch.protobufs.OperationContainer;
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
    if (request.getRequireAlias()) {
      notYet("require_alias"); // Duet has no aliases: every item would fail
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
        items.add(item);
      }
    }
    if (!problems.isEmpty()) {
      throw validation(problems);
    }
    return new BulkRequest(items, refresh(request));
  }

  private static BulkItem item(BulkRequestBody body, String defaultIndex, List<String> problems) {
    OperationContainer op = body.getOperationContainer();
    return switch (op.getOperationContainerCase()) {
      case INDEX -> index(op.getIndex(), body, defaultIndex, problems);
      case CREATE -> create(op.getCreate(), body, defaultIndex, problems);
      case DELETE -> delete(op.getDelete(), defaultIndex, problems);
      case UPDATE ->
          throw DuetException.illegalArgument(
              "bulk [update] operations are not supported yet; use [index] with the whole document");
      case OPERATIONCONTAINER_NOT_SET ->
          throw DuetException.illegalArgument(
              "Invalid BulkRequestBody. An OperationContainer (create, index, update, or delete)"
                  + " must be provided.");
    };
  }

  private static BulkItem index(
      IndexOperation op, BulkRequestBody body, String defaultIndex, List<String> problems) {
    if (op.hasIfSeqNo() || op.hasIfPrimaryTerm()) {
      notYet("if_seq_no/if_primary_term");
    }
    if (op.hasVersion() || op.hasVersionType()) {
      notYet("version");
    }
    if (op.hasPipeline()) {
      notYet("pipeline");
    }
    if (op.getRequireAlias()) {
      notYet("require_alias");
    }
    OpType type =
        op.getOpType() == org.opensearch.protobufs.OpType.OP_TYPE_CREATE
            ? OpType.CREATE
            : OpType.INDEX;
    String index = op.hasXIndex() ? op.getXIndex() : defaultIndex;
    return write(type, index, op.hasXId() ? op.getXId() : null, body, problems);
  }

  private static BulkItem create(
      WriteOperation op, BulkRequestBody body, String defaultIndex, List<String> problems) {
    if (op.hasPipeline()) {
      notYet("pipeline");
    }
    if (op.getRequireAlias()) {
      notYet("require_alias");
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
    // The one copy on this path: the engine keeps the source beyond the call (translog, index).
    return new BulkItem(
        type,
        index,
        id,
        body.getObject().toByteArray(),
        body.getExtraFieldValuesCount() == 0
            ? null
            : PackedVectorDecoder.decode(body.getExtraFieldValuesMap()));
  }

  private static BulkItem delete(DeleteOperation op, String defaultIndex, List<String> problems) {
    if (op.hasIfSeqNo() || op.hasIfPrimaryTerm()) {
      notYet("if_seq_no/if_primary_term");
    }
    if (op.hasVersion() || op.hasVersionType()) {
      notYet("version");
    }
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
    return valid ? new BulkItem(OpType.DELETE, index, op.getXId(), null) : null;
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
