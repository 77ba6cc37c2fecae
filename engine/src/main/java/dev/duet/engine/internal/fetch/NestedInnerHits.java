package dev.duet.engine.internal.fetch;

import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.document.NestedDocuments;
import dev.duet.engine.internal.query.NestedInnerHitSpec;
import dev.duet.engine.internal.query.QueryTranslator;
import dev.duet.engine.internal.shard.DocLookup;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.internal.sort.SortValues;
import dev.duet.engine.internal.source.JsonMaps;
import dev.duet.engine.internal.source.SourceValues;
import dev.duet.engine.search.Explanation;
import dev.duet.engine.search.FetchOptions;
import dev.duet.engine.search.HitDetails;
import dev.duet.engine.search.HitVersions;
import dev.duet.engine.search.InnerHits;
import dev.duet.engine.search.InnerHitsResult;
import dev.duet.engine.search.NestedIdentity;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.FieldComparator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LeafFieldComparator;
import org.apache.lucene.search.Pruning;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Scorable;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.Weight;
import org.apache.lucene.search.join.BitSetProducer;
import org.apache.lucene.search.join.QueryBitSetProducer;
import org.apache.lucene.util.BitSet;

/**
 * The {@code inner_hits} of one top-level nested query: for a root hit, the nested documents of its
 * block that match the query's inner query, each with its {@code _nested} identity and its own
 * object of the root's {@code _source}, as OpenSearch returns them.
 */
public final class NestedInnerHits {
  private static final Comparator<Match> BY_SCORE =
      Comparator.comparingDouble((Match m) -> -m.score).thenComparingInt(m -> m.doc);

  private final String path;
  private final Query children;
  private final InnerHits spec;
  // Null: by score.
  private final Sort sort;
  // The nested paths from the outermost down to this one, and their names relative to each other.
  private final List<String> fieldNames = new ArrayList<>();
  // The documents that end a run of candidates: roots, and the objects of the enclosing path.
  private final BitSetProducer bounds;
  // The inner hits of nested queries inside this one's, returned within each of its hits.
  private final List<NestedInnerHits> nested;
  private Weight weight;
  // What each inner hit carries beyond its source, made when the first hit needs it.
  private final LuceneIndex target;
  private final QueryTranslator translator;
  private HitHighlighter highlighter;
  private HitFields fields;

  /**
   * @param outerPath the path of the enclosing nested query whose inner hits these are part of,
   *     null for a top-level nested query
   */
  public NestedInnerHits(
      String path,
      String outerPath,
      Query children,
      InnerHits spec,
      Sort sort,
      List<NestedInnerHits> nested,
      LuceneIndex target,
      QueryTranslator translator) {
    MappingLookup lookup = target.lookup();
    this.target = target;
    this.translator = translator;
    this.path = path;
    this.children = children;
    this.spec = spec;
    this.sort = sort;
    this.nested = List.copyOf(nested);
    Query bounding =
        outerPath == null
            ? NestedDocuments.rootDocuments()
            : new BooleanQuery.Builder()
                .add(NestedDocuments.rootDocuments(), BooleanClause.Occur.SHOULD)
                .add(NestedDocuments.atPath(outerPath), BooleanClause.Occur.SHOULD)
                .build();
    this.bounds = new QueryBitSetProducer(bounding);
    String previous = null;
    for (int dot = path.indexOf('.'); ; dot = path.indexOf('.', dot + 1)) {
      String prefix = dot < 0 ? path : path.substring(0, dot);
      if (lookup.isNested(prefix)) {
        fieldNames.add(previous == null ? prefix : prefix.substring(previous.length() + 1));
        previous = prefix;
      }
      if (dot < 0) {
        break;
      }
    }
  }

  /** The fetch of the inner hits {@code spec} asks for, and of those nested within them. */
  public static NestedInnerHits of(
      NestedInnerHitSpec spec, LuceneIndex target, QueryTranslator translator) {
    List<NestedInnerHits> nested = new ArrayList<>();
    for (NestedInnerHitSpec inner : spec.nested()) {
      nested.add(of(inner, target, translator));
    }
    return new NestedInnerHits(
        spec.path(),
        spec.outerPath(),
        spec.children(),
        spec.request(),
        spec.sort(),
        nested,
        target,
        translator);
  }

  /** The name these inner hits are returned under. */
  String name() {
    return spec.nameOr(path);
  }

