package dev.duet.engine.search;

import java.util.List;

/**
 * Why a hit scored what it did: Lucene's explanation tree, as {@code _explanation} shows it; {@code
 * value} is a {@link Float} for scores, a {@link Long} or {@link Integer} for counts.
 */
public record Explanation(
    boolean match, Number value, String description, List<Explanation> details) {
  public Explanation {
    details = List.copyOf(details);
  }
}
