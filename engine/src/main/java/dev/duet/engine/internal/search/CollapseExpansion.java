package dev.duet.engine.internal.search;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.error.RequestRefused;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.search.Collapse;
import dev.duet.engine.search.Exists;
import dev.duet.engine.search.HitDetails;
import dev.duet.engine.search.InnerHits;
import dev.duet.engine.search.InnerHitsResult;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.QueryControls;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchOptions;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SortSpec;
import dev.duet.engine.search.TrackTotalHits;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.lucene.search.IndexSearcher;

/**
 * A collapse's {@code inner_hits}, as OpenSearch's expand phase finds them: for each collapsed hit
 * and each inner hits spec, one more search on the same searchers for the search's query (and
 * post_filter) within the hit's group (its collapse value, or no value), paged and sorted by the
 * spec, possibly collapsed again. Each group search is an ordinary {@link SearchPhase} search, so
 * its hits are fetched, sorted and filtered by the same code as top-level hits.
 */
public final class CollapseExpansion {
  /** The search phase OpenSearch names when a collapse's group search fails. */
  private static final String EXPAND_PHASE = "expand";

  private CollapseExpansion() {}

  /**
   * The hits, each with its groups' inner hits added under their names (a later spec of the same
   * name replaces an earlier one, as in OpenSearch).
   *
   * @param values each hit's collapse value (null: the group without a value)
   * @param search runs a group search on the searchers of the collapsing search
   */
  static List<SearchHit> expand(
      List<SearchHit> hits,
      List<Object> values,
      Collapse collapse,
      SearchRequest request,
      Function<SearchRequest, SearchResponse> search) {
    if (hits.isEmpty() || collapse.innerHits().isEmpty()) {
      return hits;
    }
    for (InnerHits spec : collapse.innerHits()) {
      if (spec.name() == null) {
        // OpenSearch fails here, in the expand phase, and only when there is a hit to expand.
        throw new RequestRefused("Field name cannot be null");
      }
    }
    List<SearchHit> out = new ArrayList<>(hits.size());
    for (int i = 0; i < hits.size(); i++) {
      SearchHit hit = hits.get(i);
      Query group = groupQuery(request.query(), collapse.field(), values.get(i));
      Map<String, InnerHitsResult> inner = new LinkedHashMap<>(hit.details().innerHits());
      for (InnerHits spec : collapse.innerHits()) {
        inner.remove(spec.name());
        inner.put(spec.name(), result(expanded(search, groupSearch(request, group, spec)), spec));
      }
      HitDetails d = hit.details();
      out.add(
          hit.withDetails(
              new HitDetails(
                  d.fields(),
                  d.highlight(),
                  d.explanation(),
                  d.node(),
                  d.versions(),
                  inner,
                  d.nested(),
                  d.matchedQueries())));
    }
    return out;
  }

  /**
   * The group search's answer; its failure is OpenSearch's expand-phase failure around the failed
   * search (no root cause and no failed shard of its own).
   */
  private static SearchResponse expanded(
      Function<SearchRequest, SearchResponse> search, SearchRequest group) {
    try {
      return search.apply(group);
    } catch (RequestRefused e) {
      throw e;
    } catch (DuetException e) {
      if (e.status() >= 500) {
        throw e;
      }
      Map<String, String> meta = new LinkedHashMap<>();
      meta.put("phase", EXPAND_PHASE);
      meta.put("grouped", "true");
      throw new DuetException(
          e.status(), "search_phase_execution_exception", "failed to expand hits", meta, e);
    }
  }

  /** A source that lends the collapsing search's searchers, which that search releases. */
  static SearcherSource lending(List<LuceneIndex> targets, IndexSearcher[] searchers) {
    Map<LuceneIndex, IndexSearcher> lent = new IdentityHashMap<>();
    for (int i = 0; i < searchers.length; i++) {
      lent.put(targets.get(i), searchers[i]);
    }
    return new SearcherSource() {
      @Override
      public IndexSearcher acquire(LuceneIndex target) {
        return lent.get(target);
      }

      @Override
      public void release(LuceneIndex target, IndexSearcher searcher) {}
    };
  }

  /** The search's query within one group: the value's documents, or those without a value. */
  private static Query groupQuery(Query query, String field, Object value) {
    List<Query> filter = value == null ? List.of() : List.of(new Query.Term(field, value, 1f));
    List<Query> mustNot = value == null ? List.of(new Exists(field, 1f)) : List.of();
    return new Query.Bool(List.of(query), List.of(), mustNot, filter, null, 1f);
  }

  private static SearchRequest groupSearch(SearchRequest request, Query group, InnerHits spec) {
    SearchRequest search =
        new SearchRequest(
                request.indices(),
                group,
                spec.from(),
                spec.size(),
                spec.sort(),
                spec.source(),
                TrackTotalHits.DEFAULT)
            .withIndicesOptions(request.indicesOptions());
    if (request.options().postFilter() != null) {
      search =
          search.withOptions(new SearchOptions(null, request.options().postFilter(), List.of()));
    }
    if (spec.fetch().any()) {
      search = search.withFetch(spec.fetch());
    }
    if (spec.collapse() != null) {
      search = search.withControls(new QueryControls(0, 0, spec.collapse(), List.of()));
    }
    return search;
  }

  private static InnerHitsResult result(SearchResponse response, InnerHits spec) {
    return new InnerHitsResult(
        response.totalHits(),
        response.maxScore(),
        response.hits(),
        byRelevance(spec.sort()) ? List.of() : spec.sort());
  }

  private static boolean byRelevance(List<SortSpec> sort) {
    return sort.isEmpty()
        || sort.size() == 1
            && sort.get(0).field().equals("_score")
            && sort.get(0).effectiveOrder() == SortSpec.SortOrder.DESC;
  }
}
