package dev.duet.engine.search;

/**
 * {@code track_total_hits}: count exactly up to {@code upTo} hits ({@link Integer#MAX_VALUE} for
 * {@code true}), or not at all ({@code enabled = false}: no {@code total} in the response).
 */
public record TrackTotalHits(boolean enabled, int upTo) {
  public static final int DEFAULT_UP_TO = 10_000;
  public static final TrackTotalHits DEFAULT = new TrackTotalHits(true, DEFAULT_UP_TO);
  public static final TrackTotalHits EXACT = new TrackTotalHits(true, Integer.MAX_VALUE);
  public static final TrackTotalHits DISABLED = new TrackTotalHits(false, 0);
}
