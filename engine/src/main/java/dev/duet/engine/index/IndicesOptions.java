package dev.duet.engine.index;

import dev.duet.engine.error.DuetException;
import java.util.Locale;

/**
 * How an index expression resolves, as OpenSearch's {@code ignore_unavailable}, {@code
 * allow_no_indices} and {@code expand_wildcards} parameters say: which of the open, closed and
 * hidden indices a wildcard reaches. An index named exactly is reached whatever its state.
 */
public record IndicesOptions(
    boolean ignoreUnavailable,
    boolean allowNoIndices,
    boolean expandOpen,
    boolean expandClosed,
    boolean expandHidden) {

  /** The defaults of search, count, refresh, flush, get index, mappings, settings and delete. */
  public static final IndicesOptions DEFAULTS = new IndicesOptions(false, true, true);

  /** The defaults of mapping and settings updates: a wildcard must match some index. */
  public static final IndicesOptions STRICT = new IndicesOptions(false, false, true);

  /** The defaults of {@code _open}: wildcards reach closed indices. */
  public static final IndicesOptions OPEN_CLOSED =
      new IndicesOptions(false, true, false, true, false);

  /** The defaults of {@code _cat/indices} and cluster health: open and closed, not hidden. */
  public static final IndicesOptions OPEN_AND_CLOSED =
      new IndicesOptions(false, true, true, true, false);

  /** Every index, whatever its state: what node-wide views (health, {@code _cat/aliases}) cover. */
  public static final IndicesOptions ALL = new IndicesOptions(false, true, true, true, true);

  /** Options whose wildcards reach open, visible indices only. */
  public IndicesOptions(boolean ignoreUnavailable, boolean allowNoIndices, boolean expandOpen) {
    this(ignoreUnavailable, allowNoIndices, expandOpen, false, false);
  }

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
    boolean expandClosed = defaults.expandClosed;
    boolean expandHidden = defaults.expandHidden;
    if (expandWildcards != null) {
      expandOpen = false;
      expandClosed = false;
      expandHidden = false;
      for (String raw : expandWildcards.split(",")) {
        String value = raw.trim().toLowerCase(Locale.ROOT);
        switch (value) {
          case "open" -> expandOpen = true;
          case "closed" -> expandClosed = true;
          case "hidden" -> expandHidden = true;
          case "all" -> {
            expandOpen = true;
            expandClosed = true;
            expandHidden = true;
          }
          case "none" -> {}
          default ->
              throw DuetException.illegalArgument(
                  "No valid expand wildcard value [" + raw.trim() + "]");
        }
      }
    }
    return new IndicesOptions(
        ignoreUnavailable == null ? defaults.ignoreUnavailable : ignoreUnavailable,
        allowNoIndices == null ? defaults.allowNoIndices : allowNoIndices,
        expandOpen,
        expandClosed,
        expandHidden);
  }
}
