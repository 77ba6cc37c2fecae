package dev.duet.engine.internal.search;

import dev.duet.engine.internal.agg.AggregationPhase;
import dev.duet.engine.internal.agg.AggregationTarget;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.document.NestedDocuments;
import dev.duet.engine.internal.meta.IndexSettingsRules;
import dev.duet.engine.internal.query.MinScoreQuery;
import dev.duet.engine.internal.query.QueryTranslator;
import dev.duet.engine.internal.query.SliceQuery;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.internal.sort.SortBuilder;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.SearchRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.IndexOrDocValuesQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.PointInSetQuery;
import org.apache.lucene.search.PointRangeQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Weight;

/**
 * The bridge from a search to {@link AggregationPhase}: each searched index as an {@link
 * AggregationTarget} (mapping, query and sort translation, hit fetching by this engine's rules).
 */
public final class AggregationTargets {
  private static final Set<String> FETCH_FIELDS = Set.of(MetaFields.ID, MetaFields.SOURCE);

  private AggregationTargets() {}

  /**
   * The aggregations of a search, and whether the query's hits could be counted without collecting
   * them (every segment answers {@code Weight#count}).
   */
  record Outcome(
      List<AggregationResult> results,
      boolean countable,
      List<List<dev.duet.engine.search.SearchProfile.AggregationNode>> profiles) {
    static final Outcome NONE = new Outcome(List.of(), false, List.of());

    /** {@code shards} (one per index searched, in order) with the aggregations' profiles. */
    List<dev.duet.engine.search.SearchProfile.Shard> profiled(
        List<dev.duet.engine.search.SearchProfile.Shard> shards) {
      if (profiles.size() != shards.size()) {
        return shards;
      }
      List<dev.duet.engine.search.SearchProfile.Shard> out = new ArrayList<>(shards.size());
      for (int i = 0; i < shards.size(); i++) {
        out.add(shards.get(i).withAggregations(profiles.get(i)));
      }
      return out;
    }

    /**
     * OpenSearch 3.8 reports {@code terminated_early: true} for a {@code size: 0} search with
     * aggregations whose hit count its collector could take from the index without collecting; null
     * means the key is left out.
     */
    Boolean terminatedEarly(int size) {
      return size == 0 && countable && !results.isEmpty() ? Boolean.TRUE : null;
    }
  }

  /**
   * The request's aggregations over the indices' matching documents; {@code models} holds, per
   * index, the request's query with the filter of the aliases the search reached it through.
   */
  static Outcome execute(
      List<LuceneIndex> indices,
      List<dev.duet.engine.search.Query> models,
      IndexSearcher[] searchers,
      SearchRequest request,
      int maxBuckets)
      throws IOException {
    if (request.aggregations().isEmpty()) {
      return Outcome.NONE;
    }
    List<AggregationTarget> targets = new ArrayList<>(indices.size());
    List<Query> queries = new ArrayList<>(indices.size());
    boolean countable = true;
    for (int i = 0; i < indices.size(); i++) {
      LuceneIndex index = indices.get(i);
      targets.add(of(index, searchers[i]));
      // A slice narrows what aggregations see, as in OpenSearch.
      Query query =
          SliceQuery.restrict(
              new QueryTranslator(index).translateRequest(models.get(i)),
              request.options().slice(),
              index);
      Float minScore = request.options().minScore();
      if (minScore != null) {
        // min_score narrows what aggregations see, as in OpenSearch; post_filter does not.
        query = new MinScoreQuery(query, minScore);
        countable = false;
      }
      queries.add(query);
      // The hits of a post-filtered search are not the query's, so they cannot be counted from it.
      countable &= request.options().postFilter() == null && countable(searchers[i], query);
    }
    AggregationPhase.Executed executed =
        AggregationPhase.execute(
            targets, queries, request.aggregations(), maxBuckets, request.controls().profile());
    return new Outcome(executed.results(), countable, executed.profiles());
  }

  private static boolean countable(IndexSearcher searcher, Query query) throws IOException {
    if (readsPoints(query)) {
      // OpenSearch 3.8 wraps point queries (numeric and date terms and ranges) in queries that
      // cannot count up front, so it collects them; Lucene's own point queries could count.
      return false;
    }
    Weight weight =
        searcher.createWeight(searcher.rewrite(query), ScoreMode.COMPLETE_NO_SCORES, 1f);
    for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
      if (weight.count(leaf) == -1) {
        return false;
      }
    }
    return true;
  }

  private static boolean readsPoints(Query query) {
    boolean[] points = {false};
    query.visit(
        new QueryVisitor() {
          @Override
          public void visitLeaf(Query leaf) {
            points[0] |=
                leaf instanceof PointRangeQuery
                    || leaf instanceof PointInSetQuery
                    || leaf instanceof IndexOrDocValuesQuery;
          }

          @Override
          public QueryVisitor getSubVisitor(BooleanClause.Occur occur, Query parent) {
            if (parent instanceof IndexOrDocValuesQuery) {
              points[0] = true;
            }
            return this;
          }
        });
    return points[0];
  }

  static AggregationTarget of(LuceneIndex index, IndexSearcher searcher) {
    MappingLookup lookup = index.lookup();
    return new AggregationTarget(
        index.name(),
        searcher,
        lookup::leaf,
        q -> new QueryTranslator(index).translate(q),
        specs -> SortBuilder.build(specs, index, QueryTranslator.filters(index)),
        new AggregationHitFetcher(index, searcher),
        lookup.hasNested()
            ? NestedDocuments.rootDocuments()
            : org.apache.lucene.search.MatchAllDocsQuery.INSTANCE,
        path -> lookup.isNested(path) ? NestedDocuments.atPath(path) : null,
        IndexSettingsRules.maxRegexLength(index.metadata().settings()),
        field -> index.noteFielddata(field, true));
  }
}
