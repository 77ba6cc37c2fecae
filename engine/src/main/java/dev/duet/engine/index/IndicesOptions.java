package dev.duet.engine.index;

import dev.duet.engine.error.DuetException;
import java.util.Locale;

/**
 * How an index expression resolves, as OpenSearch's {@code ignore_unavailable}, {@code
 * allow_no_indices} and {@code expand_wildcards} parameters say. Duet has no closed or hidden
 * indices, so of the wildcard states only whether open indices are expanded matters.
 */
public record IndicesOptions(
    boolean ignoreUnavailable, boolean allowNoIndices, boolean expandOpen) {

  /** The defaults of search, count, refresh, flush, get index, mappings, settings and delete. */
  public static final IndicesOptions DEFAULTS = new IndicesOptions(false, true, true);

  /** The defaults of mapping and settings updates: a wildcard must match some index. */
  public static final IndicesOptions STRICT = new IndicesOptions(false, false, true);

  /**
   * Reads the three request parameters; null means the parameter was not given and the default
   * applies.
   */
  public static IndicesOptions of(
      IndicesOptions defaults,
      Boolean ignoreUnavailable,
      Boolean allowNoIndices,
      String expandWildcards) {
    boolean expandOpen = defaults.expandOpen;
    if (expandWildcards != null) {
      expandOpen = false;
      for (String raw : expandWildcards.split(",")) {
        String value = raw.trim().toLowerCase(Locale.ROOT);
        switch (value) {
          case "open", "all" -> expandOpen = true;
          case "closed", "hidden", "none" -> {}
          default ->
              throw DuetException.illegalArgument(
                  "No valid expand wildcard value [" + raw.trim() + "]");
        }
      }
    }
    return new IndicesOptions(
        ignoreUnavailable == null ? defaults.ignoreUnavailable : ignoreUnavailable,
        allowNoIndices == null ? defaults.allowNoIndices : allowNoIndices,
        expandOpen);
  }
}
