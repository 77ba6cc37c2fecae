package dev.duet.engine.internal.bulk;

import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.BulkResponse;
import dev.duet.engine.document.ByQueryRequest;
import dev.duet.engine.document.ByQueryResponse;
import dev.duet.engine.document.GetResult;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.document.ReindexRequest;
import dev.duet.engine.document.ReindexResponse;
import dev.duet.engine.document.WriteResult;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.internal.admin.NodeIndices;
import dev.duet.engine.internal.document.TimeBasedIds;
import dev.duet.engine.internal.fetch.HitFields;
import dev.duet.engine.internal.ingest.NodePipelines;
import dev.duet.engine.internal.meta.IndexBlocks;
import dev.duet.engine.internal.meta.IndexResolver;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.internal.source.SourceValues;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The node's document calls: get, bulk (every single-document write is one), by-query and reindex,
 * each item routed to its index (created on first write) and applied through its write path.
 */
public final class NodeDocuments implements AutoCloseable {
  private static final int MAX_ID_BYTES = 512;

  private final NodeIndices indices;
  private final NodePipelines pipelines;
  private final BulkApplier bulkApplier =
      new BulkApplier(Runtime.getRuntime().availableProcessors());

  /** Document calls on the indices of {@code indices}, without ingest pipelines. */
  public NodeDocuments(NodeIndices indices) {
    this(indices, new NodePipelines(null));
  }

  /**
   * Document calls on the indices of {@code indices}, index items run through {@code pipelines}.
   */
  public NodeDocuments(NodeIndices indices, NodePipelines pipelines) {
    this.indices = indices;
    this.pipelines = pipelines;
  }

