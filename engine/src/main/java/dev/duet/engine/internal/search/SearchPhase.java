package dev.duet.engine.internal.search;

import dev.duet.engine.breaker.RequestMemory;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.agg.AggregationPhase;
import dev.duet.engine.internal.document.FieldIndexer;
import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.fetch.FetchSubPhases;
import dev.duet.engine.internal.query.ClockReads;
import dev.duet.engine.internal.query.QueryTranslator;
import dev.duet.engine.internal.query.SliceQuery;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.internal.sort.SortBuilder;
import dev.duet.engine.internal.sort.SortValues;
import dev.duet.engine.search.Collapse;
import dev.duet.engine.search.QueryRescore;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchProfile;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.TrackTotalHits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.ExitableDirectoryReader;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopFieldCollectorManager;
import org.apache.lucene.search.TopFieldDocs;
import org.apache.lucene.search.TopScoreDocCollectorManager;
import org.apache.lucene.search.TotalHits;
import org.apache.lucene.util.BytesRef;

/**
 * One search over resolved indices: each index is searched like an OpenSearch shard (its own
 * mapping, its own scoring), top hits are merged with ties broken by index order then doc id, and
 * the merged page is fetched ({@code _id}, filtered {@code _source}).
 */
public final class SearchPhase {
  private static final Set<String> FETCH_FIELDS =
      Set.of(MetaFields.ID, MetaFields.SOURCE, FieldIndexer.IGNORED);

  private SearchPhase() {}

  public static SearchResponse execute(List<LuceneIndex> targets, SearchRequest request) {
    return execute(targets, Collections.nCopies(targets.size(), null), request);
  }

  public static SearchResponse execute(
      List<LuceneIndex> targets,
      List<dev.duet.engine.search.Query> aliasFilters,
      SearchRequest request) {
    return execute(
        targets,
        aliasFilters,
        request,
        SearcherSource.LIVE,
        null,
        AggregationPhase.DEFAULT_MAX_BUCKETS);
  }

  /**
   * A search on the live searchers, answered from and stored in {@code cache} when it may be, with
   * at most {@code maxBuckets} aggregation buckets.
   */
  public static SearchResponse execute(
      List<LuceneIndex> targets,
      List<dev.duet.engine.search.Query> aliasFilters,
      SearchRequest request,
      RequestCache cache,
      int maxBuckets) {
    return execute(targets, aliasFilters, request, SearcherSource.LIVE, cache, maxBuckets);
  }

  /**
   * The same search on the searchers {@code source} lends (a point in time's or a scroll's), from
   * the page start it keeps.
   */
  public static SearchResponse execute(
      List<LuceneIndex> targets,
      List<dev.duet.engine.search.Query> aliasFilters,
      SearchRequest request,
      SearcherSource source,
      int maxBuckets) {
    return execute(targets, aliasFilters, request, source, null, maxBuckets);
  }

