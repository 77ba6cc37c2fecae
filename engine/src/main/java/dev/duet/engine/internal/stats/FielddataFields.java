package dev.duet.engine.internal.stats;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.OrdinalMap;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.util.packed.PackedInts;

/**
 * An index's {@code fielddata} figures for {@code _stats} and {@code _cat/fielddata}: the fields
 * whose terms a search has read as ordinals across the index (terms-like aggregations, sorts on
 * text with {@code fielddata: true}), which OpenSearch loads onto the heap as global ordinals or
 * fielddata. Duet reads doc values instead and keeps no such structure while searching, so a
 * field's figure is what that structure measures: Lucene's {@link OrdinalMap} over the current
 * reader's segments, built once per reader when {@code _stats} first asks. Keyword fields count
 * from two segments (a single segment's ordinals are already global, so OpenSearch loads nothing);
 * fielddata text counts always. A cache clear with {@code fielddata} forgets every field.
 */
public final class FielddataFields {
  private final Set<String> keywords = ConcurrentHashMap.newKeySet();
  private final Set<String> texts = ConcurrentHashMap.newKeySet();
  // Sizes measured for one reader (its cache key): field -> bytes.
  private volatile Object measuredFor;
  private volatile Map<String, Long> measured = Map.of();

  /** Notes that a search read {@code field}'s ordinals; {@code fielddata}: a text field's. */
  public void loaded(String field, boolean fielddata) {
    if (!(fielddata ? texts : keywords).contains(field)) {
      (fielddata ? texts : keywords).add(field);
      measuredFor = null;
    }
  }

  /** Forgets every field ({@code _cache/clear} with {@code fielddata}). */
  public void clear() {
    keywords.clear();
    texts.clear();
    measuredFor = null;
  }

  /**
   * The loaded fields' sizes in bytes over {@code reader}, by field (fields measuring 0 left out).
   */
  public synchronized Map<String, Long> sizes(IndexReader reader) throws IOException {
    if (keywords.isEmpty() && texts.isEmpty()) {
      return Map.of();
    }
    Object key =
        reader.getReaderCacheHelper() == null ? reader : reader.getReaderCacheHelper().getKey();
    if (key == measuredFor) {
      return measured;
    }
    Map<String, Long> out = new TreeMap<>();
    for (String field : texts) {
      long bytes = ordinalMapBytes(reader, field);
      if (bytes > 0) {
        out.put(field, bytes);
      }
    }
    if (reader.leaves().size() > 1) {
      for (String field : keywords) {
        long bytes = ordinalMapBytes(reader, field);
        if (bytes > 0) {
          out.merge(field, bytes, Long::sum);
        }
      }
    }
    measured = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(out));
    measuredFor = key;
    return measured;
  }

  private static long ordinalMapBytes(IndexReader reader, String field) throws IOException {
    List<LeafReaderContext> leaves = reader.leaves();
    SortedSetDocValues[] values = new SortedSetDocValues[leaves.size()];
    boolean any = false;
    for (int i = 0; i < values.length; i++) {
      values[i] = DocValues.getSortedSet(leaves.get(i).reader(), field);
      any |= values[i].getValueCount() > 0;
    }
    if (!any) {
      return 0;
    }
    return OrdinalMap.build(null, values, PackedInts.DEFAULT).ramBytesUsed();
  }
}