  /** {@code _bulk}: applies the items, makes them durable, then refreshes as the request asks. */
  public BulkResponse bulk(BulkRequest request) {
    long start = System.nanoTime();
    boolean forced = request.refresh() == RefreshPolicy.IMMEDIATE;
    Set<LuceneIndex> touched = ConcurrentHashMap.newKeySet();
    List<BulkItemResponse> responses =
        bulkApplier.apply(request.items(), item -> ingestThenApply(item, forced, touched));
    boolean errors = false;
    for (BulkItemResponse response : responses) {
      errors |= response.failed();
    }
    for (LuceneIndex index : touched) {
      try {
        index.afterBulk(); // durable before acknowledged
      } catch (DuetException e) {
        // Deleted while the bulk ran; nothing of it is left to make durable.
      }
    }
    if (request.refresh() != RefreshPolicy.NONE) {
      for (LuceneIndex index : touched) {
        try {
          index.refresh();
        } catch (DuetException e) {
          // Deleted while the bulk ran; its items already say what happened.
        }
      }
    }
    return new BulkResponse(
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start), errors, responses);
  }

  /** {@code GET <index>/_doc/<id>}. */
  public GetResult get(String index, String id) {
    return readTarget(index).get(id);
  }

  /** {@code GET <index>/_doc/<id>}, from the translog when {@code realtime}. */
  public GetResult get(String index, String id, boolean realtime) {
    return readTarget(index).get(id, realtime);
  }

  /** A get by id and routing value (null: none). */
  public GetResult get(String index, String id, String routing, boolean realtime) {
    return readTarget(index).get(id, routing, realtime);
  }

  /** A got document's stored fields, by the index's mapping. */
  public Map<String, List<Object>> storedFields(String index, byte[] source, List<String> names) {
    return HitFields.stored(readTarget(index).lookup(), names, SourceValues.of(source));
  }

  /** The index a read of one document goes to: the index, or an alias's one index. */
  public LuceneIndex readTarget(String index) {
    String concrete = indices.resolver().resolveRead(index);
    LuceneIndex target = indices.require(concrete == null ? index : concrete);
    IndexBlocks.checkRead(target.name(), target.metadata().settings());
    return target;
  }

  /** {@code _delete_by_query} and {@code _update_by_query}. */
  public ByQueryResponse byQuery(ByQueryRequest request) {
    NodeIndices.Targets targets = indices.targets(request.indices(), IndicesOptions.DEFAULTS);
    if (request.kind() == ByQueryRequest.Kind.DELETE) {
      return ByQueryRunner.run(targets.indices(), targets.filters(), request);
    }
    Set<LuceneIndex> touched = ConcurrentHashMap.newKeySet();
    return ByQueryRunner.run(
        targets.indices(),
        targets.filters(),
        request,
        item -> ingestThenApply(item.withPipeline(request.pipeline()), false, touched));
  }

  /** {@code _reindex}: the sources' matches, in index-name order, as bulk items to the dest. */
  public ReindexResponse reindex(ReindexRequest request) {
    indices.failed().checkNotNamed(request.sources());
    indices.failed().checkNotNamed(request.dest() == null ? List.of() : List.of(request.dest()));
    IndexResolver resolver = indices.resolver();
    List<IndexResolver.Target> resolved =
        new ArrayList<>(resolver.resolveSearch(request.sources(), IndicesOptions.DEFAULTS));
    // OpenSearch's scroll walks its shards in index-name order.
    resolved.sort(Comparator.comparing(IndexResolver.Target::index));
    NodeIndices.Targets sources = indices.targets(resolved);
    ReindexChecks.destNotSource(
        request.dest(), resolver.resolveWrite(request.dest()), sources.indices());
    return ByQueryRunner.reindex(
        sources.indices(),
        sources.filters(),
        request,
        (item, touched) -> ingestThenApply(item.withPipeline(request.pipeline()), false, touched));
  }

  /** Runs the item's ingest pipelines, then writes what they leave (nothing when they drop it). */
  private BulkItemResponse ingestThenApply(
      BulkItem item, boolean forced, Set<LuceneIndex> touched) {
    NodePipelines.Outcome outcome = pipelines.run(item, this::writeSettings);
    if (outcome.failure() != null) {
      DuetException e = outcome.failure();
      return new BulkItemResponse(item.opType(), item.index(), item.id(), e.status(), null, e);
    }
    if (outcome.dropped()) {
      return new BulkItemResponse(
          item.opType(),
          item.index(),
          item.id(),
          200,
          new WriteResult("noop", -3, -2, 0, false, 0, 0),
          null);
    }
    return applyItem(outcome.item(), forced, touched);
  }

  /** The settings of the index a write to {@code name} goes to, or null when there is none yet. */
  private IndexSettings writeSettings(String name) {
    LuceneIndex index = indices.get(name);
    if (index == null) {
      String concrete;
      try {
        concrete = indices.resolver().resolveWrite(name);
      } catch (DuetException e) {
        return null;
      }
      index = concrete == null ? null : indices.get(concrete);
    }
    return index == null ? null : index.metadata().settings();
  }

  private BulkItemResponse applyItem(BulkItem item, boolean forced, Set<LuceneIndex> touched) {
    boolean autoId = item.id() == null;
    String id = autoId ? TimeBasedIds.nextId() : item.id();
    LuceneIndex index;
    try {
      if (id.isEmpty() && (item.opType() == OpType.INDEX || item.opType() == OpType.CREATE)) {
        throw DuetException.illegalArgument("if _id is specified it must not be empty");
      }
      if (id.getBytes(StandardCharsets.UTF_8).length > MAX_ID_BYTES) {
        throw new DuetException(
            400,
            "action_request_validation_exception",
            "Validation Failed: 1: id ["
                + id
                + "] is too long, must be no longer than 512 bytes but was: "
                + id.getBytes(StandardCharsets.UTF_8).length
                + ";");
      }
      if (item.requireAlias()
          && item.opType() != OpType.DELETE
          && !indices.resolver().isAlias(item.index())) {
        throw notAnAlias(item.index());
      }
      index =
          item.opType() == OpType.DELETE
              ? existingForDelete(item.index())
              : indexForWrite(item.index());
      IndexBlocks.checkWrite(
          index.name(), index.metadata().settings(), item.opType() == OpType.DELETE);
    } catch (DuetException e) {
      return new BulkItemResponse(item.opType(), item.index(), id, e.status(), null, e);
    }
    touched.add(index);
    return index.apply(item, id, autoId, forced);
  }

  /** OpenSearch's refusal of an item with {@code require_alias} that names no alias. */
  private static DuetException notAnAlias(String name) {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("index", name);
    meta.put("index_uuid", "_na_");
    return new DuetException(
        404,
        "index_not_found_exception",
        "no such index ["
            + name
            + "] and [require_alias] request flag is [true] and ["
            + name
            + "] is not an alias",
        meta,
        null);
  }

  /** Deletes never create their index, as in OpenSearch; the item fails instead. */
  private LuceneIndex existingForDelete(String name) {
    if (indices.failed().contains(name)) {
      throw indices.failed().unavailable(name);
    }
    String concrete = indices.resolver().resolveWrite(name);
    indices.checkNotClosed(concrete);
    LuceneIndex index = concrete == null ? null : indices.get(concrete);
    if (index != null) {
      return index;
    }
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("index", name);
    meta.put("resource.id", name);
    meta.put("resource.type", "index_expression");
    meta.put("index_uuid", "_na_");
    throw new DuetException(
        404, "index_not_found_exception", "no such index [" + name + "]", meta, null);
  }

  /** The index a write to {@code name} goes to, created with defaults if there is none. */
  private LuceneIndex indexForWrite(String name) {
    LuceneIndex index = indices.get(name);
    if (index != null) {
      return index;
    }
    if (indices.failed().contains(name)) {
      throw indices.failed().unavailable(name); // never a new, empty index in its place
    }
    String concrete = indices.resolver().resolveWrite(name);
    if (concrete != null) {
      index = indices.get(concrete);
      if (index != null) {
        return index;
      }
    }
    return indices.createForWrite(name);
  }

  /** Stops the bulk workers. */
  @Override
  public void close() {
    bulkApplier.close();
  }
}
