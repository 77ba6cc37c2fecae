package dev.duet.engine.mapping;

import dev.duet.engine.error.DuetException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The root {@code _source} of a mapping: whether the source is kept at all ({@code enabled}) and
 * which of its fields ({@code includes}, {@code excludes}, with wildcards as source filtering has
 * them). None of it may change once the index exists, as in OpenSearch.
 */
public record SourceMapping(boolean enabled, List<String> includes, List<String> excludes) {
  /** The whole source, kept. */
  public static final SourceMapping DEFAULT = new SourceMapping(true, List.of(), List.of());

  public SourceMapping {
    includes = List.copyOf(includes);
    excludes = List.copyOf(excludes);
  }

  /** Whether the stored source is the document's own, untouched. */
  public boolean keepsAll() {
    return enabled && includes.isEmpty() && excludes.isEmpty();
  }

  static SourceMapping parse(Object node) {
    if (!(node instanceof Map<?, ?> map)) {
      throw MappingParser.failure(
          "Expected map for property [_source] on field [_source] but got a " + node);
    }
    boolean enabled = true;
    List<String> includes = List.of();
    List<String> excludes = List.of();
    for (Map.Entry<?, ?> e : map.entrySet()) {
      String key = String.valueOf(e.getKey());
      switch (key) {
        case "enabled" -> enabled = parseBoolean(e.getValue());
        case "includes" -> includes = strings(e.getValue());
        case "excludes" -> excludes = strings(e.getValue());
        default ->
            throw MappingParser.failure(
                "unknown parameter [" + key + "] on mapper [_source] of type [null]");
      }
    }
    return new SourceMapping(enabled, includes, excludes);
  }

  /** {@code update} where it may apply to this one: nothing of {@code _source} may change. */
  SourceMapping merge(SourceMapping update) {
    List<String> conflicts = new ArrayList<>();
    if (enabled != update.enabled) {
      conflicts.add(conflict("enabled", enabled, update.enabled));
    }
    if (!includes.equals(update.includes)) {
      conflicts.add(conflict("includes", includes, update.includes));
    }
    if (!excludes.equals(update.excludes)) {
      conflicts.add(conflict("excludes", excludes, update.excludes));
    }
    if (!conflicts.isEmpty()) {
      throw DuetException.illegalArgument(
          "Mapper for [_source] conflicts with existing mapper:\n\t"
              + String.join("\n\t", conflicts));
    }
    return this;
  }

  /** As {@code GET _mapping} shows it: only what differs from the default. */
  Map<String, Object> toMap() {
    Map<String, Object> out = new LinkedHashMap<>();
    if (!enabled) {
      out.put("enabled", false);
    }
    if (!includes.isEmpty()) {
      out.put("includes", includes);
    }
    if (!excludes.isEmpty()) {
      out.put("excludes", excludes);
    }
    return out;
  }

  private static String conflict(String key, Object from, Object to) {
    return "Cannot update parameter [" + key + "] from [" + from + "] to [" + to + "]";
  }

  private static boolean parseBoolean(Object value) {
    String v = String.valueOf(value);
    if (v.equals("true") || v.equals("false")) {
      return Boolean.parseBoolean(v);
    }
    throw MappingParser.failure(
        "Failed to parse value [" + v + "] as only [true] or [false] are allowed.");
  }

  private static List<String> strings(Object value) {
    if (value instanceof List<?> list) {
      return list.stream().map(String::valueOf).toList();
    }
    return List.of(String.valueOf(value));
  }
}
