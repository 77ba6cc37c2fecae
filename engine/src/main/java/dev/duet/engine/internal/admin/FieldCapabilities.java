package dev.duet.engine.internal.admin;

import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.source.Wildcards;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.FieldCapsRequest;
import dev.duet.engine.search.FieldCapsResponse;
import dev.duet.engine.search.FieldCapsResponse.Capability;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code _field_caps} as OpenSearch answers it: per index, each mapped field (leaves, multi-fields
 * and metadata fields) whose name a requested pattern matches, with the objects above it; then
 * merged across indices by field and type, with the indices listed where they differ.
 */
public final class FieldCapabilities {
  /**
   * The metadata fields every index has, as OpenSearch 3.8 reports them: searchable, aggregatable.
   */
  private static final Map<String, boolean[]> METADATA = new LinkedHashMap<>();

  static {
    METADATA.put("_id", new boolean[] {true, true});
    METADATA.put("_index", new boolean[] {true, true});
    METADATA.put("_seq_no", new boolean[] {true, true});
    METADATA.put("_routing", new boolean[] {true, false});
    METADATA.put("_ignored", new boolean[] {true, false});
    METADATA.put("_nested_path", new boolean[] {true, false});
    METADATA.put("_field_names", new boolean[] {true, false});
    METADATA.put("_source", new boolean[] {false, false});
    METADATA.put("_version", new boolean[] {false, false});
    METADATA.put("_feature", new boolean[] {false, false});
    METADATA.put("_data_stream_timestamp", new boolean[] {false, false});
  }

  private FieldCapabilities() {}

  /** Field capabilities of {@code indices} (already resolved and filtered), sorted by name. */
  public static FieldCapsResponse of(FieldCapsRequest request, List<IndexInfo> indices) {
    List<IndexInfo> sorted = new ArrayList<>(indices);
    sorted.sort(java.util.Comparator.comparing(IndexInfo::name));
    List<String> names = new ArrayList<>();
    // field -> type -> per-index entries, in index order
    Map<String, Map<String, List<Entry>>> merged = new TreeMap<>();
    for (IndexInfo index : sorted) {
      names.add(index.name());
      Map<String, Entry> fields = new LinkedHashMap<>();
      // An alias reports its target's capabilities, as OpenSearch's does.
      var lookup = dev.duet.engine.internal.document.MappingLookup.of(index.mapping());
      collect("", index.mapping().properties(), request.fields(), fields, lookup);
      addParents(index.mapping().properties(), fields);
      for (Map.Entry<String, boolean[]> m : METADATA.entrySet()) {
        if (matches(request.fields(), m.getKey())) {
          fields.put(m.getKey(), new Entry(m.getKey(), m.getValue()[0], m.getValue()[1], Map.of()));
        }
      }
      // _doc_count is a long to field caps.
      if (matches(request.fields(), "_doc_count")) {
        fields.put("_doc_count", new Entry("long", false, false, Map.of()));
      }
      for (Map.Entry<String, Entry> f : fields.entrySet()) {
        Entry e = f.getValue().in(index.name());
        merged
            .computeIfAbsent(f.getKey(), k -> new TreeMap<>())
            .computeIfAbsent(e.type, k -> new ArrayList<>())
            .add(e);
      }
    }
    if (request.includeUnmapped()) {
      for (Map.Entry<String, Map<String, List<Entry>>> f : merged.entrySet()) {
        Set<String> having = new TreeSet<>();
        f.getValue().values().forEach(list -> list.forEach(e -> having.add(e.index)));
        List<Entry> unmapped = new ArrayList<>();
        for (String name : names) {
          if (!having.contains(name)) {
            unmapped.add(new Entry("unmapped", false, false, Map.of()).in(name));
          }
        }
        if (!unmapped.isEmpty()) {
          f.getValue().put("unmapped", unmapped);
        }
      }
    }
    Map<String, Map<String, Capability>> out = new TreeMap<>();
    for (Map.Entry<String, Map<String, List<Entry>>> f : merged.entrySet()) {
      boolean severalTypes = f.getValue().size() > 1;
      Map<String, Capability> byType = new TreeMap<>();
      for (Map.Entry<String, List<Entry>> t : f.getValue().entrySet()) {
        byType.put(t.getKey(), capability(t.getKey(), t.getValue(), severalTypes));
      }
      out.put(f.getKey(), byType);
    }
    return new FieldCapsResponse(names, out);
  }

