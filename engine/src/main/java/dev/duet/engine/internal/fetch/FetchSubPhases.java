package dev.duet.engine.internal.fetch;

import dev.duet.engine.breaker.RequestMemory;
import dev.duet.engine.internal.query.NestedInnerHitSpec;
import dev.duet.engine.internal.query.NestedQueries;
import dev.duet.engine.internal.query.QueryTranslator;
import dev.duet.engine.internal.shard.DocLookup;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.internal.source.SourceValues;
import dev.duet.engine.search.Explanation;
import dev.duet.engine.search.FetchOptions;
import dev.duet.engine.search.HitDetails;
import dev.duet.engine.search.HitVersions;
import dev.duet.engine.search.InnerHitsResult;
import dev.duet.engine.search.SearchRequest;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.util.BytesRef;

/**
 * What the fetch phase adds to a hit when the request asks ({@link FetchOptions}): highlight,
 * docvalue/stored/fields values and the score explanation. Built per search, with one set of
 * per-index helpers for each target, made when the first hit of that target needs them.
 */
public final class FetchSubPhases {
  private final List<LuceneIndex> targets;
  private final IndexSearcher[] searchers;
  private final Query[] queries;
  private final SearchRequest request;
  private final HitHighlighter[] highlighters;
  private final HitFields[] fields;
  private final List<List<NestedInnerHits>> innerHits;
  private final MatchedQueries[] matchedQueries;

  private FetchSubPhases(
      List<LuceneIndex> targets,
      IndexSearcher[] searchers,
      Query[] queries,
      SearchRequest request) {
    this.targets = targets;
    this.searchers = searchers;
    this.queries = queries;
    this.request = request;
    this.highlighters = new HitHighlighter[targets.size()];
    this.fields = new HitFields[targets.size()];
    this.innerHits = new java.util.ArrayList<>(java.util.Collections.nCopies(targets.size(), null));
    this.matchedQueries =
        MatchedQueries.any(request.query()) || MatchedQueries.any(request.options().postFilter())
            ? new MatchedQueries[targets.size()]
            : null;
  }

  /**
   * The sub-phases {@code request} asks for, or null when none.
   *
   * @param queries per target, the query the hits were found by (for explain and highlight)
   */
  public static FetchSubPhases of(
      List<LuceneIndex> targets,
      IndexSearcher[] searchers,
      Query[] queries,
      SearchRequest request) {
    return request.fetch().any()
            || NestedQueries.asksInnerHits(request.query())
            || MatchedQueries.any(request.query())
            || MatchedQueries.any(request.options().postFilter())
        ? new FetchSubPhases(targets, searchers, queries, request)
        : null;
  }

  /**
   * Whether hits carry {@code _id} and {@code _source} ({@code stored_fields: _none_} drops both).
   */
  public boolean idAndSource() {
    return !request.fetch().storedFieldsNone();
  }

  /** The hit's details; {@code id} is the hit's {@code _id}, for its inner hits. */
  public HitDetails details(int shard, int doc, String id, BytesRef source) throws IOException {
    FetchOptions fetch = request.fetch();
    SourceValues values = null;
    Map<String, List<Object>> fieldValues = Map.of();
    if (!fetch.docvalueFields().isEmpty()
        || fetch.storedFields() != null
        || !fetch.fields().isEmpty()) {
      if (fields[shard] == null) {
        fields[shard] = new HitFields(targets.get(shard), fetch);
      }
      values = SourceValues.of(bytes(source));
      fieldValues = fields[shard].values(searchers[shard], doc, values);
    }
    Map<String, List<String>> highlight = Map.of();
    if (fetch.highlight() != null) {
      // The highlighter's buffers: the analyzed source, about its size again.
      RequestMemory.reserve(source == null ? 0 : source.length, "<highlight>");
      if (highlighters[shard] == null) {
        LuceneIndex target = targets.get(shard);
        QueryTranslator translator = new QueryTranslator(target);
        highlighters[shard] =
            new HitHighlighter(
                target, fetch.highlight(), translator.translate(request.query()), translator);
      }
      if (values == null) {
        values = SourceValues.of(bytes(source));
      }
      highlight = highlighters[shard].highlight(values, searchers[shard].getIndexReader(), doc, id);
    }
    Explanation explanation = null;
    if (fetch.explain()) {
      explanation = HitExplainer.explain(searchers[shard].explain(queries[shard], doc));
    }
    HitVersions versions =
        fetch.version() || fetch.seqNoPrimaryTerm()
            ? DocLookup.versions(searchers[shard], doc, fetch.version(), fetch.seqNoPrimaryTerm())
            : null;
    return new HitDetails(
        fieldValues,
        highlight,
        explanation,
        null,
        versions,
        innerHits(shard, doc, id, source),
        null,
        matchedQueries(shard, doc));
  }

  private Map<String, Float> matchedQueries(int shard, int doc) throws IOException {
    if (matchedQueries == null) {
      return Map.of();
    }
    if (matchedQueries[shard] == null) {
      QueryTranslator translator = new QueryTranslator(targets.get(shard));
      translator.translateRequest(request.query());
      if (request.options().postFilter() != null) {
        translator.translate(request.options().postFilter());
      }
      matchedQueries[shard] =
          MatchedQueries.of(
              translator.namedQueries(),
              searchers[shard],
              request.fetch().includeNamedQueriesScore());
    }
    return matchedQueries[shard].of(searchers[shard], doc);
  }

  private Map<String, InnerHitsResult> innerHits(int shard, int doc, String id, BytesRef source)
      throws IOException {
    if (!NestedQueries.asksInnerHits(request.query())) {
      return Map.of();
    }
    if (innerHits.get(shard) == null) {
      QueryTranslator translator = new QueryTranslator(targets.get(shard));
      translator.translateRequest(request.query());
      List<NestedInnerHits> fetches = new java.util.ArrayList<>();
      for (NestedInnerHitSpec spec : translator.innerHits()) {
        fetches.add(NestedInnerHits.of(spec, targets.get(shard), translator));
      }
      innerHits.set(shard, fetches);
    }
    Map<String, InnerHitsResult> out = new java.util.LinkedHashMap<>();
    for (NestedInnerHits hits : innerHits.get(shard)) {
      out.put(
          hits.name(),
          hits.hits(searchers[shard], doc, targets.get(shard).name(), id, bytes(source)));
    }
    return out;
  }

  private static byte[] bytes(BytesRef ref) {
    if (ref == null) {
      return null;
    }
    return ref.offset == 0 && ref.length == ref.bytes.length
        ? ref.bytes
        : BytesRef.deepCopyOf(ref).bytes;
  }
}
