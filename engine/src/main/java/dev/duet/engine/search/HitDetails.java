package dev.duet.engine.search;

import java.util.List;
import java.util.Map;

/**
 * A hit's answers to {@link FetchOptions}: {@code fields} (stored_fields, docvalue_fields and the
 * fields option, by field name), {@code highlight} (fragments by field name) and {@code
 * explanation} with the {@code node} that explained it (null until the node sets it), the
 * document's {@code versions} ({@code version}, {@code seq_no_primary_term}); {@code innerHits} by
 * name (for {@code inner_hits} of any query that has them); {@code nested}, where a hit that is a
 * nested object lies in its document (null for whole documents). Empty maps and null when not asked
 * or nothing was found. {@code matchedQueries}: the named queries ({@code _name}) the hit matches,
 * in request order, each with its score (NaN unless {@code include_named_queries_score} asked).
 */
public record HitDetails(
    Map<String, List<Object>> fields,
    Map<String, List<String>> highlight,
    Explanation explanation,
    String node,
    HitVersions versions,
    Map<String, InnerHitsResult> innerHits,
    NestedIdentity nested,
    Map<String, Float> matchedQueries) {
  public static final HitDetails NONE = new HitDetails(Map.of(), Map.of(), null, null);

  public HitDetails {
    innerHits = innerHits == null ? Map.of() : innerHits;
    matchedQueries = matchedQueries == null ? Map.of() : matchedQueries;
  }

  /** Details of a hit that matched no named query. */
  public HitDetails(
      Map<String, List<Object>> fields,
      Map<String, List<String>> highlight,
      Explanation explanation,
      String node,
      HitVersions versions,
      Map<String, InnerHitsResult> innerHits,
      NestedIdentity nested) {
    this(fields, highlight, explanation, node, versions, innerHits, nested, Map.of());
  }

  /** Details without versions or inner hits, of a whole document. */
  public HitDetails(
      Map<String, List<Object>> fields,
      Map<String, List<String>> highlight,
      Explanation explanation,
      String node) {
    this(fields, highlight, explanation, node, null, Map.of(), null);
  }

  /** These details as explained on {@code node}. */
  public HitDetails onNode(String node) {
    return new HitDetails(
        fields, highlight, explanation, node, versions, innerHits, nested, matchedQueries);
  }
}
