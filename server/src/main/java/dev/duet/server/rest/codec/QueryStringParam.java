package dev.duet.server.rest.codec;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Query;
import java.util.regex.Pattern;

/**
 * The {@code q} URL parameter (Lucene query-string syntax), in the one form Duet models so far: a
 * single {@code field:value} clause (or {@code *} / {@code *:*}). Anything richer is refused with a
 * 400 rather than answered wrongly.
 */
public final class QueryStringParam {
  private static final Pattern SIMPLE = Pattern.compile("[\\w.@-]+:[\\w.@-]+");

  private QueryStringParam() {}

  public static Query parse(String q) {
    if (q.equals("*") || q.equals("*:*")) {
      return new Query.MatchAll(1f);
    }
    if (!SIMPLE.matcher(q).matches()) {
      throw DuetException.illegalArgument(
          "the [q] parameter supports only a single [field:value] clause in Duet, got [" + q + "]");
    }
    int colon = q.indexOf(':');
    return new Query.Match(
        q.substring(0, colon), q.substring(colon + 1), Query.Operator.OR, null, 1f);
  }
}
