package dev.duet.server.rest.codec;

import dev.duet.engine.search.Query;
import dev.duet.engine.search.QueryString;
import java.util.function.Function;

/**
 * The {@code q} URL parameter (Lucene's query-string syntax) and its companions {@code df}, {@code
 * analyzer}, {@code default_operator}, {@code lenient}, read off a request's parameters; the query
 * is the model's {@link QueryString#urlParameter}.
 */
public final class QueryStringParam {
  private QueryStringParam() {}

  /**
   * The query {@code ?q=} asks for, or null without one. {@code param} reads a URL parameter (null
   * when absent); {@code lenient} is the {@code lenient} parameter, read as the caller reads
   * booleans (null when absent: the index's {@code index.query_string.lenient}).
   */
  public static Query of(Function<String, String> param, Boolean lenient) {
    String q = param.apply("q");
    if (q == null) {
      return null;
    }
    return QueryString.urlParameter(
        q, param.apply("df"), param.apply("analyzer"), param.apply("default_operator"), lenient);
  }
}
