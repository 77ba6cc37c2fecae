package dev.duet.engine.internal.bulk;

import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.ByQueryRequest;
import dev.duet.engine.document.ByQueryResponse;
import dev.duet.engine.document.ByQueryTask;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.document.ReindexRequest;
import dev.duet.engine.document.ReindexResponse;
import dev.duet.engine.document.VersionCheck;
import dev.duet.engine.document.VersionType;
import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.query.QueryTranslator;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.internal.shard.VersionRules;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;

/**
 * Runs {@code _delete_by_query} and {@code _update_by_query}: walks the matches of one searcher (a
 * point-in-time view, like OpenSearch's scroll) in index order, and writes them in batches through
 * the ordinary write path with compare-and-set on the seq_no each match was seen with. For {@code
 * _reindex} the same walk writes each match to the dest index through the engine's bulk item path
 * instead (so the dest is auto-created and mapped as a bulk would).
 */
public final class ByQueryRunner {
  private static final Set<String> ID_AND_SOURCE = Set.of(MetaFields.ID, MetaFields.SOURCE);
  private static final Set<String> ID_ONLY = Set.of(MetaFields.ID);

  private final ByQueryRequest request;

  /**
   * Null for by-query runs; else where and how matches are written, and the writer that does it.
   */
  private final ReindexRequest reindex;

  private final Function<BulkItem, BulkItemResponse> reindexWriter;
  private final ByQueryTask task;
  private final List<BulkItem> batch = new ArrayList<>();
  private final List<ByQueryResponse.Failure> failures = new ArrayList<>();
  private final Set<LuceneIndex> touched = new LinkedHashSet<>();
  private long total;
  private long processed;
  private long updated;
  private long created;
  private long deleted;
  private int batches;
  private long conflicts;
  private boolean stopped;
  private long noops;
  private Function<BulkItem, BulkItemResponse> updateWriter;

  private ByQueryRunner(
      ByQueryRequest request,
      ReindexRequest reindex,
      Function<BulkItem, BulkItemResponse> reindexWriter,
      ByQueryTask task) {
    this.request = request;
    this.reindex = reindex;
    this.reindexWriter = reindexWriter;
    this.task = task;
  }

  /**
   * @param aliasFilters one per target: null, or the filter of the aliases it was reached through
   */
  public static ByQueryResponse run(
      List<LuceneIndex> targets,
      List<dev.duet.engine.search.Query> aliasFilters,
      ByQueryRequest request) {
    return run(targets, aliasFilters, request, null, ByQueryTask.unthrottled());
  }

