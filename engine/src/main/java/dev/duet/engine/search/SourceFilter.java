package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code _source} in a search or get: whether to return it and which paths to keep or drop
 * (OpenSearch wildcard patterns such as {@code user.*}).
 */
public record SourceFilter(boolean fetch, List<String> includes, List<String> excludes) {
  public static final SourceFilter ALL = new SourceFilter(true, List.of(), List.of());
  public static final SourceFilter NONE = new SourceFilter(false, List.of(), List.of());

  public SourceFilter {
    includes = List.copyOf(includes);
    excludes = List.copyOf(excludes);
    // OpenSearch's FetchSourceContext refuses a path named on both sides: it asks two answers.
    Set<String> included = new HashSet<>(includes);
    for (String exclude : excludes) {
      if (included.contains(exclude)) {
        throw DuetException.illegalArgument(
            "The same entry [" + exclude + "] cannot be both included and excluded in _source.");
      }
    }
  }

  public boolean isIdentity() {
    return fetch && includes.isEmpty() && excludes.isEmpty();
  }

  /**
   * This filter applied to a JSON source in one streaming pass: the same bytes when it keeps
   * everything, null when it fetches nothing.
   */
  public byte[] apply(byte[] source) {
    return dev.duet.engine.internal.source.SourceFiltering.filter(
        source, fetch, includes, excludes);
  }
}