  private static Capability capability(String type, List<Entry> entries, boolean withIndices) {
    boolean searchable = entries.stream().allMatch(e -> e.searchable);
    boolean aggregatable = entries.stream().allMatch(e -> e.aggregatable);
    List<String> indices = withIndices ? entries.stream().map(e -> e.index).toList() : null;
    List<String> nonSearchable =
        !searchable && entries.stream().anyMatch(e -> e.searchable)
            ? entries.stream().filter(e -> !e.searchable).map(e -> e.index).toList()
            : null;
    List<String> nonAggregatable =
        !aggregatable && entries.stream().anyMatch(e -> e.aggregatable)
            ? entries.stream().filter(e -> !e.aggregatable).map(e -> e.index).toList()
            : null;
    Map<String, Set<String>> meta = new TreeMap<>();
    for (Entry e : entries) {
      e.meta.forEach((k, v) -> meta.computeIfAbsent(k, x -> new TreeSet<>()).add(v));
    }
    return new Capability(
        type, searchable, aggregatable, indices, nonSearchable, nonAggregatable, meta);
  }

  private static void collect(
      String prefix,
      Map<String, FieldMapping> properties,
      List<String> patterns,
      Map<String, Entry> out,
      dev.duet.engine.internal.document.MappingLookup lookup) {
    for (Map.Entry<String, FieldMapping> p : properties.entrySet()) {
      String path = prefix + p.getKey();
      FieldMapping field = p.getValue();
      if (field.isObject()) {
        collect(path + ".", field.properties(), patterns, out, lookup);
        continue;
      }
      if (lookup.isAlias(path)) {
        if (lookup.leaf(path) != null) {
          leaf(path, lookup.leaf(path), patterns, out);
        }
        continue;
      }
      leaf(path, field, patterns, out);
      for (Map.Entry<String, FieldMapping> sub : field.fields().entrySet()) {
        leaf(path + "." + sub.getKey(), sub.getValue(), patterns, out);
      }
    }
  }

  private static void leaf(
      String path, FieldMapping field, List<String> patterns, Map<String, Entry> out) {
    FieldType type = FieldTypes.of(field.type()) == null ? null : FieldTypes.of(field);
    if (type == null || !matches(patterns, path)) {
      return;
    }
    out.put(
        path,
        new Entry(
            type.capabilityType(), type.searchable(field), type.aggregatable(field), meta(field)));
  }

  // The objects above each field found, as OpenSearch adds them, whatever the patterns.
  private static void addParents(Map<String, FieldMapping> properties, Map<String, Entry> fields) {
    for (String path : List.copyOf(fields.keySet())) {
      int dot = path.lastIndexOf('.');
      while (dot > 0) {
        String parent = path.substring(0, dot);
        FieldMapping object = object(properties, parent);
        if (object != null && !fields.containsKey(parent)) {
          fields.put(parent, new Entry(object.type(), false, false, Map.of()));
        }
        dot = parent.lastIndexOf('.');
      }
    }
  }

  private static FieldMapping object(Map<String, FieldMapping> properties, String path) {
    FieldMapping current = null;
    Map<String, FieldMapping> level = properties;
    for (String part : path.split("\\.")) {
      current = level.get(part);
      if (current == null || !current.isObject()) {
        return null;
      }
      level = current.properties();
    }
    return current;
  }

  private static Map<String, String> meta(FieldMapping field) {
    Map<String, String> out = new TreeMap<>();
    if (field.params().get("meta") instanceof Map<?, ?> m) {
      m.forEach((k, v) -> out.put(String.valueOf(k), String.valueOf(v)));
    }
    return out;
  }

  private static boolean matches(List<String> patterns, String field) {
    for (String pattern : patterns) {
      if (Wildcards.matches(pattern, field)) {
        return true;
      }
    }
    return false;
  }

  /** One field of one index. */
  private static final class Entry {
    final String type;
    final boolean searchable;
    final boolean aggregatable;
    final Map<String, String> meta;
    String index;

    Entry(String type, boolean searchable, boolean aggregatable, Map<String, String> meta) {
      this.type = type;
      this.searchable = searchable;
      this.aggregatable = aggregatable;
      this.meta = meta;
    }

    Entry in(String index) {
      Entry e = new Entry(type, searchable, aggregatable, meta);
      e.index = index;
      return e;
    }
  }
}
