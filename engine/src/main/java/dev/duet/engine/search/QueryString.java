package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * {@code query_string} ({@code simple} false: Lucene's classic syntax) and {@code
 * simple_query_string} ({@code simple} true: the forgiving syntax). {@code fields} carry optional
 * {@code ^boost} suffixes; empty means {@code default_field} or, without one, every field.
 */
public record QueryString(
    boolean simple,
    String query,
    List<String> fields,
    String defaultField,
    Query.Operator defaultOperator,
    String analyzer,
    String minimumShouldMatch,
    boolean lenient,
    float boost)
    implements Query.FullText {
  public QueryString {
    requireNonNull(query, "query");
    fields = List.copyOf(fields);
    requireNonNull(defaultOperator, "defaultOperator");
  }
}
