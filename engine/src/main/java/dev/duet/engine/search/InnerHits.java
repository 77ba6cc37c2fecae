package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;
import java.util.List;

/**
 * {@code inner_hits}: which of the objects (or documents) that made a hit match to return with it:
 * under {@code name} (null: the query's own name, such as the nested path), the page {@code from}
 * and {@code size}, in {@code sort} order (empty: by score), with {@code source} filtering; {@code
 * collapse} (null: none; only for a collapse's inner hits) collapses them again by another field;
 * {@code fetch} is what each inner hit carries beyond its source ({@code highlight}, {@code
 * docvalue_fields}, {@code version}, {@code seq_no_primary_term}; {@link FetchOptions#NONE}: none).
 */
public record InnerHits(
    String name,
    int from,
    int size,
    List<SortSpec> sort,
    SourceFilter source,
    Collapse collapse,
    FetchOptions fetch) {
  /** OpenSearch's defaults: the first three by score, whole source. */
  public static final InnerHits DEFAULT = new InnerHits(null, 0, 3, List.of(), SourceFilter.ALL);

  public InnerHits {
    checkWindow("from", from);
    checkWindow("size", size);
    if (collapse != null && !collapse.innerHits().isEmpty()) {
      throw innerCollapseWithInnerHits();
    }
    sort = sort == null ? List.of() : List.copyOf(sort);
    source = source == null ? SourceFilter.ALL : source;
    fetch = fetch == null ? FetchOptions.NONE : fetch;
  }

  /** Inner hits that carry nothing beyond their source. */
  public InnerHits(
      String name,
      int from,
      int size,
      List<SortSpec> sort,
      SourceFilter source,
      Collapse collapse) {
    this(name, from, size, sort, source, collapse, FetchOptions.NONE);
  }

  /** Inner hits that are not collapsed again. */
  public InnerHits(String name, int from, int size, List<SortSpec> sort, SourceFilter source) {
    this(name, from, size, sort, source, null, FetchOptions.NONE);
  }

  /** {@code from} or {@code size} ({@code field}), which OpenSearch refuses below zero. */
  public static int checkWindow(String field, int value) {
    if (value < 0) {
      throw DuetException.illegalArgument("illegal " + field + " value, at least 0 or higher");
    }
    return value;
  }

  /** An inner hits option OpenSearch has and Duet does not honour yet: refused, not dropped. */
  public static DuetException unsupported(String option) {
    return DuetException.illegalArgument(
        "[inner_hits] option [" + option + "] is not supported by Duet yet");
  }

  /** The collapse of a collapse's inner hits has inner hits of its own. */
  public static DuetException innerCollapseWithInnerHits() {
    return DuetException.parsing("Invalid token in the inner collapse");
  }

  /** The name the hits are returned under when the request gave none. */
  public String nameOr(String defaultName) {
    return name == null ? defaultName : name;
  }
}
