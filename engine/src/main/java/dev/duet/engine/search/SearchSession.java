package dev.duet.engine.search;

/**
 * What keeps a search open across requests: {@code pitId} names a point in time to search in (its
 * {@code pitKeepAlive}, null to keep the current one, extends it); {@code scroll} asks for a scroll
 * kept alive that long ({@code 1m}). OpenSearch refuses both at once; so does the engine.
 */
public record SearchSession(String pitId, String pitKeepAlive, String scroll) {

  public static SearchSession pit(String id, String keepAlive) {
    return new SearchSession(id, keepAlive, null);
  }

  public static SearchSession scroll(String keepAlive) {
    return new SearchSession(null, null, keepAlive);
  }

  /** True when the search names a point in time (even one with an empty id). */
  public boolean isPit() {
    return pitId != null;
  }

  public boolean isScroll() {
    return scroll != null;
  }

  /** Both requests combined, as a search body's {@code pit} and a {@code ?scroll} parameter. */
  public SearchSession with(SearchSession other) {
    if (other == null) {
      return this;
    }
    return new SearchSession(
        other.pitId != null ? other.pitId : pitId,
        other.pitId != null ? other.pitKeepAlive : pitKeepAlive,
        other.scroll != null ? other.scroll : scroll);
  }
}