  /**
   * The inner hits of root document {@code doc} (searcher-wide), whose source is {@code source}.
   */
  InnerHitsResult hits(IndexSearcher searcher, int doc, String index, String id, byte[] source)
      throws IOException {
    return hits(searcher, doc, index, id, source == null ? null : JsonMaps.read(source));
  }

  /** The inner hits of {@code doc}, a root or an object of the enclosing path. */
  private InnerHitsResult hits(
      IndexSearcher searcher, int doc, String index, String id, Object root) throws IOException {
    if (weight == null) {
      weight = searcher.createWeight(searcher.rewrite(children), ScoreMode.COMPLETE, 1f);
    }
    List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
    LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
    int parent = doc - leaf.docBase;
    BitSet boundBits = bounds.getBitSet(leaf);
    int first = parent == 0 || boundBits == null ? 0 : boundBits.prevSetBit(parent - 1) + 1;
    List<Match> matches = new ArrayList<>();
    Scorer scorer = first < parent ? weight.scorer(leaf) : null;
    if (scorer != null) {
      DocIdSetIterator it = scorer.iterator();
      for (int d = it.advance(first); d < parent; d = it.nextDoc()) {
        matches.add(new Match(d, scorer.score()));
      }
    }
    float maxScore = Float.NaN;
    for (Match m : matches) {
      maxScore = Float.isNaN(maxScore) ? m.score : Math.max(maxScore, m.score);
    }
    List<Object>[] sortValues = null;
    if (sort == null) {
      matches.sort(BY_SCORE);
    } else {
      sortValues = sortByFields(leaf, matches);
      maxScore = Float.NaN; // as OpenSearch: field-sorted hits track no scores
    }
    List<SearchHit> hits = new ArrayList<>();
    for (int i = spec.from(); i < Math.min(matches.size(), spec.from() + spec.size()); i++) {
      Match m = matches.get(i);
      int[] offsets = NestedDocuments.offsets(leaf.reader(), m.doc);
      Object object = root == null ? null : objectAt(root, offsets);
      byte[] own = null;
      if (spec.source().fetch() && object != null) {
        own = filtered(object);
      }
      int hitDoc = leaf.docBase + m.doc;
      FetchOptions fetch = spec.fetch();
      Map<String, List<Object>> fieldValues = Map.of();
      Map<String, List<String>> highlight = Map.of();
      SourceValues values = null;
      if (!fetch.docvalueFields().isEmpty()
          || fetch.storedFields() != null
          || !fetch.fields().isEmpty()) {
        if (fields == null) {
          fields = new HitFields(target, fetch);
        }
        values = SourceValues.of(wrapped(object));
        fieldValues = fields.values(searcher, hitDoc, doc, path, values);
      }
      if (fetch.highlight() != null) {
        if (highlighter == null) {
          highlighter = new HitHighlighter(target, fetch.highlight(), children, translator);
        }
        values = values == null ? SourceValues.of(wrapped(object)) : values;
        highlight = highlighter.highlight(values, searcher.getIndexReader(), hitDoc, id);
      }
      Explanation explanation =
          fetch.explain() ? HitExplainer.explain(searcher.explain(children, hitDoc)) : null;
      HitVersions versions =
          fetch.version() || fetch.seqNoPrimaryTerm()
              ? DocLookup.versions(searcher, doc, fetch.version(), fetch.seqNoPrimaryTerm())
              : null;
      hits.add(
          new SearchHit(
                  index,
                  id,
                  sortValues == null ? m.score : Float.NaN,
                  own,
                  sortValues == null ? List.of() : sortValues[i])
              .withDetails(
                  new HitDetails(
                      fieldValues,
                      highlight,
                      explanation,
                      null,
                      versions,
                      nestedHits(searcher, hitDoc, index, id, root),
                      identity(offsets, 0))));
    }
    return new InnerHitsResult(
        new SearchResponse.TotalHits(matches.size(), "eq"),
        maxScore,
        hits,
        sort == null ? List.of() : spec.sort());
  }

  private Map<String, InnerHitsResult> nestedHits(
      IndexSearcher searcher, int doc, String index, String id, Object root) throws IOException {
    if (nested.isEmpty()) {
      return Map.of();
    }
    Map<String, InnerHitsResult> out = new java.util.LinkedHashMap<>();
    for (NestedInnerHits inner : nested) {
      out.put(inner.name(), inner.hits(searcher, doc, index, id, root));
    }
    return out;
  }

