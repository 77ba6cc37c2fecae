package dev.duet.server.rest.filter;

import com.fasterxml.jackson.core.filter.TokenFilter;
import java.util.ArrayList;
import java.util.List;

/**
 * The paths still in play at one level of the document, as a Jackson token filter. Inclusive (the
 * {@code filter_path} entries): a property a path ends on is kept whole, one no path reaches is
 * dropped. Exclusive (the {@code -} entries): the reverse. Arrays are transparent: their elements
 * are matched at the array's own level, as OpenSearch does, so {@code hits.hits._id} reaches into
 * every hit.
 */
final class FilterPathFilter extends TokenFilter {
  private final List<FilterPath> paths;
  private final boolean inclusive;

  FilterPathFilter(List<FilterPath> paths, boolean inclusive) {
    this.paths = paths;
    this.inclusive = inclusive;
  }

  @Override
  public TokenFilter includeProperty(String name) {
    List<FilterPath> below = null;
    for (FilterPath path : paths) {
      FilterPath rest = path.matchProperty(name);
      if (rest == null) {
        continue;
      }
      if (rest.matches()) {
        return inclusive ? TokenFilter.INCLUDE_ALL : null;
      }
      if (below == null) {
        below = new ArrayList<>(2);
      }
      if (path.isAnyDepth()) {
        below.add(path);
      }
      below.add(rest);
    }
    if (below == null) {
      return inclusive ? null : TokenFilter.INCLUDE_ALL;
    }
    return new FilterPathFilter(below, inclusive);
  }

  /**
   * A scalar reached without its path ending (an array element, or a value where the path goes
   * deeper) is kept only by an exclusive filter: nothing excluded it.
   */
  @Override
  protected boolean _includeScalar() {
    return !inclusive;
  }

  @Override
  public String toString() {
    return (inclusive ? "include " : "exclude ") + paths.size() + " paths";
  }
}
