package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.document.UpdateRequest;
import dev.duet.engine.document.Validation;
import dev.duet.engine.document.VersionCheck;
import dev.duet.engine.error.DuetException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The single-document writes ({@code _doc}, {@code _create}, {@code _update}, {@code DELETE _doc}):
 * OpenSearch's rules for their parameters, then one item through the bulk action, so that a write
 * of one obeys exactly what a bulk item does. A failed item is thrown, as the single-document API
 * answers it. Shared by every transport.
 */
public final class DocumentWriteAction {
  private final BulkAction bulk;

  public DocumentWriteAction(BulkAction bulk) {
    this.bulk = requireNonNull(bulk, "bulk");
  }

  /** {@code op_type}: {@code index} (the default, when null) or {@code create}. */
  public static OpType opType(String opType) {
    if (opType == null) {
      return OpType.INDEX;
    }
    return switch (opType) {
      case "create" -> OpType.CREATE;
      case "index" -> OpType.INDEX;
      default ->
          throw DuetException.illegalArgument(
              "opType must be 'create' or 'index', found: [" + opType + "]");
    };
  }

  /**
   * Indexes or creates ({@code op} INDEX or CREATE) {@code source}, or deletes (DELETE, {@code
   * source} null); {@code id} null lets the engine choose one.
   */
  public BulkItemResponse write(
      OpType op,
      String index,
      String id,
      byte[] source,
      VersionCheck check,
      RefreshPolicy refresh) {
    return write(op, index, id, source, check, refresh, false);
  }

  /** As above; with {@code requireAlias} an index or create must name an alias. */
  public BulkItemResponse write(
      OpType op,
      String index,
      String id,
      byte[] source,
      VersionCheck check,
      RefreshPolicy refresh,
      boolean requireAlias) {
    return write(op, index, id, source, check, refresh, requireAlias, null);
  }

  /** As above, through the ingest {@code pipeline} (null: the index's default pipeline). */
  public BulkItemResponse write(
      OpType op,
      String index,
      String id,
      byte[] source,
      VersionCheck check,
      RefreshPolicy refresh,
      boolean requireAlias,
      String pipeline) {
    Validation.check(check.problems(op));
    return single(
        new BulkItem(op, index, id, source, check, null, Map.of())
            .withRequireAlias(requireAlias)
            .withPipeline(op == OpType.DELETE ? null : pipeline),
        refresh);
  }

  /**
   * A partial update or upsert; {@code internalVersioning} says whether {@code version} or {@code
   * version_type} was given, which OpenSearch refuses for updates before anything else is read.
   */
  public BulkItemResponse update(
      String index,
      String id,
      boolean internalVersioning,
      UpdateRequest update,
      VersionCheck check,
      RefreshPolicy refresh) {
    return update(index, id, internalVersioning, update, check, refresh, false);
  }

  /** As above; with {@code requireAlias} {@code index} must name an alias. */
  public BulkItemResponse update(
      String index,
      String id,
      boolean internalVersioning,
      UpdateRequest update,
      VersionCheck check,
      RefreshPolicy refresh,
      boolean requireAlias) {
    if (internalVersioning) {
      throw Validation.failed(
          List.of(
              "internal versioning can not be used for optimistic concurrency control. Please use"
                  + " `if_seq_no` and `if_primary_term` instead"));
    }
    List<String> problems = new ArrayList<>(update.problems());
    problems.addAll(check.problems(OpType.UPDATE));
    Validation.check(problems);
    return single(
        BulkItem.update(index, id, update, check).withRequireAlias(requireAlias), refresh);
  }

  /**
   * OpenSearch resolves a single-document request's index as an {@code index_expression}, and says
   * so in the 404 (searches and index admin say {@code index_or_alias}).
   */
  public static DuetException asIndexExpression(DuetException e) {
    String index = e.metadata().get("index");
    if (e.type().equals("index_not_found_exception") && index != null) {
      return DuetException.indexNotFound(index, "index_expression");
    }
    return e;
  }

  private BulkItemResponse single(BulkItem item, RefreshPolicy refresh) {
    BulkItemResponse result = bulk.execute(new BulkRequest(List.of(item), refresh)).items().get(0);
    if (result.failed()) {
      throw item.opType() == OpType.DELETE ? asIndexExpression(result.failure()) : result.failure();
    }
    return result;
  }
}
