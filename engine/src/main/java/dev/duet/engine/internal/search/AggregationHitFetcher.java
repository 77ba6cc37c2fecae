package dev.duet.engine.internal.search;

import dev.duet.engine.breaker.RequestMemory;
import dev.duet.engine.internal.agg.AggregationTarget;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.document.NestedDocuments;
import dev.duet.engine.internal.shard.DocLookup;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.internal.sort.SortValues;
import dev.duet.engine.internal.source.JsonMaps;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.HitDetails;
import dev.duet.engine.search.HitVersions;
import dev.duet.engine.search.NestedIdentity;
import dev.duet.engine.search.SearchHit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.util.BytesRef;

/**
 * Loads a {@code top_hits} hit of one index: its {@code _id}, filtered {@code _source}, sort values
 * and versions; a nested object collected under a {@code nested} aggregation is answered as
 * OpenSearch answers it, with its root's {@code _id}, its own {@code _nested} identity and its
 * object's part of the root's source.
 */
final class AggregationHitFetcher implements AggregationTarget.Fetcher {
  private static final Set<String> FETCH_FIELDS = Set.of(MetaFields.ID, MetaFields.SOURCE);
  private static final Set<String> SOURCE_ONLY = Set.of(MetaFields.SOURCE);

  private final LuceneIndex index;
  private final IndexSearcher searcher;

  AggregationHitFetcher(LuceneIndex index, IndexSearcher searcher) {
    this.index = index;
    this.searcher = searcher;
  }

  @Override
  public SearchHit fetch(ScoreDoc sd, Sort sort, Aggregation.TopHits spec, String nestedPath)
      throws IOException {
    MappingLookup lookup = index.lookup();
    float score = sd.score;
    List<Object> sortValues = List.of();
    if (sd instanceof FieldDoc fd) {
      score = Float.NaN;
      SortField[] keys = sort.getSort();
      Object[] values = new Object[fd.fields.length];
      for (int k = 0; k < values.length; k++) {
        values[k] = SortValues.render(fd.fields[k], keys[k], lookup::leaf);
        if (keys[k].getType() == SortField.Type.SCORE && fd.fields[k] instanceof Float f) {
          score = f;
        }
      }
      sortValues = Collections.unmodifiableList(Arrays.asList(values));
    }
    if (nestedPath != null) {
      return nestedHit(sd.doc, score, sortValues, spec, nestedPath, lookup);
    }
    Document doc = searcher.storedFields().document(sd.doc, FETCH_FIELDS);
    byte[] bytes = source(doc.getBinaryValue(MetaFields.SOURCE), spec);
    SearchHit hit = new SearchHit(index.name(), doc.get(MetaFields.ID), score, bytes, sortValues);
    HitVersions versions = versions(sd.doc, spec);
    return versions == null ? hit : hit.withDetails(details(versions, null));
  }

  private SearchHit nestedHit(
      int doc,
      float score,
      List<Object> sortValues,
      Aggregation.TopHits spec,
      String nestedPath,
      MappingLookup lookup)
      throws IOException {
    List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
    LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
    int local = doc - leaf.docBase;
    // A nested object is written before its root, in one block: the root is the next document
    // with a primary term.
    NumericDocValues terms = leaf.reader().getNumericDocValues(MetaFields.PRIMARY_TERM);
    int root = terms == null ? local : terms.advance(local);
    String id = null;
    SortedDocValues ids = leaf.reader().getSortedDocValues(MetaFields.ID);
    if (ids != null && ids.advanceExact(local)) {
      id = ids.lookupOrd(ids.ordValue()).utf8ToString();
    }
    List<String> fieldNames = fieldNames(nestedPath, lookup);
    int[] offsets = NestedDocuments.offsets(leaf.reader(), local);
    byte[] bytes = null;
    if (spec.source().fetch() && root != NumericDocValues.NO_MORE_DOCS) {
      BytesRef stored =
          searcher
              .storedFields()
              .document(root + leaf.docBase, SOURCE_ONLY)
              .getBinaryValue(MetaFields.SOURCE);
      if (stored != null) {
        RequestMemory.reserve(stored.length, "<fetch>");
        Object object =
            objectAt(JsonMaps.read(BytesRef.deepCopyOf(stored).bytes), fieldNames, offsets);
        bytes = object == null ? null : spec.source().apply(JsonMaps.writeCompact(object));
      }
    }
    HitVersions versions =
        root == NumericDocValues.NO_MORE_DOCS ? null : versions(root + leaf.docBase, spec);
    SearchHit hit = new SearchHit(index.name(), id, score, bytes, sortValues);
    return hit.withDetails(details(versions, identity(fieldNames, offsets, 0)));
  }

  private byte[] source(BytesRef stored, Aggregation.TopHits spec) {
    RequestMemory.reserve(stored == null ? 0 : stored.length, "<fetch>");
    if (stored == null || !spec.source().fetch()) {
      return null;
    }
    return spec.source().apply(BytesRef.deepCopyOf(stored).bytes);
  }

  private HitVersions versions(int doc, Aggregation.TopHits spec) throws IOException {
    if (!spec.version() && !spec.seqNoPrimaryTerm()) {
      return null;
    }
    return DocLookup.versions(searcher, doc, spec.version(), spec.seqNoPrimaryTerm());
  }

  private static HitDetails details(HitVersions versions, NestedIdentity nested) {
    return new HitDetails(Map.of(), Map.of(), null, null, versions, Map.of(), nested);
  }

  /** The nested paths down to {@code path}, each named relative to the one enclosing it. */
  private static List<String> fieldNames(String path, MappingLookup lookup) {
    List<String> names = new ArrayList<>();
    String previous = null;
    for (int dot = path.indexOf('.'); ; dot = path.indexOf('.', dot + 1)) {
      String prefix = dot < 0 ? path : path.substring(0, dot);
      if (lookup.isNested(prefix)) {
        names.add(previous == null ? prefix : prefix.substring(previous.length() + 1));
        previous = prefix;
      }
      if (dot < 0) {
        return names;
      }
    }
  }

  private static NestedIdentity identity(List<String> fieldNames, int[] offsets, int level) {
    if (level >= fieldNames.size() || level >= offsets.length) {
      return null;
    }
    return new NestedIdentity(
        fieldNames.get(level), offsets[level], identity(fieldNames, offsets, level + 1));
  }

  /** The nested object at {@code offsets} in a parsed source, or null if the source lacks it. */
  private static Object objectAt(Object root, List<String> fieldNames, int[] offsets) {
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
}
