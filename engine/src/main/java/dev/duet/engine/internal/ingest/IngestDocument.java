package dev.duet.engine.internal.ingest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A document as a pipeline sees it: its source and metadata ({@code _index}, {@code _id}, {@code
 * _routing}, ...) in one map, as OpenSearch's {@code ctx}, and the {@code _ingest} metadata beside
 * it. Paths are dotted ({@code a.b.0.c}: a number indexes a list); {@code _source.} reads the
 * source, {@code _ingest.} the ingest metadata. The errors are OpenSearch's, word for word.
 */
public final class IngestDocument {
  /** The metadata keys a write carries in {@code ctx}, taken out again after the pipeline. */
  public static final List<String> METADATA =
      List.of(
          "_index",
          "_id",
          "_routing",
          "_version",
          "_version_type",
          "_if_seq_no",
          "_if_primary_term");

  private static final String SOURCE = "_source";
  private static final String INGEST = "_ingest";

  private final Map<String, Object> sourceAndMetadata;
  private final Map<String, Object> ingestMetadata;

  /** A document of {@code source} (taken over, not copied) and its metadata. */
  public IngestDocument(
      Map<String, Object> source, Map<String, Object> metadata, Map<String, Object> ingest) {
    this.sourceAndMetadata = source;
    metadata.forEach(
        (k, v) -> {
          if (v != null) {
            sourceAndMetadata.put(k, v);
          }
        });
    this.ingestMetadata = ingest;
  }

  /** A deep copy, for {@code _simulate?verbose} (each processor's result on its own). */
  public IngestDocument copy() {
    return new IngestDocument(
        deepCopyMap(sourceAndMetadata), Map.of(), deepCopyMap(ingestMetadata));
  }

  /** The source and metadata map ({@code ctx}). */
  public Map<String, Object> sourceAndMetadata() {
    return sourceAndMetadata;
  }

  public Map<String, Object> ingestMetadata() {
    return ingestMetadata;
  }

  /** The source without the metadata keys. */
  public Map<String, Object> source() {
    Map<String, Object> out = new LinkedHashMap<>(sourceAndMetadata);
    METADATA.forEach(out::remove);
    return out;
  }

  /** A metadata value ({@code _index}, {@code _id}, ...), or null. */
  public Object metadata(String key) {
    return sourceAndMetadata.get(key);
  }

  /** The value at {@code path}; missing fields fail with OpenSearch's words. */
  public Object get(String path) {
    return get(path, false);
  }

  /** The value at {@code path}, or null when it is missing and {@code ignoreMissing}. */
  public Object get(String path, boolean ignoreMissing) {
    Path p = new Path(path, this);
    Object context = p.root;
    for (int i = 0; i < p.elements.length; i++) {
      Resolved r = resolve(p.elements[i], path, context);
      if (!r.found) {
        if (ignoreMissing) {
          return null;
        }
        throw new IllegalArgumentException(r.error);
      }
      context = r.value;
    }
    return context;
  }

  /** The value at {@code path} as {@code type}, with OpenSearch's cast error. */
  public <T> T get(String path, Class<T> type, boolean ignoreMissing) {
    Object value = get(path, ignoreMissing);
    if (value == null) {
      return null;
    }
    if (!type.isInstance(value)) {
      throw new IllegalArgumentException(
          "field ["
              + path
              + "] of type ["
              + value.getClass().getName()
              + "] cannot be cast to ["
              + type.getName()
              + "]");
    }
    return type.cast(value);
  }

  /** Whether {@code path} names a field (possibly null). */
  public boolean has(String path) {
    Path p = new Path(path, this);
    Object context = p.root;
    for (String element : p.elements) {
      Resolved r = resolve(element, path, context);
      if (!r.found) {
        return false;
      }
      context = r.value;
    }
    return true;
  }

  /** Sets {@code path} to {@code value}, creating the objects on the way. */
  public void set(String path, Object value) {
    setOrAppend(path, value, false, true);
  }

  /** Appends {@code value} (a list's elements one by one) to the field, making it a list. */
  public void append(String path, Object value, boolean allowDuplicates) {
    setOrAppend(path, value, true, allowDuplicates);
  }

  /** Removes the field at {@code path}; missing fields fail with OpenSearch's words. */
  @SuppressWarnings("unchecked")
  public void remove(String path) {
    Path p = new Path(path, this);
    Object context = p.root;
    for (int i = 0; i < p.elements.length - 1; i++) {
      Resolved r = resolve(p.elements[i], path, context);
      if (!r.found) {
        throw new IllegalArgumentException(r.error);
      }
      context = r.value;
    }
    String leaf = p.elements[p.elements.length - 1];
    if (context instanceof Map<?, ?> map) {
      if (!map.containsKey(leaf)) {
        throw new IllegalArgumentException(
            "field [" + leaf + "] not present as part of path [" + path + "]");
      }
      ((Map<String, Object>) map).remove(leaf);
    } else if (context instanceof List<?> list) {
      int index = listIndex(leaf, path, list.size());
      list.remove(index);
    } else {
      throw new IllegalArgumentException(
          "cannot remove ["
              + leaf
              + "] from object of type ["
              + typeName(context)
              + "] as part of path ["
              + path
              + "]");
    }
  }