  /**
   * Sorts {@code matches} by the sort's fields with Lucene's own comparators (ties by doc id);
   * returns each match's sort values, in the new order.
   */
  @SuppressWarnings("unchecked")
  private List<Object>[] sortByFields(LeafReaderContext leaf, List<Match> matches)
      throws IOException {
    int n = matches.size();
    SortField[] fields = sort.getSort();
    FieldComparator<?>[] comparators = new FieldComparator<?>[fields.length];
    CurrentScore score = new CurrentScore();
    for (int k = 0; k < fields.length; k++) {
      comparators[k] = fields[k].getComparator(Math.max(n, 1), Pruning.NONE);
      LeafFieldComparator leafComparator = comparators[k].getLeafComparator(leaf);
      leafComparator.setScorer(score);
      for (int slot = 0; slot < n; slot++) {
        score.score = matches.get(slot).score;
        leafComparator.copy(slot, matches.get(slot).doc);
      }
    }
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(
        order,
        (a, b) -> {
          for (int k = 0; k < fields.length; k++) {
            int c = comparators[k].compare(a, b);
            if (c != 0) {
              return fields[k].getReverse() ? -c : c;
            }
          }
          return Integer.compare(matches.get(a).doc, matches.get(b).doc);
        });
    List<Match> sorted = new ArrayList<>(n);
    List<Object>[] values = new List[n];
    for (int i = 0; i < n; i++) {
      int slot = order[i];
      sorted.add(matches.get(slot));
      Object[] row = new Object[fields.length];
      for (int k = 0; k < fields.length; k++) {
        row[k] = SortValues.render(comparators[k].value(slot), fields[k], name -> null);
      }
      values[i] = java.util.Collections.unmodifiableList(Arrays.asList(row));
    }
    matches.clear();
    matches.addAll(sorted);
    return values;
  }

  /** The object as if it were a whole source, under its path: what its fields are read from. */
  private byte[] wrapped(Object object) throws IOException {
    if (object == null) {
      return null;
    }
    Object wrapped = object;
    String[] parts = path.split("\\.");
    for (int i = parts.length - 1; i >= 0; i--) {
      wrapped = Map.of(parts[i], wrapped);
    }
    return JsonMaps.writeCompact(wrapped);
  }

  /**
   * The object's source filtered as OpenSearch filters it: by full paths, as if the object sat at
   * its nested path ({@code comments.author}, not {@code author}).
   */
  private byte[] filtered(Object object) throws IOException {
    byte[] bytes = JsonMaps.writeCompact(object);
    if (spec.source().isIdentity()) {
      return bytes;
    }
    Object wrapped = object;
    String[] parts = path.split("\\.");
    for (int i = parts.length - 1; i >= 0; i--) {
      wrapped = Map.of(parts[i], wrapped);
    }
    Object kept = JsonMaps.read(spec.source().apply(JsonMaps.writeCompact(wrapped)));
    for (String part : parts) {
      kept = kept instanceof Map<?, ?> map ? map.get(part) : null;
    }
    return JsonMaps.writeCompact(kept == null ? Map.of() : kept);
  }

  private NestedIdentity identity(int[] offsets, int level) {
    if (level >= fieldNames.size() || level >= offsets.length) {
      return null;
    }
    return new NestedIdentity(fieldNames.get(level), offsets[level], identity(offsets, level + 1));
  }

  /** The nested object at {@code offsets} in a parsed source, or null if the source lacks it. */
  private Object objectAt(Object root, int[] offsets) {
    Object current = root;
    for (int level = 0; level < fieldNames.size() && level < offsets.length; level++) {
      for (String part : fieldNames.get(level).split("\\.")) {
        if (!(current instanceof Map<?, ?> map)) {
          return null;
        }
        current = map.get(part);
      }
      if (current instanceof List<?> list) {
        current = offsets[level] < list.size() ? list.get(offsets[level]) : null;
      } else if (offsets[level] != 0) {
        return null;
      }
    }
    return current;
  }

  private record Match(int doc, float score) {}

  /** Hands the score comparator the score of the match being copied. */
  private static final class CurrentScore extends Scorable {
    float score;

    @Override
    public float score() {
      return score;
    }
  }
}
