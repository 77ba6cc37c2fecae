package dev.duet.engine.search;

import java.util.List;
import java.util.Map;

/**
 * A hit's answers to {@link FetchOptions}: {@code fields} (stored_fields, docvalue_fields and the
 * fields option, by field name), {@code highlight} (fragments by field name) and {@code
 * explanation} with the {@code node} that explained it (null until the node sets it), and the
 * document's {@code versions} ({@code version}, {@code seq_no_primary_term}); empty maps and null
 * when not asked or nothing was found.
 */
public record HitDetails(
    Map<String, List<Object>> fields,
    Map<String, List<String>> highlight,
    Explanation explanation,
    String node,
    HitVersions versions) {
  public static final HitDetails NONE = new HitDetails(Map.of(), Map.of(), null, null);

  /** Details without versions. */
  public HitDetails(
      Map<String, List<Object>> fields,
      Map<String, List<String>> highlight,
      Explanation explanation,
      String node) {
    this(fields, highlight, explanation, node, null);
  }

  /** These details as explained on {@code node}. */
  public HitDetails onNode(String node) {
    return new HitDetails(fields, highlight, explanation, node, versions);
  }
}