  /**
   * {@code aliasFilters} has one entry per target: null, or the filter of the aliases the search
   * reached the target through, which its documents must also match. {@code cache} is null when the
   * search may not be cached.
   */
  private static SearchResponse execute(
      List<LuceneIndex> targets,
      List<dev.duet.engine.search.Query> aliasFilters,
      SearchRequest request,
      SearcherSource source,
      RequestCache cache,
      int maxBuckets) {
    long start = System.nanoTime();
    int from = request.from();
    int size = request.size();
    if (from < 0) {
      throw DuetException.illegalArgument("[from] parameter cannot be negative");
    }
    if (size < 0) {
      throw DuetException.illegalArgument(
          "[size] parameter cannot be negative, found [" + size + "]");
    }
    for (LuceneIndex target : targets) {
      SearchWindows.check(request, target);
    }
    TrackTotalHits track = request.trackTotalHits();
    int shards = 0;
    for (LuceneIndex target : targets) {
      shards += target.metadata().settings().numberOfShards();
    }
    if (targets.isEmpty()) {
      return new SearchResponse(
          tookMillis(start),
          false,
          0,
          track.enabled() ? new SearchResponse.TotalHits(0, "eq") : null,
          0f, // OpenSearch reports 0.0 when no shard took part
          List.of());
    }
    int numHits = (int) Math.max(1, (long) from + size);
    int threshold = track.enabled() ? track.upTo() : 0;
    IndexSearcher[] searchers = new IndexSearcher[targets.size()];
    RequestCache.Key cacheKey = null;
    try {
      for (int i = 0; i < searchers.length; i++) {
        searchers[i] = source.acquire(targets.get(i));
      }
      if (cache != null && !request.controls().any()) {
        cacheKey = cache.key(targets, searchers, aliasFilters, request);
        SearchResponse cached = cacheKey == null ? null : cache.get(cacheKey);
        if (cached != null) {
          return RequestCache.retimed(cached, tookMillis(start));
        }
      }
      ClockReads.begin();
      TopDocs[] results = new TopDocs[targets.size()];
      Query[] queries = new Query[targets.size()];
      SearchGuard guard = SearchGuard.of(request.controls().timeoutNanos(), start);
      LimitedCollection limited = new LimitedCollection(request.controls(), guard);
      // The query phase and aggregations read through searchers that stop at the guard; the
      // fetch reads the plain ones (OpenSearch's timeout covers the query phase) and checks the
      // caller between hits.
      IndexSearcher[] querying = guard.active() ? new IndexSearcher[searchers.length] : searchers;
      List<SearchProfile.Shard> profiles = new ArrayList<>();
      Collapse collapse = request.controls().collapse();
      TrackedScores tracked = request.options().trackScores() ? new TrackedScores() : null;
      if (collapse != null) {
        Collapsing.validate(collapse, targets);
      }
      List<dev.duet.engine.search.Query> models = new ArrayList<>(targets.size());
      Sort sort = null;
      for (int i = 0; i < results.length; i++) {
        guard.throwIfCancelled();
        if (querying != searchers) {
          querying[i] = guard.guarded(searchers[i]);
        }
        LuceneIndex target = targets.get(i);
        QueryTranslator translator = new QueryTranslator(target);
        models.add(filtered(request.query(), aliasFilters.get(i)));
        Query query =
            SliceQuery.restrict(
                SearchRefinements.hitsQuery(
                    translator.translateRequest(models.get(i)), request.options(), translator),
                request.options().slice(),
                target);
        sort = SortBuilder.build(request.sort(), target, QueryTranslator.filters(target));
        ScoreDoc cursor = source.after(i);
        FieldDoc after =
            cursor instanceof FieldDoc fd
                ? fd
                : SearchRefinements.after(sort, request.options().searchAfter(), from);
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
                        querying[i],
                        query,
                        new TopScoreDocCollectorManager(wanted, cursor, counted))
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
                  target.name(),
                  sort == null ? "TopScoreDocCollector" : "SimpleFieldCollector",
                  0));
        }
        for (ScoreDoc sd : docs.scoreDocs) {
          sd.shardIndex = i;
        }
        results[i] = docs;
      }
      TopDocs merged;
      List<Object> collapseValues = new ArrayList<>();
      if (collapse == null) {
        merged = merge(sort, from, size, results);
      } else {
        int collected = 0;
        for (TopDocs docs : results) {
          collected += docs.scoreDocs.length;
        }
        merged =
            Collapsing.page(
                merge(sort, 0, collected, results),
                from,
                size,
                collapse,
                targets,
                searchers,
                collapseValues);
      }
      source.emitted(merged);
      guard.throwIfCancelled();
      long fetchStart = System.nanoTime();
      List<SearchHit> hits =
          fetch(
              targets,
              searchers,
              merged,
              sort,
              request,
              FetchSubPhases.of(targets, searchers, queries, request),
              guard);
      if (collapse != null) {
        hits = Collapsing.withValues(hits, collapse.field(), collapseValues);
        SearcherSource lent = CollapseExpansion.lending(targets, searchers);
        hits =
            CollapseExpansion.expand(
                hits,
                collapseValues,
                collapse,
                request,
                group -> execute(targets, aliasFilters, group, lent, null, maxBuckets));
      }
      long fetchNanos = System.nanoTime() - fetchStart;
      AggregationTargets.Outcome aggregations =
          aggregate(targets, models, querying, request, maxBuckets, guard);
      Boolean terminatedEarly = aggregations.terminatedEarly(size);
      if (limited.terminatedEarly() != null) {
        terminatedEarly = limited.terminatedEarly() || Boolean.TRUE.equals(terminatedEarly);
      }
      SearchResponse response =
          new SearchResponse(
              tookMillis(start),
              limited.timedOut() || guard.expired(),
              shards,
              totalHits(track, results),
              size == 0
                  ? Float.NaN
                  : tracked != null && sort != null ? tracked.max() : maxScore(sort, results, hits),
              hits,
              aggregations.results(),
              terminatedEarly,
              request.controls().profile() ? profile(profiles, fetchNanos) : null);
      if (cacheKey != null) {
        cache.put(cacheKey, response, ClockReads.end());
      }
      return response;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (IndexSearcher.TooManyClauses e) {
      throw targets.get(0).clauseLimit().searchFailure(e);
    } finally {
      ClockReads.end();
      for (int i = 0; i < searchers.length; i++) {
        if (searchers[i] != null) {
          source.release(targets.get(i), searchers[i]);
        }
      }
    }
  }

  /**
   * The aggregations through the guarded searchers: collection that runs out of time keeps what it
   * collected (as OpenSearch); a timeout before collection answers without aggregations.
   */
  private static AggregationTargets.Outcome aggregate(
      List<LuceneIndex> targets,
      List<dev.duet.engine.search.Query> models,
      IndexSearcher[] searchers,
      SearchRequest request,
      int maxBuckets,
      SearchGuard guard)
      throws IOException {
    guard.throwIfCancelled();
    try {
      AggregationTargets.Outcome outcome =
          AggregationTargets.execute(targets, models, searchers, request, maxBuckets);
      guard.throwIfCancelled();
      return outcome;
    } catch (ExitableDirectoryReader.ExitingReaderException e) {
      if (guard.cancelled()) {
        throw guard.cancelledFailure();
      }
      return AggregationTargets.Outcome.NONE;
    }
  }

  /** The shards' profiles; the fetch ran once for all of them, so each reports its time. */
  private static SearchProfile profile(List<SearchProfile.Shard> shards, long fetchNanos) {
    List<SearchProfile.Shard> out = new ArrayList<>(shards.size());
    for (SearchProfile.Shard s : shards) {
      out.add(
          new SearchProfile.Shard(
              s.node(), s.index(), s.query(), s.rewriteNanos(), s.collectors(), fetchNanos));
    }
    return new SearchProfile(out);
  }

  private static TopDocs merge(Sort sort, int from, int size, TopDocs[] results) {
    if (sort == null) {
      return TopDocs.merge(from, size, results);
    }
    TopFieldDocs[] fieldDocs = new TopFieldDocs[results.length];
    for (int i = 0; i < results.length; i++) {
      fieldDocs[i] = (TopFieldDocs) results[i];
    }
    try {
      return TopDocs.merge(sort, from, size, fieldDocs);
    } catch (ClassCastException | IllegalArgumentException e) {
      throw DuetException.illegalArgument(
          "Can't sort on fields mapped to different types in different indices");
    }
  }

  private static List<SearchHit> fetch(
      List<LuceneIndex> targets,
      IndexSearcher[] searchers,
      TopDocs merged,
      Sort sort,
      SearchRequest request,
      FetchSubPhases subPhases,
      SearchGuard guard)
      throws IOException {
    if (merged.scoreDocs.length == 0) {
      return List.of();
    }
    StoredFields[] storedFields = new StoredFields[searchers.length];
    List<SearchHit> hits = new ArrayList<>(merged.scoreDocs.length);
    for (ScoreDoc sd : merged.scoreDocs) {
      guard.throwIfCancelled();
      int shard = sd.shardIndex;
      if (storedFields[shard] == null) {
        storedFields[shard] = searchers[shard].storedFields();
      }
      Document doc = storedFields[shard].document(sd.doc, FETCH_FIELDS);
      BytesRef stored = doc.getBinaryValue(MetaFields.SOURCE);
      RequestMemory.reserve(stored == null ? 0 : stored.length, "<fetch>");
      byte[] source = null;
      boolean idAndSource = subPhases == null || subPhases.idAndSource();
      if (stored != null && request.source().fetch() && idAndSource) {
        source =
            stored.offset == 0 && stored.length == stored.bytes.length
                ? stored.bytes
                : BytesRef.deepCopyOf(stored).bytes;
        source = request.source().apply(source);
      }
      float score = sd.score; // NaN under a field sort unless track_scores filled it in
      List<Object> sortValues = List.of();
      if (sort != null) {
        FieldDoc fd = (FieldDoc) sd;
        SortField[] keys = sort.getSort();
        Object[] values = new Object[fd.fields.length];
        for (int k = 0; k < values.length; k++) {
          values[k] = SortValues.render(fd.fields[k]);
          if (keys[k].getType() == SortField.Type.SCORE && fd.fields[k] instanceof Float f) {
            score = f;
          }
        }
        sortValues = Collections.unmodifiableList(Arrays.asList(values));
      }
      String[] ignored = doc.getValues(FieldIndexer.IGNORED);
      hits.add(
          new SearchHit(
              targets.get(shard).name(),
              idAndSource ? doc.get(MetaFields.ID) : null,
              score,
              source,
              sortValues,
              ignored.length == 0 ? List.of() : Arrays.stream(ignored).sorted().toList(),
              subPhases == null
                  ? null
                  : subPhases.details(shard, sd.doc, doc.get(MetaFields.ID), stored)));
    }
    return hits;
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

  private static SearchResponse.TotalHits totalHits(TrackTotalHits track, TopDocs[] results) {
    if (!track.enabled()) {
      return null;
    }
    long total = 0;
    boolean lowerBound = false;
    for (TopDocs docs : results) {
      total += docs.totalHits.value();
      lowerBound |= docs.totalHits.relation() == TotalHits.Relation.GREATER_THAN_OR_EQUAL_TO;
    }
    if (total > track.upTo() || lowerBound && total >= track.upTo()) {
      return new SearchResponse.TotalHits(track.upTo(), "gte");
    }
    return new SearchResponse.TotalHits(total, lowerBound ? "gte" : "eq");
  }

  private static float maxScore(Sort sort, TopDocs[] results, List<SearchHit> hits) {
    float max = Float.NaN;
    if (sort == null) {
      for (TopDocs docs : results) {
        if (docs.scoreDocs.length > 0 && !(docs.scoreDocs[0].score <= max)) {
          max = docs.scoreDocs[0].score;
        }
      }
      return max;
    }
    for (SearchHit hit : hits) {
      if (!Float.isNaN(hit.score()) && !(hit.score() <= max)) {
        max = hit.score();
      }
    }
    return max;
  }

  private static long tookMillis(long startNanos) {
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
  }

  private static dev.duet.engine.search.Query filtered(
      dev.duet.engine.search.Query query, dev.duet.engine.search.Query aliasFilter) {
    if (aliasFilter == null) {
      return query;
    }
    return new dev.duet.engine.search.Query.Bool(
        List.of(query), List.of(), List.of(), List.of(aliasFilter), null, 1f);
  }
}
