package dev.duet.engine.index;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One alias of one index: its optional {@code filter} (a query in the neutral map form of
 * OpenSearch's JSON, applied to searches through the alias), routing values (accepted and reported;
 * one shard needs no routing), {@code is_write_index} and {@code is_hidden} (each null when not
 * given; a hidden alias is reached by a wildcard only when {@code expand_wildcards} asks for
 * hidden).
 */
public record AliasMetadata(
    String name,
    Map<String, Object> filter,
    String indexRouting,
    String searchRouting,
    Boolean isWriteIndex,
    Boolean isHidden) {

  public AliasMetadata {
    requireNonNull(name, "name");
    filter = filter == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(filter));
  }

  /** An alias that does not say whether it is hidden. */
  public AliasMetadata(
      String name,
      Map<String, Object> filter,
      String indexRouting,
      String searchRouting,
      Boolean isWriteIndex) {
    this(name, filter, indexRouting, searchRouting, isWriteIndex, null);
  }

  /** Whether wildcards pass this alias by unless they ask for hidden ones. */
  public boolean hidden() {
    return Boolean.TRUE.equals(isHidden);
  }

  public static AliasMetadata of(String name) {
    return new AliasMetadata(name, null, null, null, null);
  }

  /** The neutral map form, as {@code GET /_alias} shows it under the alias name. */
  public Map<String, Object> toMap() {
    Map<String, Object> out = new LinkedHashMap<>();
    if (filter != null) {
      out.put("filter", filter);
    }
    if (indexRouting != null) {
      out.put("index_routing", indexRouting);
    }
    if (searchRouting != null) {
      out.put("search_routing", searchRouting);
    }
    if (isWriteIndex != null) {
      out.put("is_write_index", isWriteIndex);
    }
    if (isHidden != null) {
      out.put("is_hidden", isHidden);
    }
    return out;
  }

  /** Reads the form {@link #toMap} writes. */
  @SuppressWarnings("unchecked")
  public static AliasMetadata fromMap(String name, Map<String, Object> map) {
    return new AliasMetadata(
        name,
        (Map<String, Object>) map.get("filter"),
        (String) map.get("index_routing"),
        (String) map.get("search_routing"),
        (Boolean) map.get("is_write_index"),
        (Boolean) map.get("is_hidden"));
  }
}
