package dev.duet.engine.internal.shard;

import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.GetResult;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.UpdateRequest;
import dev.duet.engine.document.VersionCheck;
import dev.duet.engine.document.WriteResult;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.source.SourceMerge;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Updates as OpenSearch runs them: a realtime get, the merge (or the upsert), then a write that
 * only succeeds if nobody wrote the document in between (compare-and-set on the seq_no the get
 * saw), retried {@code retry_on_conflict} times. The write is an ordinary index of the whole
 * resulting document, so the translog holds full documents and replay needs no merge.
 */
public final class DocumentUpdater {
  private DocumentUpdater() {}

  static BulkItemResponse update(LuceneIndex index, BulkItem item, String id, boolean forced) {
    if (item.routing() == null && index.metadata().mapping().routingRequired()) {
      return failure(index, id, WritePath.routingMissing(index.name(), id));
    }
    int retries = item.update().retryOnConflict();
    for (int attempt = 0; ; attempt++) {
      BulkItemResponse response;
      try {
        response = attempt(index, item, id, forced);
      } catch (DuetException e) {
        response = failure(index, id, e);
      }
      if (response.failed() && VersionRules.isConflict(response.failure()) && attempt < retries) {
        continue;
      }
      return response;
    }
  }

  private static BulkItemResponse attempt(
      LuceneIndex index, BulkItem item, String id, boolean forced) {
    UpdateRequest update = item.update();
    GetResult current = index.find(id, item.routing()); // the copy in the routed shard
    if (!current.found()) {
      byte[] upsert = update.docAsUpsert() ? update.doc() : update.upsert();
      if (upsert == null) {
        throw documentMissing(index, id);
      }
      if (update.script() != null && update.scriptedUpsert()) {
        ScriptedUpdate.Outcome outcome =
            ScriptedUpdate.run(
                update.script(),
                "create",
                SourceMerge.parse(upsert),
                index,
                id,
                item.routing(),
                -1);
        if (!outcome.op().equals("create")) {
          return noop(index, id, null, update);
        }
        upsert = outcome.source();
      }
      // A create, so that a document someone else created meanwhile is a conflict (and a retry).
      BulkItemResponse created =
          index.apply(
              new BulkItem(OpType.CREATE, index.name(), id, upsert).withRouting(item.routing()),
              id,
              false,
              forced);
      return asUpdate(index, id, created, upsert, update);
    }
    VersionCheck check = item.check();
    if (check.hasSeqNoCheck()) {
      // Throws the conflict OpenSearch's get-for-update throws when the caller's view is stale.
      index
          .versionRules()
          .nextVersion(
              OpType.INDEX,
              check,
              id,
              new LiveVersionMap.Entry(
                  current.version(), current.seqNo(), current.primaryTerm(), current.source(), 0));
    }
    if (current.source() == null) {
      // The mapping keeps no _source: nothing to merge the update into.
      throw new DuetException(
          400,
          "document_source_missing_exception",
          "[" + id + "]: document source missing",
          Map.of("index", index.name(), "shard", "0", "index_uuid", index.uuid()),
          null);
    }
    if (update.script() != null) {
      return scripted(index, item, id, forced, current, update);
    }
    Map<String, Object> source = SourceMerge.parse(current.source());
    Map<String, Object> doc = SourceMerge.parse(update.doc());
    boolean changed = SourceMerge.update(source, doc, update.detectNoop());
    if (update.detectNoop() && !changed) {
      WriteResult noop =
          new WriteResult(
              "noop",
              current.version(),
              current.seqNo(),
              current.primaryTerm(),
              false,
              index.shardsTotal(),
              1);
      BulkItemResponse response =
          new BulkItemResponse(OpType.UPDATE, index.name(), id, 200, noop, null);
      return withGet(index, id, response, current.source(), update);
    }
    byte[] merged = SourceMerge.write(source);
    BulkItem write =
        new BulkItem(OpType.INDEX, index.name(), id, merged)
            .withRouting(item.routing())
            .withCheck(VersionCheck.ifSeqNo(current.seqNo(), current.primaryTerm()));
    return asUpdate(index, id, index.apply(write, id, false, forced), merged, update);
  }

  /** An update by script: {@code ctx.op} decides whether it indexes, deletes or does nothing. */
  private static BulkItemResponse scripted(
      LuceneIndex index,
      BulkItem item,
      String id,
      boolean forced,
      GetResult current,
      UpdateRequest update) {
    ScriptedUpdate.Outcome outcome =
        ScriptedUpdate.run(
            update.script(),
            "index",
            SourceMerge.parse(current.source()),
            index,
            id,
            item.routing(),
            current.version());
    VersionCheck unchanged = VersionCheck.ifSeqNo(current.seqNo(), current.primaryTerm());
    return switch (outcome.op()) {
      case "index" -> {
        BulkItem write =
            new BulkItem(OpType.INDEX, index.name(), id, outcome.source())
                .withRouting(item.routing())
                .withCheck(unchanged);
        yield asUpdate(index, id, index.apply(write, id, false, forced), outcome.source(), update);
      }
      case "delete" -> {
        BulkItem delete =
            new BulkItem(OpType.DELETE, index.name(), id, null)
                .withRouting(item.routing())
                .withCheck(unchanged);
        BulkItemResponse deleted = index.apply(delete, id, false, forced);
        yield new BulkItemResponse(
            OpType.UPDATE,
            deleted.index(),
            deleted.id(),
            deleted.status(),
            deleted.result(),
            deleted.failure());
      }
      default ->
          noop(
              index, id, current,
              update); // "none", "noop", and (with a warning in OpenSearch) any other
    };
  }

  private static BulkItemResponse noop(
      LuceneIndex index, String id, GetResult current, UpdateRequest update) {
    WriteResult noop =
        new WriteResult(
            "noop",
            current == null ? -1 : current.version(),
            current == null ? -3 : current.seqNo(),
            current == null ? 0 : current.primaryTerm(),
            false,
            0, // OpenSearch reports no shards for a script's noop
            0);
    BulkItemResponse response =
        new BulkItemResponse(OpType.UPDATE, index.name(), id, 200, noop, null);
    return current == null ? response : withGet(index, id, response, current.source(), update);
  }

  private static BulkItemResponse asUpdate(
      LuceneIndex index, String id, BulkItemResponse written, byte[] source, UpdateRequest update) {
    BulkItemResponse response =
        new BulkItemResponse(
            OpType.UPDATE,
            written.index(),
            written.id(),
            written.status(),
            written.result(),
            written.failure());
    return response.failed() ? response : withGet(index, id, response, source, update);
  }

  private static BulkItemResponse withGet(
      LuceneIndex index, String id, BulkItemResponse response, byte[] source, UpdateRequest u) {
    if (u.fetchSource() == null || !u.fetchSource().fetch()) {
      return response;
    }
    WriteResult r = response.result();
    GetResult get =
        new GetResult(
            index.name(),
            id,
            true,
            r.version(),
            r.seqNo(),
            r.primaryTerm(),
            u.fetchSource().apply(source));
    return new BulkItemResponse(
        response.opType(), response.index(), response.id(), response.status(), r, null, get);
  }

  private static BulkItemResponse failure(LuceneIndex index, String id, DuetException e) {
    return new BulkItemResponse(OpType.UPDATE, index.name(), id, e.status(), null, e);
  }

  private static DuetException documentMissing(LuceneIndex index, String id) {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("index", index.name());
    meta.put("shard", "0");
    meta.put("index_uuid", index.uuid());
    return new DuetException(
        404, "document_missing_exception", "[" + id + "]: document missing", meta, null);
  }
}
