package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.error.DuetException;
import java.util.List;
import java.util.Locale;

/**
 * {@code query_string} ({@code simple} false: Lucene's classic syntax) and {@code
 * simple_query_string} ({@code simple} true: the forgiving syntax). {@code fields} carry optional
 * {@code ^boost} suffixes; empty means {@code default_field} or, without one, every field. {@code
 * lenient} null means the index's {@code index.query_string.lenient} (false unless set). {@code
 * timeZone} ({@code query_string} only) is the zone its date ranges are read in, null for UTC.
 */
public record QueryString(
    boolean simple,
    String query,
    List<String> fields,
    String defaultField,
    Query.Operator defaultOperator,
    String analyzer,
    String minimumShouldMatch,
    Boolean lenient,
    String timeZone,
    float boost)
    implements Query.FullText {
  public QueryString {
    requireNonNull(query, "query");
    fields = List.copyOf(fields);
    requireNonNull(defaultOperator, "defaultOperator");
    TimeZones.of(timeZone);
  }

  /** A query without {@code time_zone}: dates in its ranges without an offset are UTC. */
  public QueryString(
      boolean simple,
      String query,
      List<String> fields,
      String defaultField,
      Query.Operator defaultOperator,
      String analyzer,
      String minimumShouldMatch,
      Boolean lenient,
      float boost) {
    this(
        simple,
        query,
        fields,
        defaultField,
        defaultOperator,
        analyzer,
        minimumShouldMatch,
        lenient,
        null,
        boost);
  }

  /**
   * The {@code q} URL parameter of search, count, explain and the by-query requests, with its
   * companions {@code df}, {@code analyzer}, {@code default_operator} and {@code lenient}: a {@code
   * query_string} query in Lucene's classic syntax, as OpenSearch builds it (it replaces a body
   * query). {@code defaultOperator} and {@code lenient} are the parameters as sent, null when
   * absent.
   */
  public static QueryString urlParameter(
      String q, String defaultField, String analyzer, String defaultOperator, Boolean lenient) {
    Query.Operator operator = Query.Operator.OR;
    if (defaultOperator != null) {
      String name = defaultOperator.toUpperCase(Locale.ROOT);
      try {
        operator = Query.Operator.valueOf(name);
      } catch (IllegalArgumentException e) {
        throw DuetException.illegalArgument(
            "No enum constant org.opensearch.index.query.Operator." + name);
      }
    }
    return new QueryString(
        false, q, List.of(), defaultField, operator, analyzer, null, lenient, 1f);
  }
}