  @SuppressWarnings("unchecked")
  private void setOrAppend(String path, Object value, boolean append, boolean allowDuplicates) {
    Path p = new Path(path, this);
    Object context = p.root;
    for (int i = 0; i < p.elements.length - 1; i++) {
      String element = p.elements[i];
      if (context instanceof Map<?, ?> map) {
        Object next = map.get(element);
        if (next == null) {
          next = new LinkedHashMap<String, Object>();
          ((Map<String, Object>) map).put(element, next);
        }
        context = next;
      } else if (context instanceof List<?> list) {
        context = list.get(listIndex(element, path, list.size()));
      } else {
        throw new IllegalArgumentException(
            "cannot resolve ["
                + element
                + "] from object of type ["
                + typeName(context)
                + "] as part of path ["
                + path
                + "]");
      }
    }
    String leaf = p.elements[p.elements.length - 1];
    if (context instanceof Map<?, ?> raw) {
      Map<String, Object> map = (Map<String, Object>) raw;
      if (append && map.containsKey(leaf)) {
        map.put(leaf, appended(map.get(leaf), value, allowDuplicates));
      } else if (append) {
        map.put(leaf, appended(new ArrayList<>(), value, allowDuplicates));
      } else {
        map.put(leaf, value);
      }
    } else if (context instanceof List<?> raw) {
      List<Object> list = (List<Object>) raw;
      int index = listIndex(leaf, path, list.size());
      list.set(index, append ? appended(list.get(index), value, allowDuplicates) : value);
    } else {
      throw new IllegalArgumentException(
          "cannot set ["
              + leaf
              + "] with parent object of type ["
              + typeName(context)
              + "] as part of path ["
              + path
              + "]");
    }
  }

  @SuppressWarnings("unchecked")
  private static Object appended(Object existing, Object value, boolean allowDuplicates) {
    List<Object> list;
    if (existing instanceof List<?> l) {
      list = (List<Object>) l;
    } else {
      list = new ArrayList<>();
      list.add(existing);
    }
    List<?> values = value instanceof List<?> l ? l : java.util.Collections.singletonList(value);
    for (Object v : values) {
      if (allowDuplicates || !list.contains(v)) {
        list.add(v);
      }
    }
    return list;
  }

  private static Resolved resolve(String element, String path, Object context) {
    if (context == null) {
      return Resolved.missing(
          "cannot resolve [" + element + "] from null as part of path [" + path + "]");
    }
    if (context instanceof Map<?, ?> map) {
      if (map.containsKey(element)) {
        return new Resolved(true, map.get(element), null);
      }
      return Resolved.missing("field [" + element + "] not present as part of path [" + path + "]");
    }
    if (context instanceof List<?> list) {
      int index;
      try {
        index = Integer.parseInt(element);
      } catch (NumberFormatException e) {
        return Resolved.missing(
            "["
                + element
                + "] is not an integer, cannot be used as an index as part of path ["
                + path
                + "]");
      }
      if (index < 0 || index >= list.size()) {
        return Resolved.missing(
            "["
                + index
                + "] is out of bounds for array with length ["
                + list.size()
                + "] as part of path ["
                + path
                + "]");
      }
      return new Resolved(true, list.get(index), null);
    }
    return Resolved.missing(
        "cannot resolve ["
            + element
            + "] from object of type ["
            + typeName(context)
            + "] as part of path ["
            + path
            + "]");
  }

  private static int listIndex(String element, String path, int size) {
    int index;
    try {
      index = Integer.parseInt(element);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "["
              + element
              + "] is not an integer, cannot be used as an index as part of path ["
              + path
              + "]");
    }
    if (index < 0 || index >= size) {
      throw new IllegalArgumentException(
          "["
              + index
              + "] is out of bounds for array with length ["
              + size
              + "] as part of path ["
              + path
              + "]");
    }
    return index;
  }

  private static String typeName(Object o) {
    return o == null ? "null" : o.getClass().getName();
  }

  /** A deep copy of a map of neutral values. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> deepCopyMap(Map<String, Object> map) {
    return (Map<String, Object>) deepCopy(map);
  }

  /** A deep copy of a neutral value. */
  public static Object deepCopy(Object value) {
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> out = new LinkedHashMap<>(map.size());
      map.forEach((k, v) -> out.put(String.valueOf(k), deepCopy(v)));
      return out;
    }
    if (value instanceof List<?> list) {
      List<Object> out = new ArrayList<>(list.size());
      list.forEach(v -> out.add(deepCopy(v)));
      return out;
    }
    if (value instanceof byte[] bytes) {
      return bytes.clone();
    }
    return value;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof IngestDocument other
        && sourceAndMetadata.equals(other.sourceAndMetadata)
        && ingestMetadata.equals(other.ingestMetadata);
  }

  @Override
  public int hashCode() {
    return Objects.hash(sourceAndMetadata, ingestMetadata);
  }

  private record Resolved(boolean found, Object value, String error) {
    static Resolved missing(String error) {
      return new Resolved(false, null, error);
    }
  }

  /** A path split into elements, with the map it starts from. */
  private static final class Path {
    final Object root;
    final String[] elements;

    Path(String path, IngestDocument doc) {
      if (path == null || path.isEmpty()) {
        throw new IllegalArgumentException("path cannot be null nor empty");
      }
      String rest;
      if (path.startsWith(INGEST + ".")) {
        root = doc.ingestMetadata;
        rest = path.substring(INGEST.length() + 1);
      } else if (path.startsWith(SOURCE + ".")) {
        root = doc.sourceAndMetadata;
        rest = path.substring(SOURCE.length() + 1);
      } else {
        root = doc.sourceAndMetadata;
        rest = path;
      }
      elements = rest.split("\\.");
      if (elements.length == 0 || rest.isEmpty()) {
        throw new IllegalArgumentException("path [" + path + "] is not valid");
      }
    }
  }

  /** Fresh ingest metadata: the time the document entered the pipeline. */
  public static Map<String, Object> ingestMetadata(String timestamp) {
    Map<String, Object> m = new HashMap<>();
    m.put("timestamp", timestamp);
    return m;
  }
}
