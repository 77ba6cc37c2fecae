package dev.duet.engine.internal.search;

import dev.duet.engine.internal.query.QueryTranslator;
import dev.duet.engine.internal.query.SliceQuery;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.internal.sort.SortBuilder;
import dev.duet.engine.search.Collapse;
import dev.duet.engine.search.QueryRescore;
import dev.duet.engine.search.SearchProfile;
import dev.duet.engine.search.SearchRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.ExitableDirectoryReader;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopFieldCollectorManager;
import org.apache.lucene.search.TopFieldDocs;
import org.apache.lucene.search.TopScoreDocCollectorManager;
import org.apache.lucene.search.TotalHits;

/**
 * The query phase of a search, as OpenSearch runs it on each shard: on each target index the
 * request's query (with the index's alias filter, the request's refinements and slice) is
 * translated and collected into the index's top documents under the request's limits, then rescored
 * ({@link Rescoring}); {@link SearchPhase} merges, collapses and fetches what it returns.
 */
final class QueryPhase {
  private final SearchRequest request;
  private final SearcherSource source;
  private final SearchGuard guard;
  private final LimitedCollection limited;
  private final TrackedScores tracked;
  private final int numHits;
  private final int threshold;
  private final List<dev.duet.engine.search.Query> models = new ArrayList<>();
  private Sort sort;

  QueryPhase(
      SearchRequest request,
      SearcherSource source,
      SearchGuard guard,
      LimitedCollection limited,
      TrackedScores tracked,
      int numHits,
      int threshold) {
    this.request = request;
    this.source = source;
    this.guard = guard;
    this.limited = limited;
    this.tracked = tracked;
    this.numHits = numHits;
    this.threshold = threshold;
  }

  /**
   * Searches each target: its top documents into {@code results}, its Lucene query into {@code
   * queries}, its profile (when asked) into {@code profiles}. {@code querying} receives the guarded
   * searchers when the guard is active (else it is {@code searchers} itself).
   */
  void run(
      List<LuceneIndex> targets,
      List<dev.duet.engine.search.Query> aliasFilters,
      IndexSearcher[] searchers,
      IndexSearcher[] querying,
      TopDocs[] results,
      Query[] queries,
      List<SearchProfile.Shard> profiles)
      throws IOException {
    int from = request.from();
    int size = request.size();
    Collapse collapse = request.controls().collapse();
    for (int i = 0; i < results.length; i++) {
      guard.throwIfCancelled();
      if (querying != searchers) {
        querying[i] = guard.guarded(searchers[i]);
      }
      LuceneIndex target = targets.get(i);
      QueryTranslator translator = new QueryTranslator(target);
      models.add(filtered(request.query(), aliasFilters.get(i)));
      Query translated = translator.translateRequest(models.get(i));
      float indexBoost = request.options().indexBoost(target.name());
      if (indexBoost != 1f) {
        translated = new org.apache.lucene.search.BoostQuery(translated, indexBoost);
      }
      Query query =
          SliceQuery.restrict(
              SearchRefinements.hitsQuery(translated, request.options(), translator),
              request.options().slice(),
              target);
      Sort previous = sort;
      sort = SortBuilder.build(request.sort(), target, QueryTranslator.filters(target));
      if (size > 0) {
        SortBuilder.requireMergeable(previous, sort);
      }
      ScoreDoc cursor = source.after(i);
      FieldDoc after =
          cursor instanceof FieldDoc fd
              ? fd
              : SearchRefinements.after(
                  sort, request.options().searchAfter(), from, target.lookup()::leaf);
      queries[i] = query;
      List<QueryRescore> rescores = request.controls().rescore();
      Rescoring.validate(rescores, sort != null);
      int wanted = Rescoring.window(rescores, numHits);
      if (collapse != null) {
        // Collapsing pages over groups, so every match is collected (see Collapsing).
        wanted = Math.max(numHits, querying[i].count(query));
      }
      TopDocs docs;
      try {
        docs =
            sort == null && size == 0 && cursor == null && !request.controls().any()
                ? HitCount.withoutCollecting(querying[i], query)
                : null;
        if (docs == null) {
          boolean bounded =
              cursor == null
                  && collapse == null
                  && request.controls().terminateAfter() == 0
                  && TotalHitsBound.reaches(querying[i].getIndexReader(), query, threshold);
          int counted = bounded ? 0 : threshold;
          docs =
              sort == null
                  ? limited.search(
                      querying[i], query, new TopScoreDocCollectorManager(wanted, cursor, counted))
                  : limited.search(
                      querying[i],
                      query,
                      new TopFieldCollectorManager(sort, wanted, after, counted));
          if (bounded) {
            docs = atLeast(docs, threshold);
          }
        }
        if (!rescores.isEmpty()) {
          docs = Rescoring.rescore(querying[i], docs, rescores, translator);
        }
        if (tracked != null && sort != null) {
          tracked.score(querying[i], query, docs);
        }
      } catch (ExitableDirectoryReader.ExitingReaderException e) {
        // Rewriting or collecting ran out of time (or the caller left): this index adds no hits.
        if (guard.cancelled()) {
          throw guard.cancelledFailure();
        }
        docs = LimitedCollection.noHits(sort);
      }
      if (request.controls().profile()) {
        profiles.add(
            limited.profile(
                target.name(), sort == null ? "TopScoreDocCollector" : "SimpleFieldCollector", 0));
      }
      for (ScoreDoc sd : docs.scoreDocs) {
        sd.shardIndex = i;
      }
      results[i] = docs;
    }
  }

  /** The query model searched on each target, its alias filter applied. */
  List<dev.duet.engine.search.Query> models() {
    return models;
  }

  /** The Lucene sort (of the last target; every target sorts alike), null for relevance order. */
  Sort sort() {
    return sort;
  }

  /**
   * {@code docs} with its hit count raised to {@code bound}, a lower bound known without counting
   * ({@link TotalHitsBound}); an exact count stays.
   */
  private static TopDocs atLeast(TopDocs docs, long bound) {
    if (docs.totalHits.relation() == TotalHits.Relation.EQUAL_TO) {
      return docs;
    }
    TotalHits total =
        new TotalHits(
            Math.max(docs.totalHits.value(), bound), TotalHits.Relation.GREATER_THAN_OR_EQUAL_TO);
    return docs instanceof TopFieldDocs fields
        ? new TopFieldDocs(total, fields.scoreDocs, fields.fields)
        : new TopDocs(total, docs.scoreDocs);
  }

  static dev.duet.engine.search.Query filtered(
      dev.duet.engine.search.Query query, dev.duet.engine.search.Query aliasFilter) {
    if (aliasFilter == null) {
      return query;
    }
    return new dev.duet.engine.search.Query.Bool(
        List.of(query), List.of(), List.of(), List.of(aliasFilter), null, 1f);
  }
}
