package dev.duet.engine.internal.source;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A hit's {@code _source} parsed once and read by field path, for the fetch phase's highlight and
 * {@code fields}: dotted paths cross objects, arrays and dotted keys alike, and arrays flatten.
 */
public final class SourceValues {
  private final Object root;

  private SourceValues(Object root) {
    this.root = root;
  }

  public static SourceValues of(byte[] source) {
    try {
      return new SourceValues(source == null ? null : JsonMaps.read(source));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The values at {@code path}, in source order; nulls left out. */
  public List<Object> at(String path) {
    List<Object> out = new ArrayList<>();
    collect(root, path, out);
    return out;
  }

  /**
   * The values at a dotted path for a type whose one value may be an object or an array of numbers
   * ({@code geo_point}, the range types): those are kept whole, not flattened.
   */
  public List<Object> structuredAt(String path) {
    List<Object> out = new ArrayList<>();
    collect(root, path, out, true);
    return out;
  }

  private static void collect(Object node, String path, List<Object> out) {
    collect(node, path, out, false);
  }

  private static void collect(Object node, String path, List<Object> out, boolean whole) {
    if (node instanceof List<?> list) {
      for (Object item : list) {
        collect(item, path, out, whole);
      }
      return;
    }
    if (!(node instanceof Map<?, ?> map)) {
      return;
    }
    for (Map.Entry<?, ?> e : map.entrySet()) {
      String key = (String) e.getKey();
      if (key.equals(path)) {
        if (whole) {
          flattenWhole(e.getValue(), out);
        } else {
          flatten(e.getValue(), out);
        }
      } else if (path.startsWith(key)
          && path.length() > key.length()
          && path.charAt(key.length()) == '.') {
        collect(e.getValue(), path.substring(key.length() + 1), out, whole);
      }
    }
  }

  private static void flattenWhole(Object value, List<Object> out) {
    if (value instanceof List<?> list
        && !(!list.isEmpty() && list.stream().allMatch(v -> v instanceof Number))) {
      for (Object item : list) {
        flattenWhole(item, out);
      }
    } else if (value != null) {
      out.add(value);
    }
  }

  private static void flatten(Object value, List<Object> out) {
    if (value instanceof List<?> list) {
      for (Object item : list) {
        flatten(item, out);
      }
    } else if (value != null && !(value instanceof Map<?, ?>)) {
      out.add(value);
    }
  }
}
