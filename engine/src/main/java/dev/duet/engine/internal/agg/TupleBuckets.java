package dev.duet.engine.internal.agg;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Buckets keyed by a tuple of values (composite, multi_terms): every combination of the fields'
 * values in a document gets an ordinal. Allocates a key per document, which these aggregations
 * accept in exchange for any number of sources.
 */
final class TupleBuckets {
  private final Map<Long, Map<List<Object>, Integer>> ords = new HashMap<>();
  private int next;

  /** Calls {@code sink} with the ordinal of each combination of {@code parts}' values. */
  void collect(long owning, List<List<Object>> parts, OrdSink sink) throws IOException {
    for (List<Object> p : parts) {
      if (p.isEmpty()) {
        return;
      }
    }
    Map<List<Object>, Integer> map = ords.computeIfAbsent(owning, o -> new HashMap<>());
    combine(parts, 0, new Object[parts.size()], map, sink);
  }

  private void combine(
      List<List<Object>> parts, int i, Object[] key, Map<List<Object>, Integer> map, OrdSink sink)
      throws IOException {
    if (i == parts.size()) {
      List<Object> k = List.of(key.clone());
      Integer ord = map.get(k);
      if (ord == null) {
        ord = next++;
        map.put(k, ord);
      }
      sink.accept(ord);
      return;
    }
    for (Object v : parts.get(i)) {
      key[i] = v;
      combine(parts, i + 1, key, map, sink);
    }
  }

  Map<List<Object>, Integer> of(long owning) {
    return owning < 0 ? Collections.emptyMap() : ords.getOrDefault(owning, Collections.emptyMap());
  }

  interface OrdSink {
    void accept(int ord) throws IOException;
  }

  static List<List<Object>> newParts(int n) {
    List<List<Object>> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(List.of());
    }
    return out;
  }
}
