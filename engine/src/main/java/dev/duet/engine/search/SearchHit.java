package dev.duet.engine.search;

import java.util.List;

/**
 * One hit. {@code score} is {@link Float#NaN} when the search sorted by fields (OpenSearch renders
 * it as null); {@code source} is the filtered source JSON, or null when not fetched; {@code
 * sortValues} is empty unless the request sorted, else one {@link Long}, {@link Double}, {@link
 * String} or null per sort key; {@code ignored} names the fields whose malformed values were not
 * indexed ({@code _ignored}); {@code details} holds what {@link FetchOptions} asked for; {@code
 * routing} the value the document was written with ({@code _routing}), null when none.
 */
public record SearchHit(
    String index,
    String id,
    float score,
    byte[] source,
    List<Object> sortValues,
    List<String> ignored,
    HitDetails details,
    String routing) {

  public SearchHit {
    details = details == null ? HitDetails.NONE : details;
  }

  /** A hit of a document written without routing. */
  public SearchHit(
      String index,
      String id,
      float score,
      byte[] source,
      List<Object> sortValues,
      List<String> ignored,
      HitDetails details) {
    this(index, id, score, source, sortValues, ignored, details, null);
  }

  /** A hit with no {@link HitDetails}. */
  public SearchHit(
      String index,
      String id,
      float score,
      byte[] source,
      List<Object> sortValues,
      List<String> ignored) {
    this(index, id, score, source, sortValues, ignored, HitDetails.NONE);
  }

  /** A hit none of whose fields was ignored as malformed. */
  public SearchHit(String index, String id, float score, byte[] source, List<Object> sortValues) {
    this(index, id, score, source, sortValues, List.of());
  }

  /** This hit with other details. */
  public SearchHit withDetails(HitDetails details) {
    return new SearchHit(index, id, score, source, sortValues, ignored, details, routing);
  }

  /** This hit with its document's routing value. */
  public SearchHit withRouting(String value) {
    return new SearchHit(index, id, score, source, sortValues, ignored, details, value);
  }
}