  /**
   * As above; {@code updateWriter}, when not null, writes each update-by-query item (through the
   * ingest pipelines) instead of the index's write path directly.
   */
  public static ByQueryResponse run(
      List<LuceneIndex> targets,
      List<dev.duet.engine.search.Query> aliasFilters,
      ByQueryRequest request,
      Function<BulkItem, BulkItemResponse> updateWriter,
      ByQueryTask task) {
    long start = System.nanoTime();
    ByQueryRunner runner = new ByQueryRunner(request, null, null, task);
    runner.updateWriter = updateWriter;
    runner.walk(targets, aliasFilters);
    return new ByQueryResponse(
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start),
        runner.total,
        runner.updated,
        runner.deleted,
        runner.batches,
        runner.conflicts,
        runner.noops,
        runner.failures);
  }

  /**
   * {@code _reindex}: walks the sources as {@link #run} does, writing each match with {@code
   * writer}, which applies one bulk item (creating the dest index if needed) and records the index
   * it touched in the given set.
   */
  public static ReindexResponse reindex(
      List<LuceneIndex> sources,
      List<dev.duet.engine.search.Query> aliasFilters,
      ReindexRequest request,
      java.util.function.BiFunction<BulkItem, Set<LuceneIndex>, BulkItemResponse> writer,
      ByQueryTask task) {
    long start = System.nanoTime();
    Set<LuceneIndex> written = new LinkedHashSet<>();
    ByQueryRunner runner =
        new ByQueryRunner(request.scroll(), request, item -> writer.apply(item, written), task);
    runner.walk(sources, aliasFilters, written);
    return new ReindexResponse(
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start),
        runner.total,
        runner.created,
        runner.updated,
        runner.batches,
        runner.conflicts,
        runner.failures);
  }

  private void walk(List<LuceneIndex> targets, List<dev.duet.engine.search.Query> aliasFilters) {
    walk(targets, aliasFilters, Set.of());
  }

  private void walk(
      List<LuceneIndex> targets,
      List<dev.duet.engine.search.Query> aliasFilters,
      Set<LuceneIndex> alsoTouched) {
    for (int i = 0; i < targets.size() && !stopped; i++) {
      runOn(targets.get(i), aliasFilters.get(i));
    }
    if (reindex != null) {
      flushBatch(null); // one scroll over all sources, as OpenSearch's: batches span indices
    }
    // Like OpenSearch, only indices that were written to are synced and refreshed.
    Set<LuceneIndex> all = new LinkedHashSet<>(reindex == null ? touched : alsoTouched);
    for (LuceneIndex index : all) {
      index.afterBulk(); // durable before acknowledged, as for any write
      if (request.refresh() != RefreshPolicy.NONE) {
        index.refresh();
      }
    }
  }

  private void runOn(LuceneIndex index, dev.duet.engine.search.Query aliasFilter) {
    dev.duet.engine.search.Query model =
        aliasFilter == null
            ? request.query()
            : new dev.duet.engine.search.Query.Bool(
                List.of(request.query()), List.of(), List.of(), List.of(aliasFilter), null, 1f);
    Query query = new ConstantScoreQuery(new QueryTranslator(index).translateRequest(model));
    IndexSearcher searcher = index.acquireSearcher();
    try {
      long matches = searcher.count(query);
      long room = request.maxDocs() < 0 ? Long.MAX_VALUE : request.maxDocs() - total;
      total += Math.min(matches, room);
      task.addTotal(Math.min(matches, room));
      Weight weight =
          searcher.createWeight(searcher.rewrite(query), ScoreMode.COMPLETE_NO_SCORES, 1f);
      boolean update = request.kind() == ByQueryRequest.Kind.UPDATE;
      NumericDocValues versions = null;
      leaves:
      for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
        Scorer scorer = weight.scorer(leaf);
        if (scorer == null) {
          continue;
        }
        LeafReader reader = leaf.reader();
        Bits live = reader.getLiveDocs();
        NumericDocValues seqNos = reader.getNumericDocValues(MetaFields.SEQ_NO);
        NumericDocValues terms = reader.getNumericDocValues(MetaFields.PRIMARY_TERM);
        versions = reindex == null ? null : reader.getNumericDocValues(MetaFields.VERSION);
        StoredFields stored = reader.storedFields();
        DocIdSetIterator it = scorer.iterator();
        for (int doc = it.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = it.nextDoc()) {
          if (live != null && !live.get(doc)) {
            continue;
          }
          if (task.cancelled()) {
            stopped = true;
          }
          if (stopped || (request.maxDocs() >= 0 && processed >= request.maxDocs())) {
            break leaves;
          }
          Document fields = stored.document(doc, update ? ID_AND_SOURCE : ID_ONLY);
          String id = fields.get(MetaFields.ID);
          // its routing names its shard's copy, on an index of several shards
          String routing = MetaFields.routing(reader, doc);
          VersionCheck check = VersionCheck.ifSeqNo(value(seqNos, doc), value(terms, doc));
          if (reindex != null) {
            batch.add(
                reindexItem(id, fields.getBinaryValue(MetaFields.SOURCE), value(versions, doc)));
          } else if (update) {
            BytesRef source = fields.getBinaryValue(MetaFields.SOURCE);
            byte[] bytes = BytesRef.deepCopyOf(source).bytes;
            OpType op = OpType.INDEX;
            if (request.script() != null) {
              ScriptedMatch.Outcome outcome =
                  ScriptedMatch.run(request.script(), index.name(), id, routing, -1L, bytes);
              if (outcome.op().equals("noop")) {
                noops++;
                task.addNoops(1);
                processed++;
                continue;
              }
              op = outcome.op().equals("delete") ? OpType.DELETE : OpType.INDEX;
              bytes = outcome.source();
            }
            batch.add(
                new BulkItem(op, index.name(), id, bytes).withRouting(routing).withCheck(check));
          } else {
            batch.add(
                new BulkItem(OpType.DELETE, index.name(), id, null)
                    .withRouting(routing)
                    .withCheck(check));
          }
          processed++;
          if (batch.size() >= request.batchSize()) {
            flushBatch(index);
          }
        }
      }
      if (reindex == null) {
        flushBatch(index);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      index.releaseSearcher(searcher);
    }
  }

  private BulkItem reindexItem(String id, BytesRef stored, long version) {
    byte[] source = reindex.sourceFilter().apply(BytesRef.deepCopyOf(stored).bytes);
    VersionCheck check =
        reindex.versionType() == VersionType.INTERNAL
            ? VersionCheck.NONE
            : new VersionCheck(
                VersionCheck.UNASSIGNED_SEQ_NO,
                VersionCheck.UNASSIGNED_PRIMARY_TERM,
                version,
                reindex.versionType());
    return new BulkItem(reindex.opType(), reindex.dest(), id, source).withCheck(check);
  }

  private void flushBatch(LuceneIndex index) {
    if (batch.isEmpty()) {
      return;
    }
    batches++;
    if (reindex == null) {
      touched.add(index);
    }
    long batchStart = System.nanoTime();
    long updatedBefore = updated;
    long createdBefore = created;
    long deletedBefore = deleted;
    long conflictsBefore = conflicts;
    long noopsBefore = noops;
    for (BulkItem item : batch) {
      BulkItemResponse response;
      if (reindex != null) {
        response = reindexWriter.apply(item);
      } else if (updateWriter != null && item.opType() == OpType.INDEX) {
        response = updateWriter.apply(item);
      } else {
        response = index.apply(item, item.id(), false, false);
      }
      if (!response.failed()) {
        if ("noop".equals(response.result().result())) {
          noops++; // dropped by an ingest pipeline
        } else if (reindex != null && "created".equals(response.result().result())) {
          created++;
        } else if (item.opType() == OpType.DELETE) {
          deleted++;
        } else {
          updated++;
        }
        continue;
      }
      boolean conflict = VersionRules.isConflict(response.failure());
      if (conflict) {
        conflicts++;
      }
      if (!conflict || request.abortOnConflict()) {
        failures.add(
            new ByQueryResponse.Failure(
                reindex == null ? index.name() : response.index(), item.id(), response.failure()));
        stopped = true; // OpenSearch finishes the batch it sent, then stops
      }
    }
    task.batchDone(
        updated - updatedBefore,
        created - createdBefore,
        deleted - deletedBefore,
        conflicts - conflictsBefore,
        noops - noopsBefore);
    int written = batch.size();
    batch.clear();
    if (!stopped) {
      task.throttleAfter(written, System.nanoTime() - batchStart);
    }
  }

  private static long value(NumericDocValues values, int doc) throws IOException {
    return values != null && values.advanceExact(doc) ? values.longValue() : 0;
  }
}
