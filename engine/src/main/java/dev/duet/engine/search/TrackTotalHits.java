package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;

/**
 * {@code track_total_hits}: count exactly up to {@code upTo} hits ({@link Integer#MAX_VALUE} for
 * {@code true}), or not at all ({@code enabled = false}: no {@code total} in the response).
 */
public record TrackTotalHits(boolean enabled, int upTo) {
  public static final int DEFAULT_UP_TO = 10_000;
  public static final TrackTotalHits DEFAULT = new TrackTotalHits(true, DEFAULT_UP_TO);
  public static final TrackTotalHits EXACT = new TrackTotalHits(true, Integer.MAX_VALUE);
  public static final TrackTotalHits DISABLED = new TrackTotalHits(false, 0);

  public TrackTotalHits {
    if (upTo < 0) {
      throw DuetException.illegalArgument(
          "[track_total_hits] parameter must be positive or equals to -1, got " + upTo);
    }
  }

  /** {@code track_total_hits: N} as a client gives it: -1 disables counting. */
  public static TrackTotalHits upTo(int upTo) {
    return upTo == -1 ? DISABLED : new TrackTotalHits(true, upTo);
  }

  /**
   * What a search tracks when its total is to be rendered as a plain integer ({@code
   * rest_total_hits_as_int} on REST, {@code total_hits_as_int} on gRPC): exact unless given (null),
   * and a given limit refused, as OpenSearch refuses it; without that flag, the given value or the
   * default.
   */
  public static TrackTotalHits forTotal(TrackTotalHits given, boolean totalAsInt) {
    if (given == null) {
      return totalAsInt ? EXACT : DEFAULT;
    }
    if (totalAsInt && given.enabled() && given.upTo() != Integer.MAX_VALUE) {
      throw DuetException.illegalArgument(
          "[rest_total_hits_as_int] cannot be used if the tracking of total hits is not accurate,"
              + " got "
              + given.upTo());
    }
    return given;
  }
}
