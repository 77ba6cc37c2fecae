package dev.duet.engine.internal;

import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.ByQueryRequest;
import dev.duet.engine.document.ByQueryResponse;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.document.VersionCheck;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
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
 * the ordinary write path with compare-and-set on the seq_no each match was seen with.
 */
final class ByQueryRunner {
  private static final Set<String> ID_AND_SOURCE = Set.of(DocLookup.ID, DocLookup.SOURCE);
  private static final Set<String> ID_ONLY = Set.of(DocLookup.ID);

  private final ByQueryRequest request;
  private final List<BulkItem> batch = new ArrayList<>();
  private final List<ByQueryResponse.Failure> failures = new ArrayList<>();
  private final Set<LuceneIndex> touched = new LinkedHashSet<>();
  private long total;
  private long processed;
  private long updated;
  private long deleted;
  private int batches;
  private long conflicts;
  private boolean stopped;

  private ByQueryRunner(ByQueryRequest request) {
    this.request = request;
  }

  /**
   * @param aliasFilters one per target: null, or the filter of the aliases it was reached through
   */
  static ByQueryResponse run(
      List<LuceneIndex> targets,
      List<dev.duet.engine.search.Query> aliasFilters,
      ByQueryRequest request) {
    long start = System.nanoTime();
    ByQueryRunner runner = new ByQueryRunner(request);
    for (int i = 0; i < targets.size() && !runner.stopped; i++) {
      runner.runOn(targets.get(i), aliasFilters.get(i));
    }
    // Like OpenSearch, only indices that were written to are synced and refreshed.
    for (LuceneIndex index : runner.touched) {
      index.afterBulk(); // durable before acknowledged, as for any write
      if (request.refresh() != RefreshPolicy.NONE) {
        index.refresh();
      }
    }
    return new ByQueryResponse(
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start),
        runner.total,
        runner.updated,
        runner.deleted,
        runner.batches,
        runner.conflicts,
        0,
        runner.failures);
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
      Weight weight =
          searcher.createWeight(searcher.rewrite(query), ScoreMode.COMPLETE_NO_SCORES, 1f);
      boolean update = request.kind() == ByQueryRequest.Kind.UPDATE;
      leaves:
      for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
        Scorer scorer = weight.scorer(leaf);
        if (scorer == null) {
          continue;
        }
        LeafReader reader = leaf.reader();
        Bits live = reader.getLiveDocs();
        NumericDocValues seqNos = reader.getNumericDocValues(DocLookup.SEQ_NO);
        NumericDocValues terms = reader.getNumericDocValues(DocLookup.PRIMARY_TERM);
        StoredFields stored = reader.storedFields();
        DocIdSetIterator it = scorer.iterator();
        for (int doc = it.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = it.nextDoc()) {
          if (live != null && !live.get(doc)) {
            continue;
          }
          if (stopped || (request.maxDocs() >= 0 && processed >= request.maxDocs())) {
            break leaves;
          }
          Document fields = stored.document(doc, update ? ID_AND_SOURCE : ID_ONLY);
          String id = fields.get(DocLookup.ID);
          VersionCheck check = VersionCheck.ifSeqNo(value(seqNos, doc), value(terms, doc));
          if (update) {
            BytesRef source = fields.getBinaryValue(DocLookup.SOURCE);
            byte[] bytes = BytesRef.deepCopyOf(source).bytes;
            batch.add(new BulkItem(OpType.INDEX, index.name(), id, bytes).withCheck(check));
          } else {
            batch.add(new BulkItem(OpType.DELETE, index.name(), id, null).withCheck(check));
          }
          processed++;
          if (batch.size() >= request.batchSize()) {
            flushBatch(index);
          }
        }
      }
      flushBatch(index);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      index.releaseSearcher(searcher);
    }
  }

  private void flushBatch(LuceneIndex index) {
    if (batch.isEmpty()) {
      return;
    }
    batches++;
    touched.add(index);
    for (BulkItem item : batch) {
      BulkItemResponse response = index.apply(item, item.id(), false, false);
      if (!response.failed()) {
        if (item.opType() == OpType.DELETE) {
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
        failures.add(new ByQueryResponse.Failure(index.name(), item.id(), response.failure()));
        stopped = true; // OpenSearch finishes the batch it sent, then stops
      }
    }
    batch.clear();
  }

  private static long value(NumericDocValues values, int doc) throws IOException {
    return values != null && values.advanceExact(doc) ? values.longValue() : 0;
  }
}
