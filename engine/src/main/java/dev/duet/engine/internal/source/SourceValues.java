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

  private static void collect(Object node, String path, List<Object> out) {
    if (node instanceof List<?> list) {
      for (Object item : list) {
        collect(item, path, out);
      }
      return;
    }
    if (!(node instanceof Map<?, ?> map)) {
      return;
    }
    for (Map.Entry<?, ?> e : map.entrySet()) {
      String key = (String) e.getKey();
      if (key.equals(path)) {
        flatten(e.getValue(), out);
      } else if (path.startsWith(key)
          && path.length() > key.length()
          && path.charAt(key.length()) == '.') {
        collect(e.getValue(), path.substring(key.length() + 1), out);
      }
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
